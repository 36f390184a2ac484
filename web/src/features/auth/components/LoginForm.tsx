/**
 * The login form (foundations §2 "Login", §4, §8): Username, Password and 'Entra'. On failure it
 * shows the server's message (401 wrong credentials, 429 too many attempts), else the spec's
 * fallback text. On success it first restores the station defaults from the server when this
 * device has none, then leaves the choice of the next page to the caller.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api.js';
import { login } from '../api/login.js';
import { restoreStationDefaults } from '../api/restoreStation.js';
import { PasswordField } from './PasswordField.js';

const FALLBACK_ERROR = 'Credenziali non valide';

/** Props: what to do once the token is stored. */
export interface LoginFormProps {
  onLoggedIn(username: string, mustChangePassword: boolean): void;
}

/** Username/password form posting to /loginjwt. */
export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    let mustChange: boolean;
    let signedRole: string | null;
    try {
      ({ mustChangePassword: mustChange, role: signedRole } = await login(username, password));
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : FALLBACK_ERROR);
      setBusy(false);
      return;
    }
    // The TV board's display account has no station: it goes straight to its board.
    if (signedRole === 'display') return onLoggedIn('display', false);
    const role = username.trim();
    // Until the password is changed the server answers nothing else: the station waits.
    if (!mustChange) await restoreStationDefaults(role);
    onLoggedIn(role, mustChange);
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <label className="field">
        <span className="field-label">Username</span>
        <input name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={username} onChange={(e) => setUsername(e.target.value)} />
      </label>
      <PasswordField label="Password" value={password} onChange={setPassword} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        Entra
      </button>
    </form>
  );
}
