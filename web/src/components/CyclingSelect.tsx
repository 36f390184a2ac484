/**
 * A select with ◀ ▶ buttons that cycle through its options and wrap around, the control the spec
 * uses for Reparto/Linea/Stazione, Turno, Linea and Dispositivo on several screens. Values are
 * strings, like a native select's: pass ids as String(id).
 */
import { useId } from 'react';
import { cycleValue, type CycleStep } from './cycling.js';

/** One choice. */
export interface CyclingOption {
  value: string;
  label: string;
}

/** Props of CyclingSelect. */
export interface CyclingSelectProps {
  /** Visible label, e.g. 'Turno'. */
  label: string;
  options: readonly CyclingOption[];
  /** The selected value; one matching no option shows the placeholder. */
  value: string;
  onChange(value: string): void;
  /** Prompt shown while nothing is chosen, e.g. 'Seleziona Reparto'; not part of the cycle. */
  placeholder?: string;
  /** A real choice listed before the options and cycled with them, e.g. { value: '', label: 'Tutti' }. */
  firstOption?: CyclingOption;
  disabled?: boolean;
  /** Id of the select (the label points at it); generated when absent. */
  id?: string;
  name?: string;
  /** Keeps the label for screen readers only (dense filter bars). */
  hideLabel?: boolean;
  className?: string;
}

/** Labelled select between previous/next buttons. */
export function CyclingSelect({ label, options, value, onChange, placeholder, firstOption, disabled = false, id, name, hideLabel = false, className }: CyclingSelectProps) {
  const generatedId = useId();
  const selectId = id ?? `${generatedId}-select`;
  const labelId = `${selectId}-label`;
  const all = firstOption ? [firstOption, ...options] : options;
  const values = all.map((o) => o.value);
  const selected = values.includes(value);
  // The prompt option (value '') shows while nothing matches, and stays listed, disabled, unless
  // a real option already uses the value ''.
  const showPlaceholder = !selected || (placeholder !== undefined && !values.includes(''));
  const canCycle = !disabled && all.length > 0;

  function step(direction: CycleStep) {
    const next = cycleValue(values, value, direction);
    if (next !== undefined && next !== value) onChange(next);
  }

  return (
    <div className={className ? `field cycling-select ${className}` : 'field cycling-select'}>
      <label id={labelId} htmlFor={selectId} className={hideLabel ? 'field-label visually-hidden' : 'field-label'}>
        {label}
      </label>
      <div className="cycling-control">
        <button type="button" className="cycle-button" aria-label="Precedente" aria-controls={selectId} aria-describedby={labelId} disabled={!canCycle} onClick={() => step(-1)}>
          <span aria-hidden="true">◀</span>
        </button>
        <select id={selectId} name={name} value={selected ? value : ''} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          {showPlaceholder && (
            <option value="" disabled>
              {placeholder ?? ''}
            </option>
          )}
          {all.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <button type="button" className="cycle-button" aria-label="Successivo" aria-controls={selectId} aria-describedby={labelId} disabled={!canCycle} onClick={() => step(1)}>
          <span aria-hidden="true">▶</span>
        </button>
      </div>
    </div>
  );
}
