import type { Knex } from 'knex';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { arrayLiteral, inChunks, unnested, upsertRows, type Row } from '../batchWrite.js';
import { regularShiftOf } from '../shiftPlacement.js';
import { DASHBOARD_DAYS, DASHBOARD_SHIFTS, DASHBOARD_SPEEDS, DASHBOARD_STOPS, DAY_DELTA_COLUMNS, type DashboardTables, type DayDelta, type ShiftRow } from './dashboardColumns.js';
import { NO_SHIFT, type MovedStop, type NewStop, type PlacedStop } from './dashboardFold.js';

const WINDOWS = DASHBOARD_SHIFTS.pick('shop_floor_id', 'start_time', 'end_time');
const KEYS = DASHBOARD_DAYS.pick('line_id', 'day', 'shift_code');
const SHIFT_KEYS = DASHBOARD_SHIFTS.pick('shop_floor_id', 'shift_day', 'code');

/** The returned place of a stop row aliased `t`, the day as ISO text. */
const PLACE = `t.line_id, t.shop_floor_id, to_char(t.day, 'YYYY-MM-DD') as day, t.shift_code, t.kind, t.minutes`;

/**
 * Upserts the batch's shifts into the projection's own copy, then places again the stops
 * recorded before them in their windows; answers the stops that moved.
 */
export async function writeShifts(trx: Knex.Transaction, T: DashboardTables, shifts: readonly ShiftRow[]): Promise<MovedStop[]> {
  // A regular shift that moved (never done today, but a calendar is events) frees the stops of its old window too.
  const before = await trx.raw<{ rows: Row[] }>('select shop_floor_id, start_time, end_time from ?? where id = any(?::bigint[]) and not extra', [
    T.shifts,
    shifts.map((s) => s.id),
  ]);
  await upsertRows(trx, T.shifts, ['id'], DASHBOARD_SHIFTS.columns, shifts);
  const windows = [...before.rows, ...shifts.filter((s) => !s.extra)];
  if (windows.length === 0) return [];
  // The stops of those windows, recorded before, go where the calendar now puts them.
  const w = unnested(WINDOWS, windows);
  const moved = await trx.raw<{ rows: MovedStop[] }>(
    `with affected as (
       select distinct s.id, s.shop_floor_id, s.start_time, (s.start_time at time zone ?)::date as start_day, s.day as old_day, s.shift_code as old_code
         from ${w.sql} join ?? s on s.shop_floor_id = v.shop_floor_id and s.start_time >= v.start_time and s.start_time < v.end_time
     ), placed as (
       select a.id, a.old_day, a.old_code, coalesce(rs.shift_day, a.start_day) as day, coalesce(rs.code, ?) as code from affected a left join ${regularShiftOf('a', 'sh.shift_day, sh.code')}
     )
     update ?? t set day = p.day, shift_code = p.code from placed p
      where t.id = p.id and (t.day <> p.day or t.shift_code <> p.code)
     returning ${PLACE}, t.deleted, to_char(p.old_day, 'YYYY-MM-DD') as old_day, p.old_code`,
    [PLANT_ZONE, ...w.bindings, T.stops, NO_SHIFT, T.shifts, T.stops],
  );
  return moved.rows;
}

/**
 * Inserts the batch's recorded stops; one already there only takes a deletion it did not
 * have. Answers the ids inserted (their place is the one given) and, with their stored
 * place, the rows already there that this deleted.
 */
export async function writeRecordedStops(trx: Knex.Transaction, T: DashboardTables, stops: readonly NewStop[]): Promise<{ inserted: number[]; deleted: PlacedStop[] }> {
  const { names, columns } = DASHBOARD_STOPS;
  const r = await trx.raw<{ rows: Array<{ inserted: string | null; changed: PlacedStop[] | null }> }>(
    `with w as (
       insert into ?? as t (${names.join(', ')})
       select * from unnest(${names.map((c) => `?::${columns[c]}[]`).join(', ')})
       on conflict (id) do update set deleted = true where excluded.deleted and not t.deleted
       returning t.id, t.line_id, t.shop_floor_id, t.day, t.shift_code, t.kind, t.minutes, (t.xmax = 0) as inserted)
     select string_agg(id::text, ',') filter (where inserted) as inserted,
            json_agg(json_build_object('line_id', line_id, 'shop_floor_id', shop_floor_id, 'day', to_char(day, 'YYYY-MM-DD'), 'shift_code', shift_code, 'kind', kind, 'minutes', minutes)) filter (where not inserted) as changed
       from w`,
    [T.stops, ...names.map((c) => arrayLiteral(stops.map((s) => s[c])))],
  );
  return { inserted: (r.rows[0]?.inserted?.split(',') ?? []).map(Number), deleted: r.rows[0]?.changed ?? [] };
}

/** Deletes stops of earlier batches; answers the place of each row it newly deleted. */
export async function markStopsDeleted(trx: Knex.Transaction, T: DashboardTables, ids: readonly number[]): Promise<PlacedStop[]> {
  const r = await trx.raw<{ rows: PlacedStop[] }>(`update ?? t set deleted = true where t.id = any(?::bigint[]) and not t.deleted returning ${PLACE}`, [T.stops, [...ids]]);
  return r.rows;
}

const NEWER = 'excluded.report_revision > coalesce(t.report_revision, -1)';

/** A generated table name, checked, as an identifier inside SQL text. */
const ident = (name: string) => {
  if (!/^\w+$/.test(name)) throw new Error(`Unexpected table name ${name}`);
  return `"${name}"`;
};

/**
 * The rated volume of a day row aliased `d` (line_id, day, shift_code, shop_floor_id,
 * working_minutes): working hours × the line's `def_speed` in force at the shift's start, the
 * loss analysis's rule (projections/oee/oeeFigures.ts): the regular shift's start, else the day's
 * midnight; before the line's first change, its first speed; none (or not above 0) rates 0.
 */
function ratedSql(T: DashboardTables, d: string): string {
  const start = `coalesce((select min(sh.start_time) from ${ident(T.shifts)} sh
                   where sh.shop_floor_id = ${d}.shop_floor_id and sh.shift_day = ${d}.day and sh.code = ${d}.shift_code and not sh.extra),
                  ${d}.day::timestamp at time zone '${PLANT_ZONE}')`;
  const speed = `coalesce((select sp.def_speed from ${ident(T.speeds)} sp where sp.line_id = ${d}.line_id and sp.effective_at <= ${start} order by sp.effective_at desc limit 1),
                          (select sp.def_speed from ${ident(T.speeds)} sp where sp.line_id = ${d}.line_id order by sp.effective_at limit 1))`;
  return `(greatest(coalesce(${speed}, 0), 0) * coalesce(${d}.working_minutes, 0) / 60)`;
}

/** Writes the batch's design speeds (a change is never undone: a later one takes over from its time). */
export async function writeSpeeds(trx: Knex.Transaction, T: DashboardTables, speeds: readonly Row[]): Promise<void> {
  await upsertRows(trx, T.speeds, ['line_id', 'effective_at'], DASHBOARD_SPEEDS.columns, speeds);
}

/**
 * Works the rated volume out again for the rows a speed or a shift of the batch may change: every
 * row of the lines whose speeds changed (a change is rare; its time may come before reports
 * already written, e.g. the line's first speed), and the rows of the batch's regular shifts (a
 * report written before its shift was known took the day's midnight). Only rows whose figure
 * changes are written, so the rollups' triggers see nothing else.
 */
export async function refreshRated(trx: Knex.Transaction, T: DashboardTables, lineIds: readonly number[], shifts: readonly ShiftRow[]): Promise<void> {
  const regular = shifts.filter((s) => !s.extra);
  if (lineIds.length === 0 && regular.length === 0) return;
  const k = unnested(SHIFT_KEYS, regular);
  await trx.raw(
    `update ?? t set rated_volume = x.rated
       from (select d.line_id, d.day, d.shift_code, ${ratedSql(T, 'd')} as rated from ?? d where d.line_id = any(?::int[])
             union
             select d.line_id, d.day, d.shift_code, ${ratedSql(T, 'd')} from ${k.sql} join ?? d on d.shop_floor_id = v.shop_floor_id and d.day = v.shift_day and d.shift_code = v.code) x
      where t.line_id = x.line_id and t.day = x.day and t.shift_code = x.shift_code and t.rated_volume is distinct from x.rated`,
    [T.days, T.days, [...lineIds], ...k.bindings, T.days],
  );
}

/**
 * Adds the batch's figures to `dashboard_days` in one multi-row upsert per chunk (a report
 * replaces the key's own only if newer); with `removed`, then drops the keys left with no
 * report and no stop, as if never written, so batching never shows.
 */
export async function writeDays(trx: Knex.Transaction, T: DashboardTables, rows: readonly DayDelta[], removed: boolean): Promise<void> {
  if (rows.length === 0) return;
  const table = T.days;
  const names = DASHBOARD_DAYS.names.join(', ');
  await inChunks(rows, (chunk) => {
    const v = unnested(DAY_DELTA_COLUMNS, chunk);
    // A key with only stops has no working minutes: no speed to look up.
    return trx.raw(
      `insert into ?? as t (${names})
       select line_id, day, shift_code, shop_floor_id, coalesce(volume, 0), coalesce(waste, 0), coalesce(working_minutes, 0), report_revision, stop_count, unplanned_minutes, planned_minutes,
              case when v.working_minutes is null then 0 else ${ratedSql(T, 'v')} end
         from ${v.sql}
       on conflict (line_id, day, shift_code) do update set
         volume = case when ${NEWER} then excluded.volume else t.volume end,
         waste = case when ${NEWER} then excluded.waste else t.waste end,
         working_minutes = case when ${NEWER} then excluded.working_minutes else t.working_minutes end,
         rated_volume = case when ${NEWER} then excluded.rated_volume else t.rated_volume end,
         report_revision = greatest(t.report_revision, excluded.report_revision),
         stop_count = t.stop_count + excluded.stop_count,
         unplanned_minutes = t.unplanned_minutes + excluded.unplanned_minutes,
         planned_minutes = t.planned_minutes + excluded.planned_minutes`,
      [table, ...v.bindings],
    );
  });
  if (!removed) return;
  const k = unnested(KEYS, rows);
  await trx.raw(
    `delete from ?? t using ${k.sql}
      where t.line_id = v.line_id and t.day = v.day and t.shift_code = v.shift_code
        and t.report_revision is null and t.stop_count = 0 and t.unplanned_minutes = 0 and t.planned_minutes = 0`,
    [table, ...k.bindings],
  );
}
