/**
 * The stops of the shift shown in the line log (docs/line-log.md "Stops"): read by shift, and the
 * inline edits and deletions made from the tables.
 */
import useSWR, { mutate } from 'swr';
import { apiFetch, type QueryValue } from '../../../lib/api.js';
import type { PlannedStop, UnplannedStop } from '../../../lib/stops.js';
import { StopTextJournal, type StopTextRef } from '../model/stopTextJournal.js';

export type { PlannedStop, UnplannedStop } from '../../../lib/stops.js';

/** Which shift's stops: the spec's parameters plus the day (shift codes repeat every day). */
export interface StopsQuery {
  shopFloorId: string;
  lineId: string;
  shiftCode: string;
  day: string;
}

type Kind = 'planned' | 'unplanned';

function stopsKey(kind: Kind, q: Partial<StopsQuery>): readonly [string, Record<string, QueryValue>] | null {
  if (!q.shopFloorId || !q.lineId || !q.shiftCode || !q.day) return null;
  return [`/factory/stop_events/${kind}_by_shift`, { shop_floor_id: q.shopFloorId, lines_id: [q.lineId], shift_code: q.shiftCode, day: q.day }];
}

const options = (what: string) => ({
  revalidateOnFocus: false,
  onError: (err: unknown) => console.error(`Caricamento degli stop ${what} non riuscito`, err),
});

/** The planned stops of the shift; nothing is fetched until day, shift and line are chosen. */
export function usePlannedStops(q: Partial<StopsQuery>) {
  return useSWR<PlannedStop[]>(stopsKey('planned', q), options('pianificati'));
}

/** The unplanned stops of the shift. */
export function useUnplannedStops(q: Partial<StopsQuery>) {
  return useSWR<UnplannedStop[]>(stopsKey('unplanned', q), options('non pianificati'));
}

/** The texts of an unplanned stop editable inline. */
export type UnplannedField = 'failure_mode' | 'corrective_action';

/** Replaces one stop in a cached list without asking the server again. */
async function patchCached<T extends { id: number }>(kind: Kind, q: StopsQuery, id: number, patch: Partial<T>): Promise<void> {
  await mutate<T[]>(stopsKey(kind, q), (list) => list?.map((s) => (s.id === id ? { ...s, ...patch } : s)), { revalidate: false });
}

/** The journal of the improvement edit under way, if any (model/stopTextJournal.ts). */
let journal: StopTextJournal | null = null;

/** Opens a journal of the stop texts saved from now on (a new one replaces any other). */
export function openStopTextJournal(): StopTextJournal {
  journal = new StopTextJournal();
  return journal;
}

/** Closes the journal if it is still the open one. */
export function closeStopTextJournal(which: StopTextJournal): void {
  if (journal === which) journal = null;
}

const tracked = <T>(ref: StopTextRef, save: Promise<T>): Promise<T> => (journal ? journal.track(ref, save) : save);

/** POST /factory/stop_events/update_unplanned_details; answers the value as saved (trimmed). */
export function updateUnplannedDetail(q: StopsQuery, id: number, field: UnplannedField, value: string): Promise<string> {
  return tracked({ kind: 'unplanned', id, field }, saveUnplannedDetail(q, id, field, value));
}

async function saveUnplannedDetail(q: StopsQuery, id: number, field: UnplannedField, value: string): Promise<string> {
  const saved = await apiFetch<{ id: number; field: UnplannedField; value: string }>('/factory/stop_events/update_unplanned_details', {
    method: 'POST',
    json: { id, field, value },
  });
  await patchCached<UnplannedStop>('unplanned', q, id, { [field]: saved.value });
  return saved.value;
}

/** POST /factory/stop_events/update_planned_note; '' empties the note (saved as null). */
export function updatePlannedNote(q: StopsQuery, id: number, notes: string): Promise<string | null> {
  return tracked({ kind: 'planned', id, field: 'notes' }, savePlannedNote(q, id, notes));
}

async function savePlannedNote(q: StopsQuery, id: number, notes: string): Promise<string | null> {
  const saved = await apiFetch<{ id: number; notes: string | null }>('/factory/stop_events/update_planned_note', {
    method: 'POST',
    json: { id, notes },
  });
  await patchCached<PlannedStop>('planned', q, id, { notes: saved.notes });
  return saved.notes;
}

/**
 * DELETE /factory/stop_events/delete_planned/{id} or delete_unplanned/{id}; once the server has
 * deleted it, the stop leaves the cached list, as an edit patches it. Reading the list again
 * instead could bring the stop back when the read model is still catching up (the command's
 * wait for it is bounded), and nothing would read it once more.
 */
export async function deleteStop(kind: Kind, q: StopsQuery, id: number): Promise<void> {
  await apiFetch(`/factory/stop_events/delete_${kind}/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
  await mutate<Array<{ id: number }>>(stopsKey(kind, q), (list) => list?.filter((s) => s.id !== id), { revalidate: false });
}

/** Reads a shift's list again (e.g. after a 404 on a stop someone else deleted). */
export async function refreshStops(kind: Kind, q: StopsQuery): Promise<void> {
  await mutate(stopsKey(kind, q));
}
