/**
 * 'Come inviato' / 'Attuale' (docs/audit.md): the line log at two moments laid side by side,
 * one row per field of the report and of each stop, each row marked when the two differ.
 * Pure, so the marking is tested without a browser.
 */
import type { PlannedStop, UnplannedStop } from '../../../lib/stops.js';
import type { HistoryEntry } from '../api/history.js';

/** The report fields the comparison reads (GET /factory/shift_notes). */
export interface ReportFields {
  notes: string | null;
  machine_notes: Array<Record<string, string>>;
  production_volume: number | null;
  waste: number | null;
  working_time: number | null;
}

/** One line log at one moment. */
export interface LineLogVersion {
  report: ReportFields;
  unplanned: UnplannedStop[];
  planned: PlannedStop[];
}

export interface CompareRow {
  /** The record the row belongs to ('Report', 'Stop non pianificato 08:10–08:25'). */
  group: string;
  label: string;
  then: string;
  now: string;
  differs: boolean;
}

/** The moment the operator submitted the report: its first 'Report inviato', or null when it never was. */
export function submissionTime(history: readonly HistoryEntry[]): string | null {
  return history.find((e) => e.type === 'ShiftReportSubmitted')?.at ?? null;
}

const ABSENT = '(assente)';
const EMPTY = '(vuoto)';
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? EMPTY : typeof v === 'number' ? String(v).replace('.', ',') : v);
const hhmm = (iso: string) => iso.slice(11, 16);
const span = (s: { start_time: string; end_time: string }) => `${hhmm(s.start_time)}–${hhmm(s.end_time)}`;

/** Machine notes in the page's column order, one line per row. */
export function machineNotesText(rows: ReadonlyArray<Record<string, string>>, labels: readonly string[]): string {
  const order = (k: string) => (labels.includes(k) ? labels.indexOf(k) : labels.length);
  const lines = rows
    .map((r) =>
      Object.entries(r)
        .filter(([, v]) => v.trim() !== '')
        .sort(([a], [b]) => order(a) - order(b))
        .map(([k, v]) => `${k}: ${v}`)
        .join(' · '),
    )
    .filter((l) => l !== '');
  return lines.length > 0 ? lines.join('\n') : EMPTY;
}

type Fields<T> = ReadonlyArray<readonly [label: string, value: (s: T) => string]>;

const UNPLANNED: Fields<UnplannedStop> = [
  ['Orario', span],
  ['Macchina / Area', (s) => `${s.workpoint_rel.equipment_rel.name} / ${s.workpoint_rel.name}`],
  ['Codice di stop', (s) => s.stop_code_rel.name],
  ['Descrizione', (s) => text(s.failure_mode)],
  ['Azione correttiva', (s) => text(s.corrective_action)],
];

const PLANNED: Fields<PlannedStop> = [
  ['Orario', span],
  ['Macchina', (s) => s.equipment_rel.name],
  ['Causale', (s) => s.planned_reason_rel.name],
  ['Note', (s) => text(s.notes)],
];

/** Stops matched by id: each stop of either moment, its fields then and now ('(assente)' on the side it is missing). */
function stopRows<T extends { id: number; start_time: string; end_time: string }>(kind: string, then: readonly T[], now: readonly T[], fields: Fields<T>): CompareRow[] {
  const ids = [...new Set([...then, ...now].sort((a, b) => a.start_time.localeCompare(b.start_time) || a.id - b.id).map((s) => s.id))];
  return ids.flatMap((id) => {
    const a = then.find((s) => s.id === id);
    const b = now.find((s) => s.id === id);
    const group = `${kind} ${span((a ?? b)!)}`;
    return fields.map(([label, value]) => {
      const [x, y] = [a ? value(a) : ABSENT, b ? value(b) : ABSENT];
      return { group, label, then: x, now: y, differs: x !== y };
    });
  });
}

/** Every row of the comparison: the report's five fields, then the unplanned and the planned stops. */
export function compareVersions(then: LineLogVersion, now: LineLogVersion, opts: { unit: string; labels: readonly string[] }): CompareRow[] {
  const report: Fields<ReportFields> = [
    ['Note di fine turno', (r) => text(r.notes)],
    ['Note macchina', (r) => machineNotesText(r.machine_notes, opts.labels)],
    [`Volumi Prodotti [${opts.unit}]`, (r) => text(r.production_volume)],
    [`Scarto [${opts.unit}]`, (r) => text(r.waste)],
    ['Ore Lavorate [h]', (r) => text(r.working_time)],
  ];
  const reportRows = report.map(([label, value]) => {
    const [x, y] = [value(then.report), value(now.report)];
    return { group: 'Report', label, then: x, now: y, differs: x !== y };
  });
  return [...reportRows, ...stopRows('Stop non pianificato', then.unplanned, now.unplanned, UNPLANNED), ...stopRows('Stop pianificato', then.planned, now.planned, PLANNED)];
}
