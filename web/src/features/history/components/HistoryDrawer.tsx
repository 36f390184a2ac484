/**
 * 'Storico modifiche' (docs/audit.md): a drawer from the right (full screen on a phone) with one
 * record's history as a timeline, newest first. Each step says what happened, when and who, and
 * highlights its changes: the value before struck through, the value after marked.
 */
import { SidePanel } from '../../../components/SidePanel.js';
import { useHistory, type HistorySource } from '../api/history.js';
import { formatAt, newestFirst, valueText } from '../model/timeline.js';
import '../../../styles/history.css';

export interface HistoryDrawerProps {
  /** The record; the drawer is closed while null. */
  source: HistorySource | null;
  /** What the record is, under the title ('Report Linea 1 – 10/06/2031 Turno A'). */
  subject: string;
  onClose(): void;
}

export function HistoryDrawer({ source, subject, onClose }: HistoryDrawerProps) {
  const history = useHistory(source);
  const entries = history.data ? newestFirst(history.data) : [];

  return (
    <SidePanel open={source !== null} title="Storico modifiche" subject={subject} onClose={onClose}>
      <div className="history-body">
        {history.isLoading && <p className="history-note">Caricamento dello storico…</p>}
        {history.error && <p className="history-note history-error">{history.error instanceof Error ? history.error.message : 'Caricamento dello storico non riuscito.'}</p>}
        {history.data?.length === 0 && <p className="history-note">Nessuna modifica registrata.</p>}
        <ol className="history-timeline" aria-label="Passi, dal più recente">
          {entries.map((e) => (
            <li key={`${e.revision}-${e.at}`} className="history-step" data-type={e.type}>
              <div className="history-step-head">
                <strong className="history-step-label">{e.label}</strong>
                <time className="history-step-at" dateTime={e.at}>
                  {formatAt(e.at)}
                </time>
                <span className="history-step-by">
                  {e.by.username} <span className="history-step-role">({e.by.role})</span>
                </span>
              </div>
              {e.changes.length > 0 && (
                <dl className="history-changes">
                  {e.changes.map((c) => (
                    <div key={c.field} className="history-change">
                      <dt>{c.label}</dt>
                      <dd>
                        {c.before !== null && (
                          <>
                            <del className="history-before" aria-label={`prima: ${valueText(c.before)}`}>
                              {valueText(c.before)}
                            </del>
                            <span className="history-arrow" aria-hidden="true">
                              →
                            </span>
                          </>
                        )}
                        <ins className={c.after === null ? 'history-after is-empty' : 'history-after'} aria-label={`dopo: ${valueText(c.after)}`}>
                          {valueText(c.after)}
                        </ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ol>
      </div>
    </SidePanel>
  );
}
