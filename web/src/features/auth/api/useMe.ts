/**
 * The session check made on entering the layout (GET /me). The token is part of the SWR key
 * so a cached answer never outlives the login it belongs to.
 */
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../../lib/api.js';
import { getToken } from '../../../lib/session.js';

/** The session check's answer; the spec uses only the username (it is the role). */
export interface Me {
  username: string;
  role?: string;
}

/** The current user, or an error when the token is missing, expired or refused. */
export function useMe() {
  const token = getToken();
  return useSWR<Me>(token ? ['/me', token] : null, () => apiFetch<Me>('/me'), {
    revalidateOnFocus: false,
    // A refused session is final; a network failure is tried again.
    onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
      if (error instanceof ApiError && error.status < 500) return;
      setTimeout(() => void revalidate({ retryCount }), Math.min(10_000, 1000 * 2 ** retryCount));
    },
  });
}
