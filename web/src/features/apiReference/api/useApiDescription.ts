/** The server's own description of its calls (GET /openapi.json, generated from the route schemas). */
import useSWR from 'swr';
import type { ApiDescription } from '../model/operations.js';

/** Read once per visit: it changes only with a new server. */
export function useApiDescription() {
  return useSWR<ApiDescription>('/openapi.json', { revalidateOnFocus: false });
}
