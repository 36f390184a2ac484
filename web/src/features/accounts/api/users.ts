/** The accounts calls (docs/accounts.md). */
import useSWR from 'swr';
import { apiFetch } from '../../../lib/api.js';
import { markSessionRenewed, saveSession } from '../../../lib/session.js';

export interface UserRow {
  username: string;
  display_name: string;
  role: string;
  active: boolean;
  must_change_password: boolean;
  last_login_at: string | null;
}

export const USERS_PATH = '/admin/users';

export function useUsers() {
  return useSWR<UserRow[]>(USERS_PATH, { revalidateOnFocus: false });
}

export function createUser(input: { username: string; display_name: string; role: string; password: string }): Promise<{ username: string }> {
  return apiFetch(USERS_PATH, { method: 'POST', json: input });
}

export function updateUser(username: string, change: { display_name?: string; role?: string; active?: boolean }): Promise<{ username: string }> {
  return apiFetch(`${USERS_PATH}/${encodeURIComponent(username)}`, { method: 'PATCH', json: change });
}

export async function resetPassword(username: string): Promise<string> {
  const res = await apiFetch<{ temporary_password: string }>(`${USERS_PATH}/${encodeURIComponent(username)}/reset-password`, { method: 'POST' });
  return res.temporary_password;
}

/** The user's own change: the server ends the other sessions and answers a new token for this one. */
export async function changeOwnPassword(username: string, current_password: string, new_password: string): Promise<void> {
  const res = await apiFetch<{ access_token: string }>('/me/password', { method: 'POST', json: { current_password, new_password } });
  saveSession(res.access_token, username);
  markSessionRenewed();
}

/** An account's 'Storico modifiche' (the history feature's source). */
export const userHistory = (username: string) => ({ path: `${USERS_PATH}/${encodeURIComponent(username)}/history` });
