/** A labelled input with a hint or the server's message for it underneath (described by, not part of, its label). */
import { useId } from 'react';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  hint?: string;
}

export function TextField({ label, name, value, onChange, error, type = 'text', autoComplete = 'off', hint }: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && !error && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-hint field-hint-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

export const PASSWORD_HINT = 'Almeno 12 caratteri, non il nome utente né una password comune. Una frase è più facile da ricordare.';
