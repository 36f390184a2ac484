/**
 * A line's DBR constants (foundations §7): read for the editor, written whole by the admin.
 */
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../../lib/api.js';
import type { DbrConstants, DbrPayload } from '../model/fields.js';

function constantsPath(lineId: string | number): string {
  return `/factory/dbr_constants/${encodeURIComponent(String(lineId))}`;
}

/** The constants of a line; nothing is fetched until a line is chosen. */
export function useDbrConstants(lineId: string | null | undefined) {
  return useSWR<DbrConstants>(lineId ? constantsPath(lineId) : null, { revalidateOnFocus: false, revalidateOnReconnect: false });
}

/** PUT /factory/dbr_constants/{line_id} with all 14 fields; the cache then holds the saved values. */
export async function saveDbrConstants(lineId: string | number, payload: DbrPayload): Promise<DbrConstants> {
  const saved = await apiFetch<DbrConstants>(constantsPath(lineId), { method: 'PUT', json: payload });
  await mutate(constantsPath(lineId), saved, { revalidate: false });
  return saved;
}
