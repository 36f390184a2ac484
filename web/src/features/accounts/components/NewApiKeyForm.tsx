/** 'Nuova chiave': a name for the system that will use it and the role it calls as. */
import { useState, type FormEvent } from 'react';
import { createApiKey } from '../api/apiKeys.js';
import { ROLE_OPTIONS } from '../model/roles.js';
import { useFormCall } from '../model/useFormCall.js';
import { FormMessage } from './FormMessage.js';
import { TextField } from './TextField.js';

export interface NewApiKeyFormProps {
  onCreated(created: { name: string; key: string }): void;
  onCancel(): void;
}

export function NewApiKeyForm({ onCreated, onCancel }: NewApiKeyFormProps) {
  const [name, setName] = useState('');
  const [role, setRole] = useState('support');
  const { errors, busy, run } = useFormCall();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let created: { name: string; key: string } | null = null;
    if (await run(async () => void (created = await createApiKey({ name: name.trim(), role })))) onCreated(created!);
  }

  return (
    <form className="account-form account-new" onSubmit={submit} noValidate aria-label="Nuova chiave API">
      <h2 className="account-form-title">Nuova chiave API</h2>
      <TextField label="Nome" name="name" value={name} onChange={setName} error={errors?.fields.name} hint="Il sistema che la userà, ad esempio ERP SAP o Gateway linea 1" />
      <label className="field">
        <span className="field-label">Ruolo</span>
        <select name="role" value={role} onChange={(e) => setRole(e.target.value)} aria-invalid={errors?.fields.role ? true : undefined}>
          {ROLE_OPTIONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        <span className="field-hint">La chiave fa ciò che il ruolo può fare, ma mai la gestione di utenti e chiavi</span>
      </label>
      <FormMessage errors={errors} />
      <div className="account-actions">
        <button type="submit" className="button" disabled={busy}>
          Crea chiave
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Annulla
        </button>
      </div>
    </form>
  );
}
