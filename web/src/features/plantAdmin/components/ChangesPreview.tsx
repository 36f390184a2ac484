/** What a draft or a file would record, before 'Applica': each change in words, and what still refers to a retired item. */
import type { PresentedChange } from '../api/plantAdmin.js';
import { changeText } from '../model/draft.js';

export interface ChangesPreviewProps {
  source: 'draft' | 'file';
  changes: PresentedChange[];
  busy: boolean;
  onApply(): void;
  onBack(): void;
}

export function ChangesPreview({ source, changes, busy, onApply, onBack }: ChangesPreviewProps) {
  return (
    <section className="card plant-preview" aria-label="Anteprima delle modifiche">
      <h2 className="card-title">{source === 'file' ? 'Anteprima del file importato' : 'Anteprima delle modifiche'}</h2>
      {changes.length === 0 ? (
        <p>Nessuna modifica: l&apos;impianto è già così.</p>
      ) : (
        <ol className="plant-changes">
          {changes.map((c, i) => (
            <li key={i} className={`plant-change plant-change-${c.change}`}>
              {changeText(c)}
              {c.refs && (
                <ul className="plant-refs">
                  {c.refs.map((r) => (
                    <li key={r}>Ancora collegato: {r}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="plant-actions">
        <button type="button" className="button" disabled={busy || changes.length === 0} onClick={onApply}>
          Applica
        </button>
        <button type="button" className="button button-secondary" onClick={onBack}>
          Indietro
        </button>
      </div>
    </section>
  );
}
