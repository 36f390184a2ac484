import type { Knex } from 'knex';
import type { Row } from '../batchWrite.js';
import { arrayLiteral } from '../batchWrite.js';
import { OEE_SHIFT_FIGURES } from './oeeColumns.js';
import { deleteKeys, KEY_SQL, keyArrays, KEYS_TABLE, TouchedShifts, type ShiftKey } from './oeeRollup.js';

/**
 * The (line, day, shift code) rows of `oee_shift_figures` a batch may have changed: each row
 * reads the report, the stop sums of `oee_shift_stops`, the regular shift's start and the
 * line's design speeds, so a key is touched when any of them changes (`recompute` then writes
 * it again from those tables: a function of them however the events are batched).
 */
export class TouchedFigures extends TouchedShifts {
  /** The reports of the shifts of these (shop floor, day, code): their start may have changed. */
  async ofShifts(trx: Knex.Transaction, reportsTable: string, shifts: readonly Row[]): Promise<void> {
    const regular = shifts.filter((s) => !s.extra);
    if (regular.length === 0) return;
    const sql = `select ${KEY_SQL('r')} from ?? r join unnest(?::int[], ?::date[], ?::text[]) w(f, d, c) on r.shop_floor_id = w.f and r.day = w.d and r.shift_code = w.c`;
    const arrays = (['shop_floor_id', 'shift_day', 'code'] as const).map((c) => arrayLiteral(regular.map((s) => s[c])));
    this.add((await trx.raw<{ rows: ShiftKey[] }>(sql, [reportsTable, ...arrays])).rows);
  }

  /**
   * The reports a new design speed of a line may apply to: the shifts starting after it (a
   * shift starts within a day of its own day, so two days back is safe), and every one of the
   * line's when it is now its first speed (it then holds for the time before it too).
   */
  async ofSpeeds(trx: Knex.Transaction, tables: Record<string, string>, speeds: readonly Row[]): Promise<void> {
    if (speeds.length === 0) return;
    const sql = `select ${KEY_SQL('r')} from unnest(?::int[], ?::timestamptz[]) n(line_id, at)
      join ?? r on r.line_id = n.line_id
       and (r.day >= (n.at at time zone 'Europe/Rome')::date - 2 or not exists (select 1 from ?? v where v.line_id = n.line_id and v.effective_at < n.at))`;
    const arrays = (['line_id', 'effective_at'] as const).map((c) => arrayLiteral(speeds.map((s) => s[c])));
    this.add((await trx.raw<{ rows: ShiftKey[] }>(sql, [...arrays, tables.oee_reports!, tables.oee_speeds!])).rows);
  }

  /** Writes the rows of every touched key that has a report again (and drops the others). */
  override async recompute(trx: Knex.Transaction, tables: Record<string, string>): Promise<void> {
    const all = this.all();
    if (all.length === 0) return;
    const keys = keyArrays(all);
    await deleteKeys(trx, tables.oee_shift_figures!, keys);
    await insertShiftFigures(trx, tables, keys);
  }
}

/**
 * Writes the `oee_shift_figures` rows of the reports of these keys (`keys`: the three arrays of
 * `keyArrays`), or of every report (null: a rebuild's load, oeeLoad.ts).
 */
export async function insertShiftFigures(trx: Knex | Knex.Transaction, tables: Record<string, string>, keys: ReturnType<typeof keyArrays> | null): Promise<void> {
  const reports = keys ? `${KEYS_TABLE} join ?? r on r.line_id = k.line_id and r.day = k.day and r.shift_code = k.shift_code` : '?? r';
  // The speed in force at the shift's start (regular shift's start, else the day's midnight), else the line's first.
  await trx.raw(
    `insert into ?? (${OEE_SHIFT_FIGURES.names.join(', ')})
     select r.line_id, r.day, r.shift_code, r.shop_floor_id, r.working_minutes, r.volume, r.waste,
            coalesce((select v.def_speed from ?? v where v.line_id = r.line_id and v.effective_at <= st.start_at order by v.effective_at desc limit 1),
                     (select v.def_speed from ?? v where v.line_id = r.line_id order by v.effective_at limit 1)),
            coalesce(s.excluded_minutes, 0), coalesce(s.setup_minutes, 0), coalesce(s.unplanned_minutes, 0), coalesce(s.breakdown_minutes, 0), coalesce(s.failures, 0),
            coalesce(s.micro_stops, 0), coalesce(s.micro_stop_minutes, 0), coalesce(s.band_floor, '{}'), coalesce(s.band_minutes, '{}')
       from ${reports}
       left join ?? s on s.line_id = r.line_id and s.day = r.day and s.shift_code = r.shift_code
       cross join lateral (
         select coalesce((select min(sh.start_time) from ?? sh where sh.shop_floor_id = r.shop_floor_id and sh.shift_day = r.day and sh.code = r.shift_code and not sh.extra),
                         r.day::timestamp at time zone 'Europe/Rome') as start_at) st`,
    [tables.oee_shift_figures!, tables.oee_speeds!, tables.oee_speeds!, ...(keys ?? []), tables.oee_reports!, tables.oee_shift_stops!, tables.oee_shifts!],
  );
}
