/**
 * The machine-note rows of the line log (line log §2.1, §3, §5, §9): one column per report label
 * of the shop floor, at most 10 rows, and a row may be removed only once every field is empty.
 */

/** One row: report label to text. */
export type MachineNoteRow = Record<string, string>;

/** Spec §9: at most 10 machine-note rows. */
export const MAX_MACHINE_NOTE_ROWS = 10;

/** Longest text per cell (the server's limit, docs/line-log.md). */
export const MAX_CELL_LENGTH = 1000;

/** The message shown for 3 seconds when a row with text is removed (spec §5). */
export const ROW_NOT_EMPTY = 'Errore: riga non vuota, svuotarla prima di cancellarla';

/** An empty row with one cell per label. */
export function emptyRow(labels: readonly string[]): MachineNoteRow {
  return Object.fromEntries(labels.map((l) => [l, '']));
}

/** True when no field of the row has text (blanks count as empty). */
export function isRowEmpty(row: MachineNoteRow): boolean {
  return Object.values(row).every((v) => v.trim() === '');
}

/** True when at least one cell of one row has text: what submit needs (spec §5). */
export function hasMachineNotes(rows: readonly MachineNoteRow[]): boolean {
  return rows.some((r) => !isRowEmpty(r));
}

/** True while another row may be added. */
export function canAddRow(rows: readonly MachineNoteRow[]): boolean {
  return rows.length < MAX_MACHINE_NOTE_ROWS;
}

/** The rows with one more empty row, or the same rows at the limit. */
export function addRow(rows: readonly MachineNoteRow[], labels: readonly string[]): MachineNoteRow[] {
  return canAddRow(rows) ? [...rows, emptyRow(labels)] : [...rows];
}

/** The outcome of a removal: the new rows, or the spec's error when the row is not empty. */
export type RemoveRowResult = { ok: true; rows: MachineNoteRow[] } | { ok: false; error: typeof ROW_NOT_EMPTY };

/** Removes the row at `index` if all its fields are empty. */
export function removeRow(rows: readonly MachineNoteRow[], index: number): RemoveRowResult {
  const row = rows[index];
  if (!row) return { ok: true, rows: [...rows] };
  if (!isRowEmpty(row)) return { ok: false, error: ROW_NOT_EMPTY };
  return { ok: true, rows: rows.filter((_, i) => i !== index) };
}

/** The row with one cell changed. */
export function setCell(rows: readonly MachineNoteRow[], index: number, label: string, value: string): MachineNoteRow[] {
  return rows.map((r, i) => (i === index ? { ...r, [label]: value } : r));
}

/**
 * Rows as the form shows them: exactly the shop floor's labels, in order, as text. Saved rows
 * with columns that are no longer labels lose those cells (the server refuses unknown columns);
 * no saved row gives one empty row to start typing in.
 */
export function rowsForLabels(saved: ReadonlyArray<Record<string, unknown>> | null | undefined, labels: readonly string[]): MachineNoteRow[] {
  const rows = (saved ?? []).slice(0, MAX_MACHINE_NOTE_ROWS).map((r) => Object.fromEntries(labels.map((l) => [l, r[l] === null || r[l] === undefined ? '' : String(r[l])])));
  return rows.length > 0 ? rows : [emptyRow(labels)];
}
