/**
 * 'Utenti' (ADMIN section, docs/accounts.md): the accounts with a search, a new account, and per
 * account its role, a password reset (the temporary password shown once) and deactivation.
 */
import { useState } from 'react';
import { useFlash } from '../../../components/FlashMessage.js';
import { resetPassword, updateUser, useUsers } from '../api/users.js';
import { formErrors } from '../model/errors.js';
import { matchUsers } from '../model/roles.js';
import { NewUserForm } from './NewUserForm.js';
import { TemporaryPassword } from './TemporaryPassword.js';
import { UserCard } from './UserCard.js';

export function UsersAdmin() {
  const { data, error, mutate } = useUsers();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [temporary, setTemporary] = useState<{ username: string; password: string } | null>(null);
  const [flash, showFlash] = useFlash(5000);

  async function act(username: string, done: string, call: () => Promise<unknown>) {
    setBusy(username);
    try {
      await call();
      showFlash(done);
    } catch (err) {
      showFlash(formErrors(err).message, 'error');
    } finally {
      setBusy(null);
      void mutate();
    }
  }

  const users = matchUsers(data ?? [], search);
  return (
    <div className="page users-page">
      <div className="users-head">
        <h1 className="page-title">Utenti</h1>
        {!creating && (
          <button type="button" className="button" onClick={() => setCreating(true)}>
            Nuovo utente
          </button>
        )}
      </div>
      {flash}
      {creating && (
        <NewUserForm
          onCancel={() => setCreating(false)}
          onCreated={(username) => {
            setCreating(false);
            showFlash(`Utente ${username} creato: cambierà la password al primo accesso`);
            void mutate();
          }}
        />
      )}
      {temporary && <TemporaryPassword username={temporary.username} password={temporary.password} onClose={() => setTemporary(null)} />}
      <label className="field users-search">
        <span className="field-label">Cerca</span>
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Nome, utente o ruolo" />
      </label>
      {error && <p className="field-hint field-hint-error">Errore: impossibile leggere gli utenti.</p>}
      {!data && !error && <p>Caricamento...</p>}
      {data && users.length === 0 && <p>Nessun utente trovato.</p>}
      <ul className="user-list">
        {users.map((u) => (
          <UserCard
            key={u.username}
            user={u}
            busy={busy === u.username}
            onRole={(role) => void act(u.username, `Ruolo di ${u.username} cambiato`, () => updateUser(u.username, { role }))}
            onActive={(active) => void act(u.username, `Utente ${u.username} ${active ? 'riattivato' : 'disattivato'}`, () => updateUser(u.username, { active }))}
            onReset={() =>
              void act(u.username, `Password di ${u.username} reimpostata`, async () => {
                setTemporary({ username: u.username, password: await resetPassword(u.username) });
              })
            }
          />
        ))}
      </ul>
    </div>
  );
}
