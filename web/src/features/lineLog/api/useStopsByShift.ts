/**
 * The stops of the shift shown in the line log (docs/line-log.md "Stops"): read by shift, and the
 * inline edits and deletions made from the tables.
 */
import useSWR, { mutate } from 'swr';
import type { QueryValue } from '../../../lib/api.js';
import { sendWrite, type WriteRequest } from '../../../lib/outbox.js';
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

/** The SWR key of a shift's list (also what the offline warm-up reads). */
export function stopsKey(kind: Kind, q: Partial<StopsQuery>): readonly [string, Record<string, QueryValue>] | null {
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

const KIND_NAMES: Record<Kind, string> = { planned: 'Stop pianificato', unplanned: 'Stop non pianificato' };

/**
 * A write of the tables through the offline queue (lib/outbox.ts): the server's answer when sent
 * now; offline, `offline` (what was typed, as the server would keep it) once queued.
 */
async function write<T>(request: WriteRequest, offline: T): Promise<T> {
  const sent = await sendWrite<T>(request);
  return sent.queued ? offline : sent.body;
}

/**
 * POST /factory/stop_events/update_unplanned_details; answers the value as saved (trimmed).
 * `what` names the stop in the offline lists (e.g. 'delle 08:10').
 */
export function updateUnplannedDetail(q: StopsQuery, id: number, field: UnplannedField, value: string, what = `n. ${id}`): Promise<string> {
  return tracked({ kind: 'unplanned', id, field }, saveUnplannedDetail(q, id, field, value, what));
}

async function saveUnplannedDetail(q: StopsQuery, id: number, field: UnplannedField, value: string, what: string): Promise<string> {
  const label = `${KIND_NAMES.unplanned} ${what} · ${field === 'failure_mode' ? 'Descrizione' : 'Azione correttiva'}`;
  const path = '/factory/stop_events/update_unplanned_details';
  const saved = await write({ method: 'POST', path, body: { id, field, value }, label, content: value }, { id, field, value: value.trim() });
  await patchCached<UnplannedStop>('unplanned', q, id, { [field]: saved.value });
  return saved.value;
}

/** POST /factory/stop_events/update_planned_note; '' empties the note (saved as null). */
export function updatePlannedNote(q: StopsQuery, id: number, notes: string, what = `n. ${id}`): Promise<string | null> {
  return tracked({ kind: 'planned', id, field: 'notes' }, savePlannedNote(q, id, notes, what));
}

async function savePlannedNote(q: StopsQuery, id: number, notes: string, what: string): Promise<string | null> {
  const request: WriteRequest = {
    method: 'POST',
    path: '/factory/stop_events/update_planned_note',
    body: { id, notes },
    label: `${KIND_NAMES.planned} ${what} · Note`,
    content: notes,
  };
  const saved = await write(request, { id, notes: notes.trim() || null });
  await patchCached<PlannedStop>('planned', q, id, { notes: saved.notes });
  return saved.notes;
}

/**
 * DELETE /factory/stop_events/delete_planned/{id} or delete_unplanned/{id}; once the server has
 * deleted it (or, offline, the deletion is queued), the stop leaves the cached list, as an edit
 * patches it. Reading the list again instead could bring the stop back when the read model is
 * still catching up (the command's wait for it is bounded), and nothing would read it once more.
 */
export async function deleteStop(kind: Kind, q: StopsQuery, id: number, what = `n. ${id}`): Promise<void> {
  const path = `/factory/stop_events/delete_${kind}/${encodeURIComponent(String(id))}`;
  await write({ method: 'DELETE', path, label: `Eliminazione ${KIND_NAMES[kind].toLowerCase()} ${what}`, content: '' }, null);
  await mutate<Array<{ id: number }>>(stopsKey(kind, q), (list) => list?.filter((s) => s.id !== id), { revalidate: false });
}

/** Reads every stop list shown again (after the offline queue sent what waited). */
export async function refreshAllStops(): Promise<void> {
  await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && /^\/factory\/stop_events\/(planned|unplanned)_by_shift$/.test(key[0]));
}

/** Reads a shift's list again (e.g. after a 404 on a stop someone else deleted). */
export async function refreshStops(kind: Kind, q: StopsQuery): Promise<void> {
  await mutate(stopsKey(kind, q));
}
