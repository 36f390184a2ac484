/**
 * The login call (POST /loginjwt, form data). A 401 here means wrong credentials, so it must
 * not trigger the session redirect the other calls get.
 */
import { apiFetch } from '../../../lib/api.js';
import { markSessionRenewed, saveSession } from '../../../lib/session.js';

/** What the server answers on success. */
export interface LoginResponse {
  access_token: string;
  token_type: string;
  /** The password was given by an admin (creation or reset): a new one comes first (issue 21). */
  must_change_password?: boolean;
}

/** Logs in and stores the token and the role (the username, per the spec); saves waiting on the session go on. */
/** The role the token was signed for (its payload is readable; the server checks it, not us). */
export function tokenRole(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

export async function login(username: string, password: string): Promise<{ mustChangePassword: boolean; role: string | null }> {
  const res = await apiFetch<LoginResponse>('/loginjwt', {
    method: 'POST',
    form: { username, password },
    noSessionRedirect: true,
  });
  saveSession(res.access_token, username.trim());
  markSessionRenewed();
  return { mustChangePassword: res.must_change_password === true, role: tokenRole(res.access_token) };
}
