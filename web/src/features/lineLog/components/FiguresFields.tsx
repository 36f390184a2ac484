/**
 * 'Volumi Prodotti [unit]', 'Scarto [unit]' and 'Ore Lavorate [h]' (line log §2.1): text fields
 * with a decimal keyboard, so '7,5' can be typed on an Italian tablet; each shows why its value
 * cannot be saved.
 */
import { useId } from 'react';
import { DecimalField } from '../../../components/DecimalField.js';
import type { FigureField, ReportForm } from '../model/reportForm.js';
import { figureLabels } from './texts.js';

/** Props of FiguresFields. */
export interface FiguresFieldsProps {
  form: ReportForm;
  unit: string;
  disabled: boolean;
  errors: Partial<Record<FigureField, string>>;
  onChange(field: FigureField, value: string): void;
}

const FIELDS: readonly FigureField[] = ['volume', 'waste', 'hours'];

/** The three figures side by side on a tablet, stacked on a phone. */
export function FiguresFields({ form, unit, disabled, errors, onChange }: FiguresFieldsProps) {
  const baseId = useId();
  const labels = figureLabels(unit);
  return (
    <section className="card line-log-card figures" aria-label="Dati di produzione">
      <div className="figures-grid">
        {FIELDS.map((field) => {
          return (
            <DecimalField
              key={field}
              id={`${baseId}-${field}`}
              name={field}
              label={labels[field]}
              value={form[field]}
              error={errors[field]}
              disabled={disabled}
              onChange={(v) => onChange(field, v)}
            />
          );
        })}
      </div>
    </section>
  );
}
