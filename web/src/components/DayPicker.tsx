/**
 * The spec's date input with previous/next day arrows (line log §2.1, Daily activities, DBR
 * actions). The value is a YYYY-MM-DD day, so pages pass it straight to the calls; an optional
 * max (usually today in Rome) disables the next arrow, e.g. where future days make no sense.
 */
import { useId } from 'react';
import { isIsoDay, stepDay, todayInRome } from '../lib/dates.js';

/** Props of DayPicker. */
export interface DayPickerProps {
  /** Visible label, e.g. 'Giorno'. */
  label: string;
  /** YYYY-MM-DD, or '' while empty. */
  value: string;
  onChange(value: string): void;
  /** Latest selectable day (YYYY-MM-DD); typed later days are brought back to it. */
  max?: string;
  /** Earliest selectable day (YYYY-MM-DD); typed earlier days are brought up to it. */
  min?: string;
  disabled?: boolean;
  /** Id of the input (the label points at it); generated when absent. */
  id?: string;
  name?: string;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  className?: string;
}

function clamp(day: string, min?: string, max?: string): string {
  if (!isIsoDay(day)) return day;
  if (max && day > max) return max;
  if (min && day < min) return min;
  return day;
}

/** Labelled date input between 'Giorno precedente' and 'Giorno successivo' buttons. */
export function DayPicker({ label, value, onChange, max, min, disabled = false, id, name, hideLabel = false, className }: DayPickerProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-day`;
  const labelId = `${inputId}-label`;
  const today = todayInRome();
  const previous = stepDay(value, -1, { min, max }, today);
  const next = stepDay(value, 1, { min, max }, today);

  return (
    <div className={className ? `field day-picker ${className}` : 'field day-picker'}>
      <label id={labelId} htmlFor={inputId} className={hideLabel ? 'field-label visually-hidden' : 'field-label'}>
        {label}
      </label>
      <div className="cycling-control">
        <button
          type="button"
          className="cycle-button"
          aria-label="Giorno precedente"
          aria-controls={inputId}
          aria-describedby={labelId}
          disabled={disabled || previous === null}
          onClick={() => previous !== null && onChange(previous)}
        >
          <span aria-hidden="true">◀</span>
        </button>
        <input id={inputId} name={name} type="date" value={value} min={min} max={max} disabled={disabled} onChange={(e) => onChange(clamp(e.target.value, min, max))} />
        <button
          type="button"
          className="cycle-button"
          aria-label="Giorno successivo"
          aria-controls={inputId}
          aria-describedby={labelId}
          disabled={disabled || next === null}
          onClick={() => next !== null && onChange(next)}
        >
          <span aria-hidden="true">▶</span>
        </button>
      </div>
    </div>
  );
}
