import type { Knex } from 'knex';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { arrayLiteral } from '../batchWrite.js';
import { italianDay, loadShiftIndex, regularShiftOf } from '../shiftPlacement.js';
import { PLACEMENT, PLANNED_STOPS, STOP_SHIFTS, UNPLANNED_STOPS, type PlannedRow, type ShiftRow, type UnplannedRow } from './stopsColumns.js';
import type { PlannedPatch, UnplannedPatch } from './stopsFold.js';
import { instantMs } from '../../domain/shared/instant.js';

/** A column written from an array: its name, its SQL type and how a row gives it. */
type Column<R> = readonly [name: string, type: string, value: (r: R) => unknown];

/** The columns of a table a row of R gives, leaving out the ones `skip` names. */
const written = <R>(table: { names: readonly string[]; columns: Readonly<Record<string, string>> }, skip: readonly string[] = []): Column<R>[] =>
  table.names.filter((c) => !skip.includes(c)).map((c) => [c, table.columns[c]!, (r: R) => r[c as keyof R]]);

/** The stop columns an event gives; the placement is added by upsertStops. */
export const UNPLANNED_COLUMNS = written<UnplannedRow>(UNPLANNED_STOPS, PLACEMENT);
export const PLANNED_COLUMNS = written<PlannedRow>(PLANNED_STOPS, PLACEMENT);
const SHIFT_COLUMNS = written<ShiftRow>(STOP_SHIFTS);

/** `unnest(?::t1[], ?::t2[], ...) as alias(c1, c2, ...)` and its bindings: one bind parameter per column, whatever the row count. */
function unnest<R>(columns: readonly Column<R>[], rows: readonly R[], alias: string): { sql: string; bindings: Knex.Value[] } {
  return {
    sql: `unnest(${columns.map(([, type]) => `?::${type}[]`).join(', ')}) as ${alias}(${columns.map(([name]) => name).join(', ')})`,
    // An array is one bind parameter (node-postgres sends it as an array literal), so no chunking is needed.
    bindings: columns.map(([, , value]) => rows.map(value) as Knex.Value),
  };
}

/** Upserts the batch's shifts into the projection's own copy; answers the windows whose stops must be placed again. */
export async function upsertShifts(
  trx: Knex.Transaction,
  table: string,
  shifts: readonly ShiftRow[],
): Promise<Array<{ shop_floor_id: number; start_time: string; end_time: string }>> {
  if (shifts.length === 0) return [];
  // A shift that moved (never done today, but a calendar is events) frees the stops of its old window.
  const before = await trx(table)
    .whereIn(
      'id',
      shifts.map((s) => s.id),
    )
    .andWhere('extra', false)
    .select('shop_floor_id', 'start_time', 'end_time');
  const columns = SHIFT_COLUMNS;
  const v = unnest(columns, shifts, 'v');
  await trx.raw(
    `insert into ?? (${columns.map(([c]) => c).join(', ')}) select * from ${v.sql}
     on conflict (id) do update set ${columns
       .slice(1)
       .map(([c]) => `${c} = excluded.${c}`)
       .join(', ')}`,
    [table, ...v.bindings],
  );
  return [...before, ...shifts.filter((s) => !s.extra)];
}

/**
 * Inserts or replaces whole stop rows, each with the Italian day of its start and the shift
 * day and regular shift its start falls in among the shifts known so far (else that day),
 * placed in Node from the batch's shifts loaded once (projections/shiftPlacement.ts).
 */
export async function upsertStops<R extends { shop_floor_id: number; start_time: string }>(
  trx: Knex.Transaction,
  table: string,
  shiftsTable: string,
  columns: readonly Column<R>[],
  rows: readonly R[],
): Promise<void> {
  if (rows.length === 0) return;
  const starts: number[] = new Array(rows.length);
  const startDays: string[] = new Array(rows.length);
  const shiftDays: string[] = new Array(rows.length);
  const shiftIds: Array<number | null> = new Array(rows.length);
  const places: Array<{ shop_floor_id: number; startDay: string }> = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    starts[i] = instantMs(rows[i]!.start_time);
    startDays[i] = italianDay(starts[i]!);
    places[i] = { shop_floor_id: rows[i]!.shop_floor_id, startDay: startDays[i]! };
  }
  const index = await loadShiftIndex(trx, shiftsTable, places);
  for (let i = 0; i < rows.length; i++) {
    const shift = index.place(rows[i]!.shop_floor_id, starts[i]!, startDays[i]!);
    shiftDays[i] = shift?.shift_day ?? startDays[i]!;
    shiftIds[i] = shift?.id ?? null;
  }
  const names = [...columns.map(([c]) => c), 'start_day', 'shift_day', 'shift_id'];
  const types = [...columns.map(([, type]) => type), 'date', 'date', 'bigint'];
  const arrays = [...columns.map(([, , value]) => rows.map(value)), startDays, shiftDays, shiftIds].map(arrayLiteral);
  await trx.raw(
    `insert into ?? (${names.join(', ')}) select * from unnest(${types.map((t) => `?::${t}[]`).join(', ')})
     on conflict (id) do update set ${names
       .slice(1)
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
    [table, ...arrays],
  );
}

/** Changes to stops recorded in earlier batches, one statement: `set` reads each patch as `v`. */
async function patchStops<P>(trx: Knex.Transaction, table: string, columns: readonly Column<P>[], patches: readonly P[], set: string): Promise<void> {
  if (patches.length === 0) return;
  const v = unnest(columns, patches, 'v');
  await trx.raw(`update ?? t set ${set} from ${v.sql} where t.id = v.id`, [table, ...v.bindings]);
}

/** Edits and deletions of unplanned stops recorded in earlier batches, one statement. */
export function patchUnplanned(trx: Knex.Transaction, table: string, patches: readonly UnplannedPatch[]): Promise<void> {
  return patchStops<UnplannedPatch>(
    trx,
    table,
    [
      ['id', 'bigint', (p) => p.id],
      ['failure_mode', 'text', (p) => p.failure_mode],
      ['corrective_action', 'text', (p) => p.corrective_action],
      ['deleted', 'boolean', (p) => p.deleted],
      ['updated_at', 'timestamptz', (p) => p.updated_at],
    ],
    patches,
    `failure_mode = coalesce(v.failure_mode, t.failure_mode), corrective_action = coalesce(v.corrective_action, t.corrective_action),
     deleted = t.deleted or v.deleted, updated_at = v.updated_at`,
  );
}

/** Note edits and deletions of planned stops recorded in earlier batches, one statement. */
export function patchPlanned(trx: Knex.Transaction, table: string, patches: readonly PlannedPatch[]): Promise<void> {
  return patchStops<PlannedPatch>(
    trx,
    table,
    [
      ['id', 'bigint', (p) => p.id],
      ['notes_set', 'boolean', (p) => p.notes_set],
      ['notes', 'text', (p) => p.notes],
      ['deleted', 'boolean', (p) => p.deleted],
      ['updated_at', 'timestamptz', (p) => p.updated_at],
    ],
    patches,
    'notes = case when v.notes_set then v.notes else t.notes end, deleted = t.deleted or v.deleted, updated_at = v.updated_at',
  );
}

/**
 * Places again the stops (deleted ones too, so the rows never depend on how events were
 * batched) whose start lies in one of these windows: shifts just scheduled may hold
 * stops recorded before them.
 */
export async function replaceInShifts(
  trx: Knex.Transaction,
  table: string,
  shiftsTable: string,
  windows: ReadonlyArray<{ shop_floor_id: number; start_time: string | Date; end_time: string | Date }>,
): Promise<void> {
  if (windows.length === 0) return;
  const w = unnest<(typeof windows)[number]>(
    [
      ['shop_floor_id', 'int', (x) => x.shop_floor_id],
      ['start_time', 'timestamptz', (x) => x.start_time],
      ['end_time', 'timestamptz', (x) => x.end_time],
    ],
    windows,
    'w',
  );
  await trx.raw(
    `with affected as (
       select distinct u.id, u.shop_floor_id, u.start_time, u.start_day from ${w.sql}
       join ?? u on u.shop_floor_id = w.shop_floor_id and u.start_time >= w.start_time and u.start_time < w.end_time
         -- whatever the stored shift day (a regular shift's or the start's own), it lies in these bounds: the index range
         and u.shift_day between (w.start_time at time zone ?)::date - 1 and (w.end_time at time zone ?)::date
     ), placed as (
       select a.id, coalesce(rs.shift_day, a.start_day) as shift_day, rs.id as shift_id from affected a left join ${regularShiftOf('a', 'sh.id, sh.shift_day')}
     )
     update ?? t set shift_day = p.shift_day, shift_id = p.shift_id from placed p
     where t.id = p.id and (t.shift_day is distinct from p.shift_day or t.shift_id is distinct from p.shift_id)`,
    [...w.bindings, table, PLANT_ZONE, PLANT_ZONE, shiftsTable, table],
  );
}
