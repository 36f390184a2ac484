/** 'Nuovo utente': name, display name, role and a first password the person changes at the first login. */
import { useState, type FormEvent } from 'react';
import { createUser } from '../api/users.js';
import { useMe } from '../../auth/index.js';
import { roleOptions } from '../model/roles.js';
import { useFormCall } from '../model/useFormCall.js';
import { FormMessage } from './FormMessage.js';
import { PASSWORD_HINT, TextField } from './TextField.js';

export interface NewUserFormProps {
  onCreated(username: string): void;
  onCancel(): void;
}

export function NewUserForm({ onCreated, onCancel }: NewUserFormProps) {
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState('frontline');
  const [password, setPassword] = useState('');
  const { errors, busy, run } = useFormCall();
  const { data: me } = useMe();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let created = '';
    if (await run(async () => void (created = (await createUser({ username: username.trim(), display_name: displayName.trim(), role, password })).username))) onCreated(created);
  }

  return (
    <form className="account-form account-new" onSubmit={submit} noValidate aria-label="Nuovo utente">
      <h2 className="account-form-title">Nuovo utente</h2>
      <TextField
        label="Nome utente"
        name="username"
        value={username}
        onChange={setUsername}
        error={errors?.fields.username}
        hint="Per l'accesso: lettere, cifre, punto, trattino"
      />
      <TextField label="Nome e cognome" name="display_name" value={displayName} onChange={setDisplayName} error={errors?.fields.display_name} />
      <label className="field">
        <span className="field-label">Ruolo</span>
        <select name="role" value={role} onChange={(e) => setRole(e.target.value)} aria-invalid={errors?.fields.role ? true : undefined}>
          {roleOptions(me?.demo ?? false).map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        {errors?.fields.role && <span className="field-hint field-hint-error">{errors.fields.role}</span>}
      </label>
      <TextField
        label="Password iniziale"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors?.fields.password}
        hint={PASSWORD_HINT}
      />
      <FormMessage errors={errors} />
      <div className="account-actions">
        <button type="submit" className="button" disabled={busy}>
          Crea utente
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Annulla
        </button>
      </div>
    </form>
  );
}
