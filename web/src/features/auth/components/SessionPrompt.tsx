/**
 * The password prompt of an expired session (our design; the spec's login has only Username,
 * Password and 'Entra'): a 401 while someone works does not send them to /login and lose what is
 * on screen. The dialog names the user, asks for the password again in place and, once it is
 * accepted, lets every save that waited go on (lib/session.ts) and reads the page's data again.
 * 'Esci' goes to /login instead; unsaved text stays on the device and comes back after login.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api.js';
import { trapTab } from '../../../lib/focusTrap.js';
import { isSessionExpired, subscribeSessionExpiry } from '../../../lib/session.js';
import { login } from '../api/login.js';
import { PasswordField } from './PasswordField.js';

/** The prompt's texts. */
export const SESSION_TEXTS = {
  title: 'Sessione scaduta',
  intro: 'Inserisci di nuovo la password per continuare.',
  kept: 'Il testo non ancora salvato resta qui e verrà salvato appena entri.',
  user: 'Utente',
  password: 'Password',
  submit: 'Entra',
  leave: 'Esci',
  wrong: 'Credenziali non valide',
} as const;

/** Props: who is logged in, and where 'Esci' leads. */
export interface SessionPromptProps {
  username: string;
  onLeave(): void;
}

/** Open while the session is expired; nothing otherwise. */
export function SessionPrompt({ username, onLeave }: SessionPromptProps) {
  const open = useSyncExternalStore(subscribeSessionExpiry, isSessionExpired);
  const { mutate } = useSWRConfig();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const introId = useId();
  const dialogRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    inputRef.current?.focus();
    // Tab stays inside the dialog: the page behind waits for the password.
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Tab' && dialogRef.current) trapTab(event, dialogRef.current);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(username, password);
      setPassword('');
      // Reads that failed while the session was expired are asked again.
      void mutate(() => true);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : SESSION_TEXTS.wrong);
    } finally {
      setBusy(false);
    }
  }

  return createPortal(
    <div className="modal-overlay session-prompt-overlay">
      <form
        ref={dialogRef}
        className="modal session-prompt"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={introId}
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <div className="modal-header">
          <h2 className="modal-title" id={titleId}>
            {SESSION_TEXTS.title}
          </h2>
        </div>
        <div className="modal-body">
          <p id={introId}>
            {SESSION_TEXTS.intro} {SESSION_TEXTS.kept}
          </p>
          <p className="session-prompt-user">
            <span className="field-label">{SESSION_TEXTS.user}</span> <strong data-testid="session-user">{username}</strong>
          </p>
          {/* The username travels with the form so a password manager can fill the right entry. */}
          <input type="hidden" name="username" autoComplete="username" value={username} />
          <PasswordField label={SESSION_TEXTS.password} value={password} onChange={setPassword} inputRef={inputRef} />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onLeave}>
            {SESSION_TEXTS.leave}
          </button>
          <button type="submit" className="button button-primary" disabled={busy || password === ''} aria-busy={busy || undefined}>
            {SESSION_TEXTS.submit}
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
