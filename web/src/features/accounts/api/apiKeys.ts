/** The service accounts' API keys (docs/accounts.md, "API keys"). */
import useSWR from 'swr';
import { apiFetch } from '../../../lib/api.js';

export interface ApiKeyRow {
  id: string;
  name: string;
  role: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
}

export const API_KEYS_PATH = '/admin/api-keys';

export function useApiKeys() {
  return useSWR<ApiKeyRow[]>(API_KEYS_PATH, { revalidateOnFocus: false });
}

/** Makes a key; the answer holds the key itself, shown once and kept nowhere. */
export function createApiKey(input: { name: string; role: string }): Promise<{ id: string; name: string; role: string; key: string }> {
  return apiFetch(API_KEYS_PATH, { method: 'POST', json: input });
}

export function revokeApiKey(id: string): Promise<{ id: string }> {
  return apiFetch(`${API_KEYS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
