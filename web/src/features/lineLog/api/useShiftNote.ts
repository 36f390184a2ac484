/**
 * The shift report of one line, day and shift (docs/line-log.md "Shift reports"): read it, save
 * the operator's draft, submit it, and the improvement role's update. Every write sends back the
 * `revision` last read, so two people never overwrite each other silently (409 instead).
 */
import useSWR, { mutate } from 'swr';
import { apiFetch, type QueryValue } from '../../../lib/api.js';
import { formatItalianDate } from '../../../lib/dates.js';
import { sendWrite } from '../../../lib/outbox.js';
import type { ReportContent, ReportKey, SavedReport } from '../model/reportForm.js';

/** GET /factory/shift_notes (and every write's answer). */
export interface ShiftNote extends SavedReport {
  shift_code: string;
  day: string;
  line_name: string;
  notes: string | null;
  machine_notes: Array<Record<string, string>>;
  confirmed: boolean;
  /** The report stream's revision; -1 when nothing was ever saved. */
  revision: number;
  updated_at: string | null;
  updated_by: string | null;
}

/** PUT /factory/shift_notes/update answers whether it created the confirmed report. */
export interface UpdatedShiftNote extends ShiftNote {
  created: boolean;
}

/** The improvement role reads confirmed reports only (line log §2.4). */
export type ShiftNoteScope = 'all' | 'confirmedOnly';

const PATH = '/factory/shift_notes';

/** The SWR key of a report, or null while the key is incomplete. */
export function shiftNoteKey(key: Partial<ReportKey>, scope: ShiftNoteScope): readonly [string, Record<string, QueryValue>] | null {
  if (!key.day || !key.shiftCode || !key.lineName) return null;
  const query: Record<string, QueryValue> = { day: key.day, shift_code: key.shiftCode, line_name: key.lineName };
  if (scope === 'confirmedOnly') query.confirmed_only = 'true';
  return [PATH, query];
}

/**
 * The report (or the empty shape). No revalidation on focus or reconnect: the form owns what is
 * on screen once loaded, and a later read must not replace what the user is typing.
 */
export function useShiftNote(key: Partial<ReportKey>, scope: ShiftNoteScope) {
  return useSWR<ShiftNote>(shiftNoteKey(key, scope), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    onError: (err: unknown) => console.error('Caricamento del report non riuscito', err),
  });
}

/** The body of save, submit and update. */
function body(key: ReportKey, content: ReportContent, revision: number, confirmed: boolean) {
  return { day: key.day, shift_code: key.shiftCode, line_name: key.lineName, ...content, confirmed, revision };
}

/** Keeps the cached report in step with a write's answer, so a return to the page starts from it. */
async function remember(key: ReportKey, note: ShiftNote): Promise<void> {
  const { created: _created, ...plain } = note as UpdatedShiftNote;
  await mutate(shiftNoteKey(key, 'all'), plain, { revalidate: false });
  if (plain.confirmed) await mutate(shiftNoteKey(key, 'confirmedOnly'), plain, { revalidate: false });
}

/** What the offline lists show of a report's save: the report, and what was written in it. */
function described(key: ReportKey, content: ReportContent) {
  const rows = content.machine_notes.map((row) =>
    Object.entries(row)
      .filter(([, text]) => text.trim() !== '')
      .map(([label, text]) => `${label}: ${text}`)
      .join(' · '),
  );
  const figures = [
    ['Produzione', content.production_volume],
    ['Scarto', content.waste],
    ['Ore', content.working_time],
  ].flatMap(([label, n]) => (n === null ? [] : [`${label} ${n}`]));
  return {
    label: `Note del turno · ${key.lineName} · ${formatItalianDate(key.day)} · Turno ${key.shiftCode}`,
    content: [content.notes, ...rows, figures.join(' · ')].filter(Boolean).join('\n'),
  };
}

/**
 * POST /factory/shift_notes/save: the operator's autosave (confirmed=false). Offline it waits in
 * the queue (lib/outbox.ts) and answers once the queue has sent it.
 */
export async function saveShiftNote(key: ReportKey, content: ReportContent, revision: number): Promise<ShiftNote> {
  const sent = await sendWrite<ShiftNote>({
    method: 'POST',
    path: `${PATH}/save`,
    body: body(key, content, revision, false),
    doc: `shift-note|${key.lineName}|${key.day}|${key.shiftCode}`,
    ...described(key, content),
  });
  const note = sent.queued ? await sent.sent : sent.body;
  await remember(key, note);
  return note;
}

/** POST /factory/shift_notes/submit: the operator's submit (confirmed=true); the report is then locked. */
export async function submitShiftNote(key: ReportKey, content: ReportContent, revision: number): Promise<ShiftNote> {
  const note = await apiFetch<ShiftNote>(`${PATH}/submit`, { method: 'POST', json: body(key, content, revision, true) });
  await remember(key, note);
  return note;
}

/** PUT /factory/shift_notes/update: the improvement role's save; `created` tells a new confirmed report. */
export async function updateShiftNote(key: ReportKey, content: ReportContent, revision: number): Promise<UpdatedShiftNote> {
  const note = await apiFetch<UpdatedShiftNote>(`${PATH}/update`, { method: 'PUT', json: body(key, content, revision, true) });
  await remember(key, note);
  return note;
}

/** Reads the report again from the server (after a conflict). */
export async function reloadShiftNote(key: ReportKey, scope: ShiftNoteScope): Promise<void> {
  await mutate(shiftNoteKey(key, scope));
}
