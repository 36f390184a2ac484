/**
 * The repeatable machine-note rows (line log §2.1, §5): one field per report label of the
 * department, 'Aggiungi riga' up to 10 rows, and a row's removal refused with the spec's
 * 3-second error while any of its fields has text.
 */
import { useId } from 'react';
import { useFlash } from '../../../components/FlashMessage.js';
import { addRow, canAddRow, MAX_CELL_LENGTH, MAX_MACHINE_NOTE_ROWS, removeRow, setCell, type MachineNoteRow } from '../model/machineNotes.js';
import { TEXTS } from './texts.js';
import { clipChars, unitsFor } from '../../../lib/text.js';

/** Props of MachineNotesEditor. */
export interface MachineNotesEditorProps {
  labels: readonly string[];
  rows: MachineNoteRow[];
  onChange(rows: MachineNoteRow[]): void;
  disabled: boolean;
  /** The server's message about the rows, if it refused them. */
  error?: string;
}

/** The rows as a grid on a tablet, one card per row on a phone. */
export function MachineNotesEditor({ labels, rows, onChange, disabled, error }: MachineNotesEditorProps) {
  const baseId = useId();
  const [flash, showFlash] = useFlash();

  function remove(index: number) {
    const result = removeRow(rows, index);
    if (result.ok) onChange(result.rows);
    else showFlash(result.error, 'error');
  }

  return (
    <section className="card line-log-card machine-notes" aria-labelledby={`${baseId}-title`}>
      <div className="line-log-card-head">
        <h2 className="line-log-card-title" id={`${baseId}-title`}>
          {TEXTS.machineNotes}
        </h2>
        <span className="line-log-count">
          {rows.length}/{MAX_MACHINE_NOTE_ROWS}
        </span>
      </div>
      {flash}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className={disabled ? 'machine-notes-grid is-readonly' : 'machine-notes-grid'} style={{ ['--label-count' as string]: Math.max(1, labels.length) }}>
        <div className="machine-notes-head" aria-hidden="true">
          {labels.map((l) => (
            <span key={l}>{l}</span>
          ))}
          {!disabled && <span />}
        </div>
        {rows.map((row, index) => (
          <div className="machine-note-row" key={index} role="group" aria-label={`Riga ${index + 1}`}>
            {labels.map((label) => {
              const id = `${baseId}-${index}-${label}`;
              return (
                <div className="machine-note-cell" key={label}>
                  <label htmlFor={id} className="machine-note-label">
                    {label}
                    <span className="visually-hidden"> – riga {index + 1}</span>
                  </label>
                  <input
                    id={id}
                    type="text"
                    value={row[label] ?? ''}
                    maxLength={unitsFor(MAX_CELL_LENGTH)}
                    disabled={disabled}
                    autoComplete="off"
                    onChange={(e) => onChange(setCell(rows, index, label, clipChars(e.target.value, MAX_CELL_LENGTH)))}
                  />
                </div>
              );
            })}
            {!disabled && (
              <button
                type="button"
                className="button button-secondary machine-note-remove"
                aria-label={`Elimina riga ${index + 1}`}
                title="Elimina riga"
                onClick={() => remove(index)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            )}
          </div>
        ))}
      </div>
      {!disabled && (
        <button type="button" className="button button-secondary machine-notes-add" disabled={!canAddRow(rows)} onClick={() => onChange(addRow(rows, labels))}>
          + {TEXTS.addRow}
        </button>
      )}
    </section>
  );
}
