/**
 * The offline status of the line log and the stop chats (docs/offline.md): 'Offline · N modifiche
 * in attesa' while writes wait, then 'Sincronizzato'; the writes waiting, by what they change;
 * and every write the server refused, with its text and the server's message, until the user
 * dismisses it (the text is never dropped unseen).
 */
import { useSyncExternalStore } from 'react';
import { formatTime } from '../../../lib/dates.js';
import { dismissRefused, outboxState, subscribeOutbox, type OutboxState } from '../../../lib/outbox.js';
import { changes, syncText } from '../model/syncText.js';
import '../../../styles/offline.css';

/** The queue's state, kept current. */
export function useOutboxState(): OutboxState {
  return useSyncExternalStore(subscribeOutbox, outboxState);
}

/** Status line, waiting writes and refused writes; nothing at all while online with nothing to say. */
export function SyncStatus() {
  const { online, pending, refused, syncedAt } = useOutboxState();
  const line = syncText({ online, pending: pending.length, synced: syncedAt !== null });
  if (!line && refused.length === 0) return null;
  return (
    <section className="sync-status" aria-label="Sincronizzazione">
      {line && (
        <p className={`sync-line is-${line.tone}`} role="status">
          {line.text}
        </p>
      )}
      {pending.length > 0 && (
        <details className="sync-pending">
          <summary>Vedi {changes(pending.length)} in attesa</summary>
          <ol>
            {pending.map((w) => (
              <li key={w.id}>
                {w.label} <span className="sync-when">({formatTime(w.at)})</span>
              </li>
            ))}
          </ol>
        </details>
      )}
      {refused.length > 0 && (
        <div className="sync-refused" role="alert">
          <h2>Modifiche rifiutate dal server</h2>
          <p className="sync-refused-hint">Non sono state salvate: copia il testo che ti serve, poi rimuovile dall&apos;elenco.</p>
          <ul>
            {refused.map((r) => (
              <li key={`${r.write.id}|${r.at}`}>
                <strong>{r.write.label}</strong>
                <p className="sync-refused-message">{r.message}</p>
                {r.write.content && <pre className="sync-refused-content">{r.write.content}</pre>}
                <button type="button" className="button button-secondary" onClick={() => dismissRefused(r.at, r.write.id)}>
                  Rimuovi dall&apos;elenco
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
