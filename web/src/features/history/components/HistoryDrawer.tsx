/**
 * 'Storico modifiche' (docs/audit.md): a drawer from the right (full screen on a phone) with one
 * record's history as a timeline, newest first. Each step says what happened, when and who, and
 * highlights its changes: the value before struck through, the value after marked.
 */
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
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
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const history = useHistory(source);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!source) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous?.isConnected) previous.focus();
    };
  }, [source]);

  if (!source) return null;
  const entries = history.data ? newestFirst(history.data) : [];

  return createPortal(
    <div className="history-overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className="history-drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="history-header">
          <div>
            <h2 className="history-title" id={titleId}>
              Storico modifiche
            </h2>
            <p className="history-subject">{subject}</p>
          </div>
          <button type="button" className="modal-close history-close" aria-label="Chiudi" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
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
      </div>
    </div>,
    document.body,
  );
}
