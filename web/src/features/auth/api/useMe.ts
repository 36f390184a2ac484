/**
 * The session check made on entering the layout (GET /me). The token is part of the SWR key
 * so a cached answer never outlives the login it belongs to.
 */
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../../lib/api.js';
import { getToken } from '../../../lib/session.js';

/** The session check's answer: the sidebar and the guards go by `role` (issue 21); the spec's demo accounts are named after theirs. */
export interface Me {
  username: string;
  role: string;
  display_name?: string;
  must_change_password?: boolean;
  /** The demo is on: the demo roles may be given to accounts. */
  demo?: boolean;
}

/** How often an open page checks its session: a deactivated account's page goes to the login within this and the server's cache time. */
export const SESSION_CHECK_MS = 15_000;

/** The current user, or an error when the token is missing, expired or refused. */
export function useMe() {
  const token = getToken();
  return useSWR<Me>(token ? ['/me', token] : null, () => apiFetch<Me>('/me'), {
    revalidateOnFocus: false,
    refreshInterval: SESSION_CHECK_MS,
    // A refused session is final; a network failure is tried again.
    onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
      if (error instanceof ApiError && error.status < 500) return;
      setTimeout(() => void revalidate({ retryCount }), Math.min(10_000, 1000 * 2 ** retryCount));
    },
  });
}
