import { ShiftReportAmended, ShiftReportSubmitted } from '../../domain/shiftReports/events.js';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { ShiftsScheduled } from '../../domain/shifts/events.js';
import { durationMinutes } from '../../domain/stops/rules.js';
import { PlannedStopDeleted, PlannedStopRecorded, UnplannedStopDeleted, UnplannedStopRecorded } from '../../domain/stops/events.js';
import { arrayLiteral, inChunks, keyOf, unnested, upsertRows, type Columns, type Row } from '../batchWrite.js';
import { defineColumns } from '../columns.js';
import { italianDay, loadShiftIndex, SHIFT_COPY_WITH_CODE } from '../shiftPlacement.js';
import { defineProjection } from '../types.js';

const SHIFTS: Columns = { id: 'bigint', shop_floor_id: 'int', code: 'text', shift_day: 'date', start_time: 'timestamptz', end_time: 'timestamptz', extra: 'boolean' };
const WINDOWS: Columns = { shop_floor_id: 'int', start_time: 'timestamptz', end_time: 'timestamptz' };
const DAYS: Columns = {
  line_id: 'int', day: 'date', shift_code: 'text', shop_floor_id: 'int', volume: 'double precision', waste: 'double precision', working_minutes: 'double precision',
  report_revision: 'int', stop_count: 'bigint', unplanned_minutes: 'bigint', planned_minutes: 'bigint',
};
const KEYS: Columns = { line_id: 'int', day: 'date', shift_code: 'text' };

/** Stops outside every regular shift count for the Italian day of their start, under this code. */
export const NO_SHIFT = '';

/** A stop's place and figures as the statements on `dashboard_stops` return them. */
interface PlacedStop {
  line_id: number;
  shop_floor_id: number;
  day: string;
  shift_code: string;
  kind: 'u' | 'p';
  minutes: number;
}

/** What one key of `dashboard_days` receives from a batch: stop figures to add, and the report that replaces its own. */
interface DayDelta extends Row {
  line_id: number;
  day: string;
  shift_code: string;
  shop_floor_id: number;
  stop_count: number;
  unplanned_minutes: number;
  planned_minutes: number;
  volume: number | null;
  waste: number | null;
  working_minutes: number | null;
  report_revision: number | null;
}

/**
 * The regular shift holding a stop's start (`s` is the row's alias, with `start_day`, its
 * Italian day): the one that starts first, among the shifts of that day and the day before
 * (a night shift holds the small hours of the next day), as in docs/line-log.md.
 */
const regularShiftOf = (s: string) => `lateral (
  select sh.shift_day, sh.code from ?? sh
   where sh.shop_floor_id = ${s}.shop_floor_id and not sh.extra
     and sh.shift_day between ${s}.start_day - 1 and ${s}.start_day
     and sh.start_time <= ${s}.start_time and ${s}.start_time < sh.end_time
   order by sh.start_time, sh.id limit 1) rs on true`;

/**
 * Keeps `dashboard_months` and `dashboard_line_days` (arguments 0 and 1, physical names)
 * equal to the sums of `dashboard_days`: after each statement on it, the rows it inserted
 * count positively and the rows it removed negatively (an update is both), added to the
 * rollup keys they touch; keys left all zero are deleted. Statement-level, so a batch's
 * multi-row upsert costs two statements per rollup, not one per row, and the rollups change
 * in the same transaction as the day rows.
 */
/** A generated table name as a SQL string literal (DDL takes no bind parameters). */
const literal = (name: string) => {
  if (!/^\w+$/.test(name)) throw new Error(`Unexpected table name ${name}`);
  return `'${name}'`;
};

const ROLLUPS_SQL = `create or replace function dashboard_rollups_sync() returns trigger language plpgsql as $fn$
declare
  delta text;
begin
  delta := case tg_op
    when 'INSERT' then 'select 1 as sign, * from new_rows'
    when 'UPDATE' then 'select 1 as sign, * from new_rows union all select -1, * from old_rows'
    else 'select -1 as sign, * from old_rows' end;
  execute format(
    'insert into %1$I as t (line_id, month, shift_code, shop_floor_id, volume, waste, working_minutes, stop_count, unplanned_minutes, planned_minutes)
     select line_id, date_trunc(''month'', day)::date, shift_code, min(shop_floor_id), sum(sign * volume::numeric), sum(sign * waste::numeric),
            sum(sign * working_minutes::numeric), sum(sign * stop_count), sum(sign * unplanned_minutes), sum(sign * planned_minutes)
       from (%2$s) d group by 1, 2, 3
     on conflict (line_id, month, shift_code) do update set volume = t.volume + excluded.volume, waste = t.waste + excluded.waste,
       working_minutes = t.working_minutes + excluded.working_minutes, stop_count = t.stop_count + excluded.stop_count,
       unplanned_minutes = t.unplanned_minutes + excluded.unplanned_minutes, planned_minutes = t.planned_minutes + excluded.planned_minutes', tg_argv[0], delta);
  execute format(
    'delete from %1$I t using (select distinct line_id, date_trunc(''month'', day)::date as month, shift_code from (%2$s) d) k
      where t.line_id = k.line_id and t.month = k.month and t.shift_code = k.shift_code
        and t.volume = 0 and t.waste = 0 and t.working_minutes = 0 and t.stop_count = 0 and t.unplanned_minutes = 0 and t.planned_minutes = 0', tg_argv[0], delta);
  execute format(
    'insert into %1$I as t (line_id, day, shop_floor_id, volume)
     select line_id, day, min(shop_floor_id), sum(sign * volume::numeric) from (%2$s) d group by 1, 2 having sum(sign * volume::numeric) <> 0
     on conflict (line_id, day) do update set volume = t.volume + excluded.volume', tg_argv[1], delta);
  execute format(
    'delete from %1$I t using (select distinct line_id, day from (%2$s) d) k where t.line_id = k.line_id and t.day = k.day and t.volume = 0', tg_argv[1], delta);
  return null;
end
$fn$`;

/** The returned place of a stop row aliased `t`, the day as ISO text. */
const PLACE = `t.line_id, t.shop_floor_id, to_char(t.day, 'YYYY-MM-DD') as day, t.shift_code, t.kind, t.minutes`;

/**
 * The dashboard's figures per line, day and shift (`dashboard_days`), so a summary over
 * years reads one small row per line and shift instead of the reports and stops:
 * - volume, waste and working time (minutes) of the **submitted** report; a draft is not
 *   a fact yet, an amendment replaces what was submitted (the higher revision wins);
 * - the count of unplanned stops and the whole minutes of unplanned and planned downtime.
 *
 * A stop counts for the regular shift holding its start (the shifts are copied here,
 * so the projection never reads another read model mid-rebuild), else for its Italian
 * day under NO_SHIFT. Each stop keeps one row (`dashboard_stops`) with its place and two
 * facts that only ever go one way: it was recorded, it was deleted. The stop figures of
 * `dashboard_days` change only by what a statement on those rows reports as a change of
 * them (a row inserted, a row newly deleted, a row moved to another shift), so a batch
 * adds each stop once whatever the batching, and a replayed or overlapping batch changes
 * no row and adds nothing. A batch is folded in memory, its stop rows written by one
 * statement per kind of change, and every key it touches written by one multi-row upsert.
 * A calendar generated after the stops moves them into their shifts.
 */
export const dashboardProjection = defineProjection(
  // Only the events that change its figures: drafts and the texts of stops are never read
  // here, so the engine neither decodes nor hands them over.
  [ShiftReportSubmitted, ShiftReportAmended, UnplannedStopRecorded, UnplannedStopDeleted, PlannedStopRecorded, PlannedStopDeleted, ShiftsScheduled],
  {
  name: 'dashboard',
  version: 4,
  tables: {
    dashboard_shifts: (t) => {
      defineColumns(SHIFT_COPY_WITH_CODE).table()(t);
      t.index(['shop_floor_id', 'shift_day']);
    },
    dashboard_stops: (t) => {
      t.bigInteger('id').primary();
      /** 'u' unplanned, 'p' planned. */
      t.text('kind').notNullable();
      t.integer('shop_floor_id').notNullable();
      t.integer('line_id').notNullable();
      t.timestamp('start_time', { useTz: true }).notNullable();
      t.integer('minutes').notNullable();
      t.boolean('deleted').notNullable();
      /** The shift day and code it counts for (see NO_SHIFT). */
      t.date('day').notNullable();
      t.text('shift_code').notNullable();
      /** The stops a newly scheduled shift may hold. */
      t.index(['shop_floor_id', 'start_time']);
    },
    dashboard_days: (t) => {
      t.integer('line_id').notNullable();
      t.date('day').notNullable();
      t.text('shift_code').notNullable();
      t.integer('shop_floor_id').notNullable();
      t.double('volume').notNullable().defaultTo(0);
      t.double('waste').notNullable().defaultTo(0);
      t.double('working_minutes').notNullable().defaultTo(0);
      /** The report event's revision behind the three figures; null while no report was submitted. */
      t.integer('report_revision').nullable();
      /** Sums of stops: bigint, since a key's stops may add up past an integer column (docs/bounds.md). */
      t.bigInteger('stop_count').notNullable().defaultTo(0);
      t.bigInteger('unplanned_minutes').notNullable().defaultTo(0);
      t.bigInteger('planned_minutes').notNullable().defaultTo(0);
      t.primary(['line_id', 'day', 'shift_code']);
    },
    /**
     * `dashboard_days` summed per line, calendar month and shift code, kept by triggers on
     * `dashboard_days` (see ROLLUPS_SQL): the year summary reads its whole months here.
     * Exact sums (numeric), and a row whose sums are all zero is deleted, so the table is a
     * function of `dashboard_days` whatever the batching.
     */
    dashboard_months: (t) => {
      t.integer('line_id').notNullable();
      t.date('month').notNullable();
      t.text('shift_code').notNullable();
      t.integer('shop_floor_id').notNullable();
      t.decimal('volume', null).notNullable();
      t.decimal('waste', null).notNullable();
      t.decimal('working_minutes', null).notNullable();
      t.bigInteger('stop_count').notNullable();
      t.bigInteger('unplanned_minutes').notNullable();
      t.bigInteger('planned_minutes').notNullable();
      t.primary(['line_id', 'month', 'shift_code']);
    },
    /** The volume of `dashboard_days` per line and day (shifts summed), for the volume history; no row for a zero volume. */
    dashboard_line_days: (t) => {
      t.integer('line_id').notNullable();
      t.date('day').notNullable();
      t.integer('shop_floor_id').notNullable();
      t.decimal('volume', null).notNullable();
      t.primary(['line_id', 'day']);
    },
  },
  /**
   * Only the dashboard's reads use these, so a rebuild builds them after its load: the covering
   * indexes, the rollups' first sums and the triggers that keep them from then on.
   */
  async afterLoad(knex, tables) {
    const days = tables.dashboard_days!;
    // The summary and the volume history: a shop floor's lines over a range of days, read from the index alone.
    await knex.raw(
      `create index ?? on ?? (shop_floor_id, line_id, day) include (shift_code, volume, waste, working_minutes, stop_count, unplanned_minutes, planned_minutes)`,
      [`${days}_floor_line_day`, days],
    );
    const months = tables.dashboard_months!;
    const lineDays = tables.dashboard_line_days!;
    await knex.raw(`create index ?? on ?? (shop_floor_id, line_id, month) include (shift_code, volume, waste, working_minutes, stop_count, unplanned_minutes, planned_minutes)`, [`${months}_floor_line_month`, months]);
    await knex.raw(`create index ?? on ?? (shop_floor_id, line_id, day) include (volume)`, [`${lineDays}_floor_line_day`, lineDays]);
    // A rebuild loaded its day rows before the triggers existed: the rollups start as their sums
    // (nothing on a new, empty generation), then the triggers keep them.
    await knex.raw(
      `insert into ?? (line_id, month, shift_code, shop_floor_id, volume, waste, working_minutes, stop_count, unplanned_minutes, planned_minutes)
       select line_id, date_trunc('month', day)::date, shift_code, min(shop_floor_id), sum(volume), sum(waste), sum(working_minutes), sum(stop_count), sum(unplanned_minutes), sum(planned_minutes)
         from ?? group by 1, 2, 3
       having sum(volume) <> 0 or sum(waste) <> 0 or sum(working_minutes) <> 0 or sum(stop_count) <> 0 or sum(unplanned_minutes) <> 0 or sum(planned_minutes) <> 0`,
      [months, days],
    );
    await knex.raw(`insert into ?? (line_id, day, shop_floor_id, volume) select line_id, day, min(shop_floor_id), sum(volume) from ?? group by 1, 2 having sum(volume) <> 0`, [lineDays, days]);
    await knex.raw(ROLLUPS_SQL);
    // One trigger per kind of statement (a trigger with transition tables takes one event); `insert ... on conflict do update` fires both.
    for (const [op, ref] of [['insert', 'new table as new_rows'], ['update', 'old table as old_rows new table as new_rows'], ['delete', 'old table as old_rows']] as const) {
      await knex.raw(`create trigger ?? after ${op} on ?? referencing ${ref} for each statement execute function dashboard_rollups_sync(${literal(months)}, ${literal(lineDays)})`, [`${days}_rollups_${op}`, days]);
    }
  },
  async applyBatch({ trx, tables }, events) {
    const T = { shifts: tables.dashboard_shifts!, stops: tables.dashboard_stops!, days: tables.dashboard_days! };
    const shifts = new Map<number, Row>();
    /** Stops recorded in the batch, with their deletion when it is in the batch too. */
    const recorded = new Map<number, { id: number; kind: 'u' | 'p'; shop_floor_id: number; line_id: number; start_time: string; minutes: number; deleted: boolean }>();
    /** Deletions of stops recorded before the batch. */
    const deleted = new Set<number>();
    const deltas = new Map<string, DayDelta>();
    const delta = (line_id: number, day: string, shift_code: string, shop_floor_id: number): DayDelta => {
      const key = keyOf(line_id, day, shift_code);
      let d = deltas.get(key);
      if (!d) {
        d = { line_id, day, shift_code, shop_floor_id, stop_count: 0, unplanned_minutes: 0, planned_minutes: 0, volume: null, waste: null, working_minutes: null, report_revision: null };
        deltas.set(key, d);
      }
      return d;
    };
    for (const event of events) {
      switch (event.type) {
        case 'ShiftsScheduled':
          for (const s of event.data.shifts) {
            shifts.set(s.shiftId, { id: s.shiftId, shop_floor_id: event.data.shopFloorId, code: s.code, shift_day: s.shiftDay, start_time: s.startTime, end_time: s.endTime, extra: s.extra });
          }
          break;
        case 'UnplannedStopRecorded':
        case 'PlannedStopRecorded': {
          const d = event.data;
          const kind = event.type === 'UnplannedStopRecorded' ? 'u' : 'p';
          recorded.set(d.stopId, { id: d.stopId, kind, shop_floor_id: d.shopFloorId, line_id: d.lineId, start_time: d.startTime, minutes: durationMinutes(d.startTime, d.endTime), deleted: false });
          deleted.delete(d.stopId);
          break;
        }
        case 'UnplannedStopDeleted':
        case 'PlannedStopDeleted': {
          const row = recorded.get(event.data.stopId);
          if (row) row.deleted = true;
          else deleted.add(event.data.stopId);
          break;
        }
        case 'ShiftReportSubmitted':
        case 'ShiftReportAmended': {
          const d = event.data;
          const r = delta(d.lineId, d.day, d.shiftCode, d.shopFloorId);
          if (r.report_revision !== null && r.report_revision >= event.revision) break;
          Object.assign(r, { volume: d.productionVolume ?? 0, waste: d.waste ?? 0, working_minutes: (d.workingTime ?? 0) * 60, report_revision: event.revision });
          break;
        }
        default: {
          const never: never = event;
          return never;
        }
      }
    }

    let removed = false;
    const count = (s: PlacedStop, sign: number) => {
      if (sign === 0) return;
      const d = delta(s.line_id, s.day, s.shift_code, s.shop_floor_id);
      if (s.kind === 'u') {
        d.stop_count += sign;
        d.unplanned_minutes += sign * s.minutes;
      } else d.planned_minutes += sign * s.minutes;
      if (sign < 0) removed = true;
    };

    if (shifts.size > 0) {
      // A regular shift that moved (never done today, but a calendar is events) frees the stops of its old window too.
      const before = await trx.raw<{ rows: Row[] }>('select shop_floor_id, start_time, end_time from ?? where id = any(?::bigint[]) and not extra', [T.shifts, [...shifts.keys()]]);
      await upsertRows(trx, T.shifts, ['id'], SHIFTS, [...shifts.values()]);
      const windows = [...before.rows, ...[...shifts.values()].filter((s) => !s.extra)];
      if (windows.length > 0) {
        // The stops of those windows, recorded before, go where the calendar now puts them; a deleted one moves without counting.
        const w = unnested(WINDOWS, windows);
        const moved = await trx.raw<{ rows: Array<PlacedStop & { deleted: boolean; old_day: string; old_code: string }> }>(
          `with affected as (
             select distinct s.id, s.shop_floor_id, s.start_time, (s.start_time at time zone ?)::date as start_day, s.day as old_day, s.shift_code as old_code
               from ${w.sql} join ?? s on s.shop_floor_id = v.shop_floor_id and s.start_time >= v.start_time and s.start_time < v.end_time
           ), placed as (
             select a.id, a.old_day, a.old_code, coalesce(rs.shift_day, a.start_day) as day, coalesce(rs.code, ?) as code from affected a left join ${regularShiftOf('a')}
           )
           update ?? t set day = p.day, shift_code = p.code from placed p
            where t.id = p.id and (t.day <> p.day or t.shift_code <> p.code)
           returning ${PLACE}, t.deleted, to_char(p.old_day, 'YYYY-MM-DD') as old_day, p.old_code`,
          [PLANT_ZONE, ...w.bindings, T.stops, NO_SHIFT, T.shifts, T.stops],
        );
        for (const r of moved.rows) {
          if (r.deleted) continue;
          count({ ...r, day: r.old_day, shift_code: r.old_code }, -1);
          count(r, 1);
        }
      }
    }

    if (recorded.size > 0) {
      // Each stop placed in Node from the batch's shifts, loaded once (projections/shiftPlacement.ts).
      const stops = [...recorded.values()];
      const startDays = stops.map((r) => italianDay(Date.parse(r.start_time)));
      const index = await loadShiftIndex(trx, T.shifts, stops.map((r, i) => ({ shop_floor_id: r.shop_floor_id, startDay: startDays[i]! })), true);
      const placed = stops.map((r, i): PlacedStop & { id: number; deleted: boolean } => {
        const shift = index.place(r.shop_floor_id, Date.parse(r.start_time), startDays[i]!);
        return { id: r.id, line_id: r.line_id, shop_floor_id: r.shop_floor_id, day: shift?.shift_day ?? startDays[i]!, shift_code: shift?.code ?? NO_SHIFT, kind: r.kind, minutes: r.minutes, deleted: r.deleted };
      });
      // New rows count once (a stop recorded and deleted in the batch not at all); a row already there counts only if this deletes it.
      // New rows come back as their ids alone (their place is the one just computed), the others with their stored place.
      const names = ['id', 'kind', 'shop_floor_id', 'line_id', 'start_time', 'minutes', 'deleted', 'day', 'shift_code'];
      const r = await trx.raw<{ rows: Array<{ inserted: string | null; changed: Array<PlacedStop & { inserted: boolean }> | null }> }>(
        `with w as (
           insert into ?? as t (${names.join(', ')})
           select * from unnest(?::bigint[], ?::text[], ?::int[], ?::int[], ?::timestamptz[], ?::int[], ?::boolean[], ?::date[], ?::text[])
           on conflict (id) do update set deleted = true where excluded.deleted and not t.deleted
           returning t.id, t.line_id, t.shop_floor_id, t.day, t.shift_code, t.kind, t.minutes, (t.xmax = 0) as inserted)
         select string_agg(id::text, ',') filter (where inserted) as inserted,
                json_agg(json_build_object('line_id', line_id, 'shop_floor_id', shop_floor_id, 'day', to_char(day, 'YYYY-MM-DD'), 'shift_code', shift_code, 'kind', kind, 'minutes', minutes)) filter (where not inserted) as changed
           from w`,
        [
          T.stops,
          ...([
            placed.map((p) => p.id), placed.map((p) => p.kind), placed.map((p) => p.shop_floor_id), placed.map((p) => p.line_id), stops.map((s) => s.start_time),
            placed.map((p) => p.minutes), placed.map((p) => p.deleted), placed.map((p) => p.day), placed.map((p) => p.shift_code),
          ].map(arrayLiteral)),
        ],
      );
      const byId = new Map(placed.map((p) => [p.id, p]));
      for (const id of r.rows[0]?.inserted?.split(',') ?? []) {
        const s = byId.get(Number(id))!;
        count(s, s.deleted ? 0 : 1);
      }
      for (const s of r.rows[0]?.changed ?? []) count(s, -1);
    }

    if (deleted.size > 0) {
      const r = await trx.raw<{ rows: PlacedStop[] }>(`update ?? t set deleted = true where t.id = any(?::bigint[]) and not t.deleted returning ${PLACE}`, [T.stops, [...deleted]]);
      for (const s of r.rows) count(s, -1);
    }

    // A key whose stops cancel out and that gets no report changes nothing: never written, so no empty row appears.
    const rows = [...deltas.values()].filter((d) => d.report_revision !== null || d.stop_count !== 0 || d.unplanned_minutes !== 0 || d.planned_minutes !== 0);
    if (rows.length === 0) return;
    const names = Object.keys(DAYS).join(', ');
    const newer = 'excluded.report_revision > coalesce(t.report_revision, -1)';
    await inChunks(rows, (chunk) => {
      const v = unnested(DAYS, chunk);
      return trx.raw(
        `insert into ?? as t (${names})
         select line_id, day, shift_code, shop_floor_id, coalesce(volume, 0), coalesce(waste, 0), coalesce(working_minutes, 0), report_revision, stop_count, unplanned_minutes, planned_minutes
           from ${v.sql}
         on conflict (line_id, day, shift_code) do update set
           volume = case when ${newer} then excluded.volume else t.volume end,
           waste = case when ${newer} then excluded.waste else t.waste end,
           working_minutes = case when ${newer} then excluded.working_minutes else t.working_minutes end,
           report_revision = greatest(t.report_revision, excluded.report_revision),
           stop_count = t.stop_count + excluded.stop_count,
           unplanned_minutes = t.unplanned_minutes + excluded.unplanned_minutes,
           planned_minutes = t.planned_minutes + excluded.planned_minutes`,
        [T.days, ...v.bindings],
      );
    });
    if (removed) {
      // A key left with no report and no stop holds nothing: gone, as if never written, so batching never shows.
      const k = unnested(KEYS, rows);
      await trx.raw(
        `delete from ?? t using ${k.sql}
          where t.line_id = v.line_id and t.day = v.day and t.shift_code = v.shift_code
            and t.report_revision is null and t.stop_count = 0 and t.unplanned_minutes = 0 and t.planned_minutes = 0`,
        [T.days, ...k.bindings],
      );
    }
  },
});
