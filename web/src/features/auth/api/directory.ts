/**
 * Sign-in through the plant's directory (docs/accounts.md): whether the login page shows
 * 'Accedi con <provider>', the token the OIDC callback hands over in the page's fragment, and
 * the Italian words for its refusals (`/login?errore=CODE`).
 */
import { apiFetch } from '../../../lib/api.js';
import { markSessionRenewed, saveSession } from '../../../lib/session.js';
import { tokenRole } from './login.js';

export interface LoginOptions {
  oidc: { provider_name: string } | null;
  ldap: boolean;
}

export const fetchLoginOptions = () => apiFetch<LoginOptions>('/login/options', { noSessionRedirect: true });

export const OIDC_REFUSALS: Readonly<Record<string, string>> = {
  NO_ROLE: "Nessun tuo gruppo dà accesso a Linea: chiedi all'amministratore di aggiungerti al gruppo giusto",
  ACCOUNT_DISABLED: "Utente disattivato: rivolgiti all'amministratore",
  ACCOUNT_NOT_LINKED: "Questo nome utente esiste già in Linea e non accede dalla directory: rivolgiti all'amministratore",
  DIRECTORY_NAME_INVALID: "Il nome utente della directory non è valido per Linea: rivolgiti all'amministratore",
  LAST_ADMIN: "È l'ultimo amministratore attivo: la directory non può togliergli il ruolo",
  OIDC_UNAVAILABLE: 'Il servizio di accesso aziendale non risponde: riprova tra qualche minuto',
  OIDC_EXPIRED: 'Accesso scaduto o interrotto: riprova',
};
const OIDC_FAILED = 'Accesso aziendale non riuscito: riprova';

/** The refusal named in the address (`?errore=`), in words; null when there is none. */
export function oidcRefusal(search: string): string | null {
  const code = new URLSearchParams(search).get('errore');
  return code ? (OIDC_REFUSALS[code] ?? OIDC_FAILED) : null;
}

/**
 * Takes the token the OIDC callback put in the fragment, stores the session and wipes the
 * fragment from the address and the history; null when there is none.
 */
export function takeFragmentToken(): { username: string; role: string | null } | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const token = params.get('access_token');
  const username = params.get('username');
  if (!token || !username) return null;
  window.history.replaceState(null, '', window.location.pathname);
  saveSession(token, username);
  markSessionRenewed();
  return { username, role: tokenRole(token) };
}
