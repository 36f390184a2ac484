/**
 * A number typed as text with a decimal keyboard, so '7,5' can be typed on an Italian tablet:
 * its label, the input and, when its value cannot be saved, why (tied to the input for screen
 * readers).
 */
import type { ReactNode } from 'react';

export interface DecimalFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** Classes beside 'field' (a page's own layout). */
  className?: string;
  onChange(value: string): void;
}

export function DecimalField({ id, name, label, value, error, disabled, required, className, onChange }: DecimalFieldProps) {
  const classes = ['field', className, error ? 'has-error' : null].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required={required}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
