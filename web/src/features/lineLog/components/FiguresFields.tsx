/**
 * 'Volumi Prodotti [unit]', 'Scarto [unit]' and 'Ore Lavorate [h]' (line log §2.1): text fields
 * with a decimal keyboard, so '7,5' can be typed on an Italian tablet; each shows why its value
 * cannot be saved. Where the line's machine counted the shift (docs/machine-signals.md), the
 * first two suggest its good and rejected pieces: 'Usa conteggio' puts the figure in the field,
 * which the operator may still change; what is saved is the field, as always.
 */
import { useId } from 'react';
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

/** 'Conteggio macchina: 11.750 pz' and, unless the field holds it already, 'Usa conteggio'. */
function CountSuggestion({ value, current, unit, label, onUse }: { value: number; current: string; unit: string; label: string; onUse(): void }) {
  const used = current.trim() === String(value);
  return (
    <p className="figure-count" data-testid="figure-count">
      <span>
        Conteggio macchina: <strong>{formatNumber(value, { max: 0 })}</strong> {unit}
      </span>
      {used ? (
        <span className="figure-count-used">✓ usato</span>
      ) : (
        <button type="button" className="button button-secondary figure-count-use" aria-label={`Usa conteggio per ${label}`} onClick={onUse}>
          Usa conteggio
        </button>
      )}
    </p>
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
