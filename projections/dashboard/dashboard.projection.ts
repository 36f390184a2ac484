import { DateTime } from 'luxon';
import { shiftReportEvents } from '../../domain/shiftReports/events.js';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { shiftEvents } from '../../domain/shifts/events.js';
import { durationMinutes } from '../../domain/stops/rules.js';
import { stopEvents } from '../../domain/stops/events.js';
import { inChunks, keyOf, unnested, upsertRows, type Columns, type Row } from '../batchWrite.js';
import { defineProjection } from '../types.js';

const SHIFTS: Columns = { id: 'bigint', shop_floor_id: 'int', code: 'text', shift_day: 'date', start_time: 'timestamptz', end_time: 'timestamptz', extra: 'boolean' };
const STOPS: Columns = { id: 'bigint', kind: 'text', shop_floor_id: 'int', line_id: 'int', start_time: 'timestamptz', start_day: 'date', minutes: 'int', deleted: 'boolean' };
const REPORTS: Columns = { line_id: 'int', day: 'date', shift_code: 'text', shop_floor_id: 'int', volume: 'double precision', waste: 'double precision', working_minutes: 'double precision', report_revision: 'int' };
const KEYS: Columns = { line_id: 'int', day: 'date', shift_code: 'text', shop_floor_id: 'int' };

/** Stops outside every regular shift count for the Italian day of their start, under this code. */
export const NO_SHIFT = '';

const startDay = (iso: string) => DateTime.fromISO(iso, { zone: PLANT_ZONE }).toISODate()!;

/**
 * The dashboard's figures per line, day and shift (`dashboard_days`), so a summary over
 * years reads one small row per line and shift instead of the reports and stops:
 * - volume, waste and working time (minutes) of the **submitted** report; a draft is not
 *   a fact yet, an amendment replaces what was submitted (the higher revision wins);
 * - the count of unplanned stops and the whole minutes of unplanned and planned downtime.
 *
 * A stop counts for the regular shift holding its start (the shifts are copied here,
 * so the projection never reads another read model mid-rebuild), else for its Italian
 * day under NO_SHIFT. Stops are kept one row each (`dashboard_stops`) with that place,
 * and the stop columns of every key a batch touches are recounted from them: a count
 * recomputed, never incremented, is what makes a replay leave the same rows. A calendar
 * generated after the stops moves them into their shifts.
 */
export const dashboardProjection = defineProjection([...shiftReportEvents, ...stopEvents, ...shiftEvents], {
  name: 'dashboard',
  version: 1,
  tables: {
    dashboard_shifts: (t) => {
      t.bigInteger('id').primary();
      t.integer('shop_floor_id').notNullable();
      t.text('code').notNullable();
      t.date('shift_day').notNullable();
      t.timestamp('start_time', { useTz: true }).notNullable();
      t.timestamp('end_time', { useTz: true }).notNullable();
      t.boolean('extra').notNullable();
      t.index(['shop_floor_id', 'start_time']);
    },
    dashboard_stops: (t) => {
      t.bigInteger('id').primary();
      /** 'u' unplanned, 'p' planned. */
      t.text('kind').notNullable();
      t.integer('shop_floor_id').notNullable();
      t.integer('line_id').notNullable();
      t.timestamp('start_time', { useTz: true }).notNullable();
      t.date('start_day').notNullable();
      t.integer('minutes').notNullable();
      t.boolean('deleted').notNullable();
      /** The shift day and code it counts for (see NO_SHIFT). */
      t.date('day').notNullable();
      t.text('shift_code').notNullable();
      t.index(['line_id', 'day', 'shift_code']);
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
      t.integer('stop_count').notNullable().defaultTo(0);
      t.integer('unplanned_minutes').notNullable().defaultTo(0);
      t.integer('planned_minutes').notNullable().defaultTo(0);
      t.primary(['line_id', 'day', 'shift_code']);
    },
  },
  async afterCreate(knex, tables) {
    const days = tables.dashboard_days!;
    // The summary and the volume history: a shop floor's lines over a range of days, read from the index alone.
    await knex.raw(
      `create index ?? on ?? (shop_floor_id, line_id, day) include (shift_code, volume, waste, working_minutes, stop_count, unplanned_minutes, planned_minutes)`,
      [`${days}_floor_line_day`, days],
    );
  },
  async applyBatch({ trx, tables }, events) {
    const T = { shifts: tables.dashboard_shifts!, stops: tables.dashboard_stops!, days: tables.dashboard_days! };
    const shifts = new Map<number, Row>();
    const stops = new Map<number, Row>();
    const deleted = new Set<number>();
    const reports = new Map<string, Row>();
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
          stops.set(d.stopId, { id: d.stopId, kind, shop_floor_id: d.shopFloorId, line_id: d.lineId, start_time: d.startTime, start_day: startDay(d.startTime), minutes: durationMinutes(d.startTime, d.endTime), deleted: false });
          deleted.delete(d.stopId);
          break;
        }
        case 'UnplannedStopDeleted':
        case 'PlannedStopDeleted': {
          const row = stops.get(event.data.stopId);
          if (row) row.deleted = true;
          else deleted.add(event.data.stopId);
          break;
        }
        case 'UnplannedStopDetailEdited':
        case 'PlannedStopNoteEdited':
        case 'ShiftReportDraftSaved':
          break;
        case 'ShiftReportSubmitted':
        case 'ShiftReportAmended': {
          const d = event.data;
          const key = keyOf(d.lineId, d.day, d.shiftCode);
          const before = reports.get(key);
          if (before && (before.report_revision as number) >= event.revision) break;
          reports.set(key, {
            line_id: d.lineId, day: d.day, shift_code: d.shiftCode, shop_floor_id: d.shopFloorId,
            volume: d.productionVolume ?? 0, waste: d.waste ?? 0, working_minutes: (d.workingTime ?? 0) * 60, report_revision: event.revision,
          });
          break;
        }
        default: {
          const never: never = event;
          return never;
        }
      }
    }

    if (shifts.size > 0) await upsertRows(trx, T.shifts, ['id'], SHIFTS, [...shifts.values()]);

    // The stops whose place may change: those of the batch, and those a new shift now holds.
    const touched = new Set<number>([...stops.keys(), ...deleted]);
    const scheduled = [...shifts.values()].filter((s) => !s.extra);
    if (scheduled.length > 0) {
      const windows = unnested({ shop_floor_id: 'int', start_time: 'timestamptz', end_time: 'timestamptz' }, scheduled);
      const moved = await trx.raw<{ rows: { id: string }[] }>(
        `select s.id from ?? s join ${windows.sql} on s.shop_floor_id = v.shop_floor_id and s.start_time >= v.start_time and s.start_time < v.end_time`,
        [T.stops, ...windows.bindings],
      );
      for (const r of moved.rows) touched.add(Number(r.id));
    }
    if (touched.size === 0 && reports.size === 0) return;

    const keysOf = async () =>
      touched.size === 0
        ? []
        : (await trx.raw<{ rows: Row[] }>(`select distinct line_id, to_char(day, 'YYYY-MM-DD') as day, shift_code, shop_floor_id from ?? where id = any(?::bigint[])`, [T.stops, [...touched]])).rows;
    const affected = new Map<string, Row>();
    const note = (rows: Row[]) => rows.forEach((r) => affected.set(keyOf(r.line_id, r.day, r.shift_code), r));
    note(await keysOf());

    if (stops.size > 0) {
      // A stop's figures never change after it is recorded; its place is worked out below.
      const rows = [...stops.values()].map((s) => ({ ...s, day: s.start_day, shift_code: NO_SHIFT }));
      const cols = { ...STOPS, day: 'date', shift_code: 'text' };
      await inChunks(rows, (chunk) => {
        const from = unnested(cols, chunk);
        const names = Object.keys(cols).join(', ');
        return trx.raw(`insert into ?? as t (${names}) select ${names} from ${from.sql} on conflict (id) do update set deleted = t.deleted or excluded.deleted`, [T.stops, ...from.bindings]);
      });
    }
    if (deleted.size > 0) await trx.raw('update ?? set deleted = true where id = any(?::bigint[])', [T.stops, [...deleted]]);
    if (touched.size > 0) {
      await trx.raw(
        `update ?? s set day = coalesce(x.shift_day, s.start_day), shift_code = coalesce(x.code, ?)
           from ?? s0 left join lateral (
             select sh.shift_day, sh.code from ?? sh
              where sh.shop_floor_id = s0.shop_floor_id and sh.extra = false and sh.start_time <= s0.start_time and s0.start_time < sh.end_time
              order by sh.start_time limit 1) x on true
          where s.id = s0.id and s0.id = any(?::bigint[])`,
        [T.stops, NO_SHIFT, T.stops, T.shifts, [...touched]],
      );
      note(await keysOf());
    }

    if (reports.size > 0) {
      await inChunks([...reports.values()], (chunk) => {
        const from = unnested(REPORTS, chunk);
        const names = Object.keys(REPORTS).join(', ');
        return trx.raw(
          `insert into ?? as t (${names}) select ${names} from ${from.sql}
             on conflict (line_id, day, shift_code) do update set volume = excluded.volume, waste = excluded.waste,
               working_minutes = excluded.working_minutes, report_revision = excluded.report_revision
             where t.report_revision is null or t.report_revision < excluded.report_revision`,
          [T.days, ...from.bindings],
        );
      });
    }

    if (affected.size > 0) {
      await inChunks([...affected.values()], (chunk) => {
        const from = unnested(KEYS, chunk);
        return trx.raw(
          `insert into ?? as t (line_id, day, shift_code, shop_floor_id, stop_count, unplanned_minutes, planned_minutes)
           select v.line_id, v.day, v.shift_code, v.shop_floor_id, coalesce(a.stop_count, 0), coalesce(a.unplanned, 0), coalesce(a.planned, 0)
             from ${from.sql}
             left join lateral (
               select count(*) filter (where s.kind = 'u')::int as stop_count,
                      sum(s.minutes) filter (where s.kind = 'u')::int as unplanned,
                      sum(s.minutes) filter (where s.kind = 'p')::int as planned
                 from ?? s where s.line_id = v.line_id and s.day = v.day and s.shift_code = v.shift_code and not s.deleted) a on true
           on conflict (line_id, day, shift_code) do update set stop_count = excluded.stop_count,
             unplanned_minutes = excluded.unplanned_minutes, planned_minutes = excluded.planned_minutes`,
          [T.days, ...from.bindings, T.stops],
        );
      });
      // A key left with no report and no stop holds nothing: gone, as if never written, so batching never shows.
      await trx.raw(
        `delete from ?? t using ${unnested(KEYS, [...affected.values()]).sql}
          where t.line_id = v.line_id and t.day = v.day and t.shift_code = v.shift_code
            and t.report_revision is null and t.stop_count = 0 and t.unplanned_minutes = 0 and t.planned_minutes = 0`,
        [T.days, ...unnested(KEYS, [...affected.values()]).bindings],
      );
    }
  },
});
