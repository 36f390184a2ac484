/**
 * 'Cambia password' for everyone, and the forced change after an admin's reset or on the first
 * login (docs/accounts.md): the current password, the new one twice.
 */
import { useState, type FormEvent } from 'react';
import { changeOwnPassword } from '../api/users.js';
import { useFormCall } from '../model/useFormCall.js';
import { FormMessage } from './FormMessage.js';
import { PASSWORD_HINT, TextField } from './TextField.js';

export interface ChangePasswordFormProps {
  username: string;
  /** True when the server asks for a new password before anything else. */
  forced?: boolean;
  onChanged(): void;
}

type Field = 'current_password' | 'new_password' | 'again';

export function ChangePasswordForm({ username, forced = false, onChanged }: ChangePasswordFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({ current_password: '', new_password: '', again: '' });
  const { errors, setErrors, busy, run } = useFormCall();
  const fields: Array<{ name: Field; label: string; autoComplete: string; hint?: string }> = [
    { name: 'current_password', label: forced ? 'Password ricevuta' : 'Password attuale', autoComplete: 'current-password' },
    { name: 'new_password', label: 'Nuova password', autoComplete: 'new-password', hint: PASSWORD_HINT },
    { name: 'again', label: 'Conferma nuova password', autoComplete: 'new-password' },
  ];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values.new_password !== values.again) {
      setErrors({ message: 'Le due password non coincidono', fields: { again: 'Le due password non coincidono' } });
      return;
    }
    if (await run(() => changeOwnPassword(username, values.current_password, values.new_password))) onChanged();
  }

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Cambia password">
      {forced && <p className="account-forced">Prima di continuare scegli una nuova password: quella che hai ricevuto era temporanea.</p>}
      {fields.map((f) => (
        <TextField key={f.name} {...f} type="password" value={values[f.name]} onChange={(v) => setValues((o) => ({ ...o, [f.name]: v }))} error={errors?.fields[f.name]} />
      ))}
      <FormMessage errors={errors} />
      <button type="submit" className="button" disabled={busy || Object.values(values).some((v) => !v)}>
        Cambia password
      </button>
    </form>
  );
}
