import { DbrConstantsSet } from '../../domain/dbr/events.js';
import { MachineHourCounted } from '../../domain/machines/events.js';
import { defaultOeeCategory } from '../../domain/oee/categories.js';
import { PlannedStopReasonAdded, PlannedStopReasonCategorySet } from '../../domain/plant/events.js';
import { ShiftReportAmended, ShiftReportSubmitted } from '../../domain/shiftReports/events.js';
import { ShiftsScheduled } from '../../domain/shifts/events.js';
import { PlannedStopDeleted, PlannedStopRecorded, UnplannedStopDeleted, UnplannedStopDetailEdited, UnplannedStopRecorded } from '../../domain/stops/events.js';
import { arrayLiteral, EntityFold, keyOf, unnested, upsertRows, type Row } from '../batchWrite.js';
import { italianDay, loadShiftIndex, regularShiftOf } from '../shiftPlacement.js';
import { reportFigures } from '../reportFigures.js';
import { defineProjection } from '../types.js';
import {
  OEE_MACHINE_HOURS,
  OEE_MONTH_FIGURES,
  OEE_MONTH_PARETO,
  OEE_REASONS,
  OEE_REPORTS,
  OEE_SHIFT_FIGURES,
  OEE_SHIFT_STOPS,
  OEE_SHIFTS,
  OEE_SPEEDS,
  OEE_STOPS,
  rollupsWithoutFigureStatistics,
} from './oeeColumns.js';
import { TouchedFigures } from './oeeFigures.js';
import { recomputeMonthFigures, recomputeMonthPareto } from './oeeMonths.js';
import { loadRollups, rollupState, rollupsKept } from './oeeLoad.js';
import { KEY_SQL, TouchedShifts, type ShiftKey } from './oeeRollup.js';
import { instantMs } from '../../domain/shared/instant.js';

const handled = [
  ShiftsScheduled,
  ShiftReportSubmitted,
  ShiftReportAmended,
  UnplannedStopRecorded,
  UnplannedStopDetailEdited,
  UnplannedStopDeleted,
  PlannedStopRecorded,
  PlannedStopDeleted,
  DbrConstantsSet,
  PlannedStopReasonAdded,
  PlannedStopReasonCategorySet,
  MachineHourCounted,
] as const;

/**
 * The loss analysis (docs/oee.md): submitted reports, every stop with its machine, code,
 * failure mode or reason and the shift it counts for, the history of each line's design
 * speed, each planned stop reason's category and the micro-stops the machines detected
 * (placed in shifts as a stop starting at their hour). Every row is a fact that an upsert writes
 * again alike, so a replayed batch changes nothing. `oee_shift_stops` sums the live stops of
 * each (line, day, shift code) for GET /factory/oee, the unplanned minutes also by whole minutes
 * of length, so any minor-stop threshold reads sums: each batch sums again the keys it touched
 * (oeeRollup.ts), so an edit, a deletion, a changed category or a calendar generated after the
 * stops needs no running totals. `oee_shift_figures` joins each submitted report with those
 * sums and its design speed (oeeFigures.ts), touched alike, so the read is one table. The
 * month rollups `oee_month_figures` and `oee_month_pareto` (oeeMonths.ts) are summed again for
 * the months of every key touched, for the whole months of a range chosen by shift codes. A
 * rebuild's batches write the facts alone; its rollups are summed once after the load
 * (`afterLoad`, oeeLoad.ts), and the batches after that keep them as above.
 */
export const oeeProjection = defineProjection(handled, {
  name: 'oee',
  version: 10,
  tables: {
    oee_shifts: OEE_SHIFTS.table((t) => t.index(['shop_floor_id', 'shift_day'])),
    oee_stops: OEE_STOPS.table((t) => t.index(['shop_floor_id', 'start_time'])),
    oee_reports: OEE_REPORTS.table((t) => t.primary(['line_id', 'day', 'shift_code'])),
    oee_speeds: OEE_SPEEDS.table((t) => t.primary(['line_id', 'effective_at'])),
    oee_reasons: OEE_REASONS.table(),
    oee_shift_stops: OEE_SHIFT_STOPS.table((t) => t.primary(['line_id', 'day', 'shift_code'])),
    oee_shift_figures: OEE_SHIFT_FIGURES.table((t) => t.primary(['line_id', 'day', 'shift_code'])),
    oee_month_figures: OEE_MONTH_FIGURES.table((t) => t.primary(['line_id', 'month', 'shift_code'])),
    // Its index is made by afterLoad (loadRollups): in a rebuild, once its rows are in.
    oee_month_pareto: OEE_MONTH_PARETO.table(),
    oee_machine_hours: OEE_MACHINE_HOURS.table((t) => {
      t.primary(['equipment_id', 'start_time', 'first_at']);
      t.index(['shop_floor_id', 'start_time']);
    }),
    oee_rollup_state: rollupState,
  },
  afterCreate: rollupsWithoutFigureStatistics,
  // The (line, day, shift code) indexes and the rollups' first sums (oeeLoad.ts).
  afterLoad: loadRollups,
  // A design speed takes effect when it was set; no other event's metadata is read.
  readsMetadataOf: ['DbrConstantsSet'],
  async applyBatch({ trx, tables }, events) {
    const shifts = new Map<number, Row>();
    const reports = new Map<string, Row>();
    const speeds = new Map<string, Row>();
    const stops = new EntityFold<number>('id', OEE_STOPS.columns);
    const reasons = new EntityFold<number>('id', OEE_REASONS.columns);
    const recorded = new Map<number, { shop_floor_id: number; startDay: string; start: number }>();
    const touchedStops = new Set<number>();
    const touchedReasons = new Set<number>();
    /** Stops whose failure mode changed: their month's Pareto by failure mode. */
    const editedStops = new Set<number>();
    /** Folds with micro-stops, by machine, hour and first message (a fold written again is the same row). */
    const hours = new Map<string, Row & { start: number; startDay: string; shop_floor_id: number }>();
    for (const event of events) {
      switch (event.type) {
        case 'ShiftsScheduled':
          for (const s of event.data.shifts) {
            const row = { id: s.shiftId, shop_floor_id: event.data.shopFloorId, code: s.code, shift_day: s.shiftDay, start_time: s.startTime, end_time: s.endTime, extra: s.extra };
            shifts.set(s.shiftId, row);
          }
          break;
        case 'ShiftReportSubmitted':
        case 'ShiftReportAmended': {
          const d = event.data;
          const key = keyOf(d.lineId, d.day, d.shiftCode);
          const before = reports.get(key);
          if (before && Number(before.revision) >= event.revision) break;
          reports.set(key, {
            line_id: d.lineId,
            day: d.day,
            shift_code: d.shiftCode,
            ...reportFigures(d),
            revision: event.revision,
          });
          break;
        }
        case 'UnplannedStopRecorded':
        case 'PlannedStopRecorded': {
          const d = event.data;
          const start = instantMs(d.startTime);
          const start_day = italianDay(start);
          const unplanned = event.type === 'UnplannedStopRecorded' ? event.data : null;
          stops.add(d.stopId, {
            kind: unplanned ? 'u' : 'p',
            shop_floor_id: d.shopFloorId,
            line_id: d.lineId,
            equipment_id: d.equipmentId,
            stop_code_id: unplanned?.stopCodeId ?? null,
            failure_mode: unplanned?.failureMode.trim() ?? null,
            reason_id: event.type === 'PlannedStopRecorded' ? event.data.plannedReasonId : null,
            start_time: d.startTime,
            start_day,
            minutes: (instantMs(d.endTime) - start) / 60_000,
            deleted: false,
            day: start_day,
            shift_code: '',
          });
          recorded.set(d.stopId, { shop_floor_id: d.shopFloorId, startDay: start_day, start });
          touchedStops.add(d.stopId);
          break;
        }
        case 'UnplannedStopDetailEdited':
          if (event.data.field === 'failureMode') {
            stops.change(event.data.stopId, { failure_mode: event.data.value.trim() });
            editedStops.add(event.data.stopId);
          }
          break;
        case 'UnplannedStopDeleted':
        case 'PlannedStopDeleted':
          stops.change(event.data.stopId, { deleted: true });
          touchedStops.add(event.data.stopId);
          break;
        case 'DbrConstantsSet':
          speeds.set(`${event.data.lineId} ${event.metadata.occurredAt}`, {
            line_id: event.data.lineId,
            effective_at: event.metadata.occurredAt,
            def_speed: event.data.constants.def_speed,
          });
          break;
        case 'PlannedStopReasonAdded':
          reasons.add(event.data.plannedStopReasonId, { oee_category: defaultOeeCategory(event.data.name) });
          touchedReasons.add(event.data.plannedStopReasonId);
          break;
        case 'PlannedStopReasonCategorySet':
          reasons.change(event.data.plannedStopReasonId, { oee_category: event.data.oeeCategory });
          touchedReasons.add(event.data.plannedStopReasonId);
          break;
        case 'MachineHourCounted': {
          const d = event.data;
          if (d.microStops === 0) break;
          const start = instantMs(d.hour);
          const startDay = italianDay(start);
          hours.set(`${d.equipmentId} ${start} ${instantMs(d.firstAt)}`, {
            ...{ equipment_id: d.equipmentId, start_time: d.hour, first_at: d.firstAt, shop_floor_id: d.shopFloorId, line_id: d.lineId, start_day: startDay },
            ...{ micro_stops: d.microStops, micro_stop_minutes: d.microStopMinutes, day: startDay, shift_code: '', start, startDay },
          });
          break;
        }
        default: {
          const never: never = event;
          throw new Error(`oee cannot apply ${(never as { type: string }).type}`);
        }
      }
    }
    if (shifts.size > 0) await upsertRows(trx, tables.oee_shifts!, ['id'], OEE_SHIFTS.columns, [...shifts.values()]);
    if (reports.size > 0) await writeReports(trx, tables.oee_reports!, [...reports.values()]);
    if (speeds.size > 0) await upsertRows(trx, tables.oee_speeds!, ['line_id', 'effective_at'], OEE_SPEEDS.columns, [...speeds.values()]);
    await reasons.write(trx, tables.oee_reasons!);
    const kept = await rollupsKept(trx, tables);
    const touched = new TouchedShifts();
    if (recorded.size > 0 || hours.size > 0) {
      // The batch's stops and folds placed in Node among the shifts known now, the batch's included (projections/shiftPlacement.ts).
      const index = await loadShiftIndex(trx, tables.oee_shifts!, [...recorded.values(), ...hours.values()], true);
      for (const [id, r] of recorded) {
        const shift = index.place(r.shop_floor_id, r.start, r.startDay);
        stops.add(id, { day: shift?.shift_day ?? r.startDay, shift_code: shift?.code ?? '' });
      }
      for (const h of hours.values()) {
        const shift = index.place(h.shop_floor_id, h.start, h.startDay);
        Object.assign(h, { day: shift?.shift_day ?? h.startDay, shift_code: shift?.code ?? '' });
      }
    }
    if (hours.size > 0) {
      await upsertRows(trx, tables.oee_machine_hours!, ['equipment_id', 'start_time', 'first_at'], OEE_MACHINE_HOURS.columns, [...hours.values()]);
      touched.add([...hours.values()].map((h) => ({ line_id: Number(h.line_id), day: String(h.day), shift_code: String(h.shift_code) })));
    }
    if (kept) await touched.ofStops(trx, tables.oee_stops!, [...touchedStops]);
    await stops.write(trx, tables.oee_stops!);
    touched.add(await moveStops(trx, tables.oee_stops!, tables.oee_shifts!, [...shifts.values()], ['id']));
    touched.add(await moveStops(trx, tables.oee_machine_hours!, tables.oee_shifts!, [...shifts.values()], ['equipment_id', 'start_time', 'first_at']));
    // A rebuild's load writes the facts alone; its rollups are summed once at its end (oeeLoad.ts).
    if (!kept) return;
    await touched.ofStops(trx, tables.oee_stops!, [...touchedStops]);
    await touched.ofReasons(trx, tables.oee_stops!, [...touchedReasons]);
    await touched.recompute(trx, tables);
    const reportKeys = [...reports.values()].map((r) => ({ line_id: Number(r.line_id), day: String(r.day), shift_code: String(r.shift_code) }));
    const paretoKeys = new TouchedShifts();
    paretoKeys.add(touched.all());
    // A new report brings its shift's stops into the machines' month rows (dim 'r').
    paretoKeys.add(reportKeys);
    await paretoKeys.ofStops(trx, tables.oee_stops!, [...editedStops]);
    await recomputeMonthPareto(trx, tables, paretoKeys.all());
    const figures = new TouchedFigures();
    figures.add([...touched.all(), ...reportKeys]);
    await figures.ofShifts(trx, tables.oee_reports!, [...shifts.values()]);
    await figures.ofSpeeds(trx, tables, [...speeds.values()]);
    await figures.recompute(trx, tables);
    await recomputeMonthFigures(trx, tables, figures.all());
  },
});

/** A report replaces the stored one only with a higher revision (an amendment), so an older batch replayed changes nothing. */
async function writeReports(trx: Parameters<typeof upsertRows>[0], table: string, rows: Row[]): Promise<void> {
  const names = Object.keys(OEE_REPORTS.columns);
  const from = unnested(OEE_REPORTS.columns, rows);
  const set = names.map((c) => `${c} = excluded.${c}`).join(', ');
  await trx.raw(
    `insert into ?? as t (${names.join(', ')}) select * from ${from.sql} on conflict (line_id, day, shift_code) do update set ${set} where t.revision < excluded.revision`,
    [table, ...from.bindings],
  );
}

/**
 * The stored stops (or folds of micro-stops) a newly scheduled regular shift holds move into
 * it, by the rule of docs/dashboard.md (recomputed over the shifts stored now, so it is the
 * same however batched). `key`: the table's key columns.
 */
async function moveStops(trx: Parameters<typeof upsertRows>[0], table: string, shiftsTable: string, shifts: Row[], key: readonly string[]): Promise<ShiftKey[]> {
  const windows = shifts.filter((s) => !s.extra);
  if (windows.length === 0) return [];
  const moved = await trx.raw<{ rows: ShiftKey[] }>(
    `update ?? as t set day = coalesce(p.shift_day, p.start_day), shift_code = coalesce(p.code, '')
       from (select ${key.map((k) => `s.${k}`).join(', ')}, s.start_day, rs.shift_day, rs.code, s.line_id as from_line, s.day as from_day, s.shift_code as from_code
               from unnest(?::int[], ?::timestamptz[], ?::timestamptz[]) w(f, a, b)
               join ?? s on s.shop_floor_id = w.f and s.start_time >= w.a and s.start_time < w.b
               left join ${regularShiftOf('s', 'sh.shift_day, sh.code')}) p
      where ${key.map((k) => `t.${k} = p.${k}`).join(' and ')} and (t.day, t.shift_code) is distinct from (coalesce(p.shift_day, p.start_day), coalesce(p.code, ''))
      returning ${KEY_SQL('t')}, p.from_line, to_char(p.from_day, 'YYYY-MM-DD') as from_day, p.from_code`,
    [table, ...(['shop_floor_id', 'start_time', 'end_time'] as const).map((c) => arrayLiteral(windows.map((s) => s[c]))), table, shiftsTable],
  );
  // Both where each moved stop counted and where it counts now.
  return moved.rows.flatMap((r) => {
    const from = r as ShiftKey & { from_line: number; from_day: string; from_code: string };
    return [r, { line_id: from.from_line, day: from.from_day, shift_code: from.from_code }];
  });
}
