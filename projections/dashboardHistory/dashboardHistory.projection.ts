import { DbrConstantsSet } from '../../domain/dbr/events.js';
import { ShiftReportAmended, ShiftReportSubmitted } from '../../domain/shiftReports/events.js';
import { ShiftsScheduled } from '../../domain/shifts/events.js';
import { durationMinutes } from '../../domain/stops/rules.js';
import { PlannedStopDeleted, PlannedStopRecorded, UnplannedStopDeleted, UnplannedStopRecorded } from '../../domain/stops/events.js';
import { inChunks, unnested, upsertRows, type Columns } from '../batchWrite.js';
import { bigint, date, defineColumns, double, int, text, timestamptz, type RowOf } from '../columns.js';
import { italianDay, SHIFT_COPY_WITH_CODE } from '../shiftPlacement.js';
import { reportFigures } from '../reportFigures.js';
import { defineProjection } from '../types.js';
import { scheduledShiftRow } from '../shifts/shiftRow.js';
import { instantMs } from '../../domain/shared/instant.js';

const SHIFTS = defineColumns({ ...SHIFT_COPY_WITH_CODE, valid_from: timestamptz() });
const STOPS = defineColumns({
  id: bigint().primary(),
  /** 'u' unplanned, 'p' planned. */
  kind: text(),
  shop_floor_id: int(),
  line_id: int(),
  start_time: timestamptz(),
  start_day: date(),
  minutes: int(),
  valid_from: timestamptz(),
  /** Null while the stop is not deleted. */
  valid_to: timestamptz().nullable(),
});
const REPORTS = defineColumns({
  line_id: int(),
  day: date(),
  shift_code: text(),
  report_revision: int(),
  shop_floor_id: int(),
  volume: double(),
  waste: double(),
  working_minutes: double(),
  valid_from: timestamptz(),
  /** The next revision's time; null for the revision in force. */
  valid_to: timestamptz().nullable(),
});
/** Every change of a line's design speed, at its time: a report is rated at the speed in force at its shift's start. */
const SPEEDS = defineColumns({ line_id: int(), effective_at: timestamptz(), def_speed: double() });
/** What a report's row is written with: valid until the batch's keys are recomputed. */
const REPORT_ROWS = REPORTS.pick('line_id', 'day', 'shift_code', 'report_revision', 'shop_floor_id', 'volume', 'waste', 'working_minutes', 'valid_from');
const KEYS = REPORTS.pick('line_id', 'day', 'shift_code');

/** The Italian day of a stop's start (the zone offset looked up once per hour, not per stop). */
const startDay = (iso: string) => italianDay(instantMs(iso));
const names = (cols: Columns) => Object.keys(cols).join(', ');

/**
 * The dashboard's facts with their system time (docs/dashboard.md, "As of"): nothing is
 * overwritten, each row says from when to when (by the events' time, `occurredAt`) it was the
 * truth, so `dashboard-improvement?as_of=` sums what the dashboard showed at that moment.
 * - a submitted report's figures, one row per revision: valid from its event, valid to the
 *   next revision's event (an amendment closes the submission, it does not replace it);
 * - a stop: valid from its recording, valid to its deletion;
 * - a shift: valid from when it was scheduled (a stop counts for the shift holding its start
 *   only from then; before, under its Italian day, as the live dashboard does);
 * - a design speed: in force from when it was set (Rendimento rates each report at the speed in
 *   force at its shift's start, among those set by the moment asked).
 * Every interval comes from the events alone, so a rebuild, in any batching, gives the same
 * intervals. The live dashboard stays the `dashboard` read model; this one answers `as_of`.
 */
export const dashboardHistoryProjection = defineProjection(
  [ShiftsScheduled, UnplannedStopRecorded, PlannedStopRecorded, UnplannedStopDeleted, PlannedStopDeleted, ShiftReportSubmitted, ShiftReportAmended, DbrConstantsSet],
  {
    name: 'dashboard_history',
    version: 2,
    tables: {
      dashboard_history_shifts: SHIFTS.table((t) => t.index(['shop_floor_id', 'start_time'])),
      dashboard_history_stops: STOPS.table((t) => t.index(['line_id', 'start_time'])),
      dashboard_history_reports: REPORTS.table((t) => t.primary(['line_id', 'day', 'shift_code', 'report_revision'])),
      dashboard_history_speeds: SPEEDS.table((t) => t.primary(['line_id', 'effective_at'])),
    },
    async applyBatch({ trx, tables }, events) {
      const T = { shifts: tables.dashboard_history_shifts!, stops: tables.dashboard_history_stops!, reports: tables.dashboard_history_reports! };
      const shifts = new Map<number, RowOf<typeof SHIFTS>>();
      const stops = new Map<number, RowOf<typeof STOPS>>();
      const deletions = new Map<number, string>();
      const reports = new Map<string, Omit<RowOf<typeof REPORTS>, 'valid_to'>>();
      const speeds = new Map<string, RowOf<typeof SPEEDS>>();
      for (const event of events) {
        const at = event.metadata.occurredAt;
        switch (event.type) {
          case 'ShiftsScheduled':
            for (const s of event.data.shifts) {
              if (!shifts.has(s.shiftId)) shifts.set(s.shiftId, { ...scheduledShiftRow(event.data.shopFloorId, s), valid_from: at });
            }
            break;
          case 'UnplannedStopRecorded':
          case 'PlannedStopRecorded': {
            const d = event.data;
            const kind = event.type === 'UnplannedStopRecorded' ? 'u' : 'p';
            stops.set(d.stopId, {
              id: d.stopId,
              kind,
              shop_floor_id: d.shopFloorId,
              line_id: d.lineId,
              start_time: d.startTime,
              start_day: startDay(d.startTime),
              minutes: durationMinutes(d.startTime, d.endTime),
              valid_from: at,
              valid_to: null,
            });
            break;
          }
          case 'UnplannedStopDeleted':
          case 'PlannedStopDeleted': {
            const row = stops.get(event.data.stopId);
            if (row) row.valid_to = row.valid_to ?? at;
            else if (!deletions.has(event.data.stopId)) deletions.set(event.data.stopId, at);
            break;
          }
          case 'ShiftReportSubmitted':
          case 'ShiftReportAmended': {
            const d = event.data;
            reports.set(`${d.lineId}\u0000${d.day}\u0000${d.shiftCode}\u0000${event.revision}`, {
              line_id: d.lineId,
              day: d.day,
              shift_code: d.shiftCode,
              report_revision: event.revision,
              ...reportFigures(d),
              valid_from: at,
            });
            break;
          }
          case 'DbrConstantsSet':
            speeds.set(`${event.data.lineId} ${at}`, { line_id: event.data.lineId, effective_at: at, def_speed: event.data.constants.def_speed });
            break;
          default: {
            const never: never = event;
            return never;
          }
        }
      }

      if (speeds.size > 0) await upsertRows(trx, tables.dashboard_history_speeds!, ['line_id', 'effective_at'], SPEEDS.columns, [...speeds.values()]);

      // A shift keeps the time it was first scheduled; a stop the time of its first deletion.
      if (shifts.size > 0) {
        await inChunks([...shifts.values()], (chunk) => {
          const from = unnested(SHIFTS.columns, chunk);
          return trx.raw(`insert into ?? (${names(SHIFTS.columns)}) select ${names(SHIFTS.columns)} from ${from.sql} on conflict (id) do nothing`, [T.shifts, ...from.bindings]);
        });
      }
      if (stops.size > 0) {
        await inChunks([...stops.values()], (chunk) => {
          const from = unnested(STOPS.columns, chunk);
          return trx.raw(
            `insert into ?? as t (${names(STOPS.columns)}) select ${names(STOPS.columns)} from ${from.sql} on conflict (id) do update set valid_to = coalesce(t.valid_to, excluded.valid_to)`,
            [T.stops, ...from.bindings],
          );
        });
      }
      if (deletions.size > 0) {
        const from = unnested(
          { id: 'bigint', at: 'timestamptz' },
          [...deletions].map(([id, at]) => ({ id, at })),
        );
        await trx.raw(`update ?? t set valid_to = v.at from ${from.sql} where t.id = v.id and t.valid_to is null`, [T.stops, ...from.bindings]);
      }
      if (reports.size > 0) {
        const rows = [...reports.values()];
        await inChunks(rows, (chunk) => {
          const from = unnested(REPORT_ROWS, chunk);
          return trx.raw(
            `insert into ?? (${names(REPORT_ROWS)}) select ${names(REPORT_ROWS)} from ${from.sql} on conflict (line_id, day, shift_code, report_revision) do nothing`,
            [T.reports, ...from.bindings],
          );
        });
        // Each revision is valid until the next one of its report: recomputed over the whole key, so any batching agrees.
        const keys = [...new Map(rows.map((r) => [`${r.line_id}\u0000${r.day}\u0000${r.shift_code}`, { line_id: r.line_id, day: r.day, shift_code: r.shift_code }])).values()];
        await inChunks(keys, (chunk) => {
          const from = unnested(KEYS, chunk);
          return trx.raw(
            `update ?? t set valid_to = n.next
             from (select r.line_id, r.day, r.shift_code, r.report_revision,
                          lead(r.valid_from) over (partition by r.line_id, r.day, r.shift_code order by r.report_revision) as next
                     from ?? r join ${from.sql} on r.line_id = v.line_id and r.day = v.day and r.shift_code = v.shift_code) n
            where t.line_id = n.line_id and t.day = n.day and t.shift_code = n.shift_code and t.report_revision = n.report_revision
              and t.valid_to is distinct from n.next`,
            [T.reports, T.reports, ...from.bindings],
          );
        });
      }
    },
  },
);
