/**
 * A labelled input with, underneath, a hint or why its value cannot be saved (tied to the input
 * for screen readers, not part of its label). `errorClass` keeps each page's own error style.
 */
import { useId, type ReactNode } from 'react';

export interface TextFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange(value: string): void;
  /** The input's id; one is made up when the page does not need to know it. */
  id?: string;
  error?: string;
  hint?: string;
  type?: 'text' | 'password';
  inputMode?: 'text' | 'decimal';
  autoComplete?: string;
  disabled?: boolean;
  required?: boolean;
  /** Classes beside 'field' (a page's own layout). */
  className?: string;
  errorClass?: string;
}

export function TextField(props: TextFieldProps) {
  const madeId = useId();
  const id = props.id ?? madeId;
  const { error, hint } = props;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const classes = ['field', props.className, error ? 'has-error' : null].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
        required={props.required}
        disabled={props.disabled}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && !error && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className={props.errorClass ?? 'field-error'} id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
