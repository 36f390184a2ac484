import { DbrConstantsSet } from '../../domain/dbr/events.js';
import { ShiftReportAmended, ShiftReportSubmitted } from '../../domain/shiftReports/events.js';
import { ShiftsScheduled } from '../../domain/shifts/events.js';
import { PlannedStopDeleted, PlannedStopRecorded, UnplannedStopDeleted, UnplannedStopRecorded } from '../../domain/stops/events.js';
import { loadShiftIndex } from '../shiftPlacement.js';
import { defineProjection } from '../types.js';
import { DASHBOARD_DAYS, DASHBOARD_LINE_DAYS, DASHBOARD_MONTHS, DASHBOARD_SHIFTS, DASHBOARD_SPEEDS, DASHBOARD_STOPS, dashboardTables } from './dashboardColumns.js';
import { foldDashboardBatch, placeStops } from './dashboardFold.js';
import { buildRollups } from './dashboardRollups.js';
import { markStopsDeleted, refreshRated, writeDays, writeRecordedStops, writeShifts, writeSpeeds } from './dashboardWrites.js';

/**
 * The dashboard's figures per line, day and shift (`dashboard_days`), so a summary over
 * years reads one small row per line and shift instead of the reports and stops:
 * - volume, waste and working time (minutes) of the **submitted** report; a draft is not
 *   a fact yet, an amendment replaces what was submitted (the higher revision wins);
 * - the count of unplanned stops and the whole minutes of unplanned and planned downtime;
 * - the rated volume Rendimento divides by: working hours × the design speed in force at the
 *   shift's start, so a later change of the speed leaves a past shift's Rendimento as it was.
 *
 * A stop counts for the regular shift holding its start (the shifts are copied here,
 * so the projection never reads another read model mid-rebuild), else for its Italian
 * day under NO_SHIFT. Each stop keeps one row (`dashboard_stops`) with its place and two
 * facts that only ever go one way: it was recorded, it was deleted. The stop figures of
 * `dashboard_days` change only by what a statement on those rows reports as a change of
 * them (a row inserted, a row newly deleted, a row moved to another shift), so a batch
 * adds each stop once whatever the batching, and a replayed or overlapping batch changes
 * no row and adds nothing. A batch is folded in memory (dashboardFold.ts), its stop rows
 * written by one statement per kind of change, and every key it touches written by one
 * multi-row upsert (dashboardWrites.ts). A calendar generated after the stops moves them
 * into their shifts.
 */
export const dashboardProjection = defineProjection(
  // Only the events that change its figures: drafts and the texts of stops are never read
  // here, so the engine neither decodes nor hands them over.
  [ShiftReportSubmitted, ShiftReportAmended, UnplannedStopRecorded, UnplannedStopDeleted, PlannedStopRecorded, PlannedStopDeleted, ShiftsScheduled, DbrConstantsSet],
  {
    name: 'dashboard',
    version: 5,
    // Only a speed's time (when it took effect) is read from the metadata: the store leaves the others' out.
    readsMetadataOf: ['DbrConstantsSet'],
    tables: {
      dashboard_shifts: DASHBOARD_SHIFTS.table((t) => t.index(['shop_floor_id', 'shift_day'])),
      /** The stops a newly scheduled shift may hold: by shop floor and start. */
      dashboard_stops: DASHBOARD_STOPS.table((t) => t.index(['shop_floor_id', 'start_time'])),
      dashboard_speeds: DASHBOARD_SPEEDS.table((t) => t.primary(['line_id', 'effective_at'])),
      dashboard_days: DASHBOARD_DAYS.table((t) => t.primary(['line_id', 'day', 'shift_code'])),
      /**
       * `dashboard_days` summed per line, calendar month and shift code, kept by triggers on
       * `dashboard_days` (dashboardRollups.ts): the year summary reads its whole months here.
       * Exact sums (numeric), and a row whose sums are all zero is deleted, so the table is a
       * function of `dashboard_days` whatever the batching.
       */
      dashboard_months: DASHBOARD_MONTHS.table((t) => t.primary(['line_id', 'month', 'shift_code'])),
      /** The volume of `dashboard_days` per line and day (shifts summed), for the volume history; no row for a zero volume. */
      dashboard_line_days: DASHBOARD_LINE_DAYS.table((t) => t.primary(['line_id', 'day'])),
    },
    afterLoad: buildRollups,
    async applyBatch({ trx, tables }, events) {
      const T = dashboardTables(tables);
      const b = foldDashboardBatch(events);
      if (b.speeds.size > 0) await writeSpeeds(trx, T, [...b.speeds.values()]);
      if (b.shifts.size > 0) b.days.moved(await writeShifts(trx, T, [...b.shifts.values()]));
      if (b.recorded.size > 0) {
        // Each stop placed in Node among the shifts known now, the batch's included (projections/shiftPlacement.ts).
        const recorded = [...b.recorded.values()];
        const index = await loadShiftIndex(
          trx,
          T.shifts,
          recorded.map((r) => ({ shop_floor_id: r.shop_floor_id, startDay: r.start_day })),
          true,
        );
        const stops = placeStops(recorded, index);
        const written = await writeRecordedStops(trx, T, stops);
        b.days.recorded(stops, written.inserted, written.deleted);
      }
      if (b.deleted.size > 0) b.days.deleted(await markStopsDeleted(trx, T, [...b.deleted]));
      await writeDays(trx, T, b.days.rows(), b.days.removed);
      await refreshRated(trx, T, [...new Set([...b.speeds.values()].map((s) => s.line_id))], [...b.shifts.values()]);
    },
  },
);
