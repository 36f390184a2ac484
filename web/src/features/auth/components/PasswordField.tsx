/** The labelled password input of the login form and of the expired-session prompt. */
import type { Ref } from 'react';

/** Props: the label text, the value and its setter; `inputRef` to focus it. */
export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A password input the browser offers to fill with the saved password. */
export function PasswordField({ label, value, onChange, inputRef }: PasswordFieldProps) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input ref={inputRef} name="password" type="password" autoComplete="current-password" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
