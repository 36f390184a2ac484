/** One account on the users page: who, role, state, last login, and what the admin can do to it. */
import { HistoryButton } from '../../history/index.js';
import { userHistory, type UserRow } from '../api/users.js';
import { useMe } from '../../auth/index.js';
import { hasFixedRole, roleOptions } from '../model/roles.js';

export interface UserCardProps {
  user: UserRow;
  busy: boolean;
  onRole(role: string): void;
  onActive(active: boolean): void;
  onReset(): void;
}

/** '26/11/2026 18:05' from the server's Europe/Rome instant, as written (no conversion). */
export function loginText(at: string | null): string {
  if (!at) return 'Mai';
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d:\d\d)/.exec(at);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : at;
}

export function UserCard({ user, busy, onRole, onActive, onReset }: UserCardProps) {
  const fixed = hasFixedRole(user.username);
  const demo = useMe().data?.demo ?? false;
  return (
    <li className={user.active ? 'user-card' : 'user-card is-inactive'} data-username={user.username}>
      <div className="user-card-who">
        <strong className="user-card-name">{user.display_name}</strong>
        <span className="user-card-username">{user.username}</span>
        <span className={user.active ? 'user-badge' : 'user-badge is-off'}>{user.active ? 'Attivo' : 'Disattivato'}</span>
        {user.must_change_password && <span className="user-badge is-warn">Deve cambiare password</span>}
      </div>
      <label className="field user-card-role">
        <span className="field-label">Ruolo</span>
        <select
          value={user.role}
          disabled={busy || fixed}
          title={fixed ? 'Gli account con il nome di un ruolo hanno quel ruolo' : undefined}
          onChange={(e) => onRole(e.target.value)}
        >
          {roleOptions(demo, user.role).map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <p className="user-card-login">Ultimo accesso: {loginText(user.last_login_at)}</p>
      <div className="account-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={onReset}>
          Reimposta password
        </button>
        <button type="button" className={user.active ? 'button button-danger' : 'button button-secondary'} disabled={busy} onClick={() => onActive(!user.active)}>
          {user.active ? 'Disattiva' : 'Riattiva'}
        </button>
        <HistoryButton source={userHistory(user.username)} subject={`Utente ${user.username}`} />
      </div>
    </li>
  );
}
