/**
 * 'Volumi Prodotti [unit]', 'Scarto [unit]' and 'Ore Lavorate [h]' (line log §2.1): text fields
 * with a decimal keyboard, so '7,5' can be typed on an Italian tablet; each shows why its value
 * cannot be saved. Where the line's machine counted the shift (docs/machine-signals.md), the
 * first two suggest its good and rejected pieces: 'Usa conteggio' puts the figure in the field,
 * which the operator may still change; what is saved is the field, as always. The suggestion says
 * how many of the shift's hours the machine counted, and asks before a count with silent hours is used.
 */
import { useId, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { DecimalField } from '../../../components/DecimalField.js';
import { formatNumber } from '../../../lib/numbers.js';
import type { ShiftCount } from '../api/useShiftCount.js';
import type { FigureField, ReportForm } from '../model/reportForm.js';
import { figureLabels } from './texts.js';

/** Props of FiguresFields. */
export interface FiguresFieldsProps {
  form: ReportForm;
  unit: string;
  disabled: boolean;
  errors: Partial<Record<FigureField, string>>;
  onChange(field: FigureField, value: string): void;
  /** The machine's count of the shift; null: nothing counted, nothing suggested. */
  count?: ShiftCount | null;
}

const COUNTED: Partial<Record<FigureField, keyof ShiftCount>> = { volume: 'good', waste: 'reject' };

/** 'contate 2 ore su 8': how much of the shift the count covers. */
export const countedHoursText = (count: Pick<ShiftCount, 'countedHours' | 'shiftHours'>) =>
  `contat${count.countedHours === 1 ? 'a 1 ora' : `e ${count.countedHours} ore`} su ${count.shiftHours}`;

/**
 * 'Conteggio macchina: 11.750 pz', the hours it covers and, unless the field holds it already,
 * 'Usa conteggio'. A count with silent hours (the shift still running, or the machine quiet) is
 * not the shift's volume: taking it asks first ('Conteggio parziale').
 */
function CountSuggestion({ value, count, current, unit, label, onUse }: { value: number; count: ShiftCount; current: string; unit: string; label: string; onUse(): void }) {
  const [asking, setAsking] = useState(false);
  const used = current.trim() === String(value);
  const partial = count.countedHours < count.shiftHours;
  const silent = count.shiftHours - count.countedHours;
  return (
    <div className="figure-count" data-testid="figure-count" data-partial={partial}>
      <span>
        Conteggio macchina: <strong>{formatNumber(value, { max: 0 })}</strong> {unit}
      </span>
      <span className="figure-count-hours">{countedHoursText(count)}</span>
      {used ? (
        <span className="figure-count-used">✓ usato</span>
      ) : (
        <button type="button" className="button button-secondary figure-count-use" aria-label={`Usa conteggio per ${label}`} onClick={() => (partial ? setAsking(true) : onUse())}>
          Usa conteggio
        </button>
      )}
      <ConfirmModal
        open={asking}
        title="Conteggio parziale"
        confirmLabel="Usa comunque"
        cancelLabel="Annulla"
        onConfirm={() => {
          setAsking(false);
          onUse();
        }}
        onClose={() => setAsking(false)}
      >
        <p>
          La macchina ha contato {count.countedHours === 1 ? '1 ora' : `${count.countedHours} ore`} delle {count.shiftHours} del turno:{' '}
          {silent === 1 ? "nell'altra" : `nelle altre ${silent}`} non ha inviato conteggi, quindi {formatNumber(value, { max: 0 })} {unit} possono non essere il dato del turno.
        </p>
        <p>Usare comunque il conteggio per {label}?</p>
      </ConfirmModal>
    </div>
  );
}

const FIELDS: readonly FigureField[] = ['volume', 'waste', 'hours'];

/** The three figures side by side on a tablet, stacked on a phone. */
export function FiguresFields({ form, unit, disabled, errors, onChange, count }: FiguresFieldsProps) {
  const baseId = useId();
  const labels = figureLabels(unit);
  return (
    <section className="card line-log-card figures" aria-label="Dati di produzione">
      <div className="figures-grid">
        {FIELDS.map((field) => {
          const counted = count && !disabled ? COUNTED[field] : undefined;
          return (
            <div key={field} className="figure">
              <DecimalField
                id={`${baseId}-${field}`}
                name={field}
                label={labels[field]}
                value={form[field]}
                error={errors[field]}
                disabled={disabled}
                onChange={(v) => onChange(field, v)}
              />
              {counted && (
                <CountSuggestion
                  value={count![counted]}
                  count={count!}
                  current={form[field]}
                  unit={unit}
                  label={labels[field].replace(/ \[.*\]$/, '')}
                  onUse={() => onChange(field, String(count![counted]))}
                />
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
