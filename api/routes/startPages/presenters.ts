import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import type { OperatorDay } from '../../../projections/startPages/operatorStart.queries.js';
import type { Bounded, SupportQueue } from '../../../projections/startPages/supportStart.queries.js';
import { presentDbrAction } from '../dbrActions/presenters.js';
import { presentShift } from '../shifts/presenters.js';

const local = (d: Date) => DateTime.fromJSDate(new Date(d), { zone: PLANT_ZONE }).toISO({ suppressMilliseconds: true });

/** The operator's day: each shift with its report state and stop counts, and the open DBR actions in the lists' shape. */
export const presentOperatorDay = (day: string, line: { id: number; name: string }, d: OperatorDay) => ({
  day,
  line_id: line.id,
  line_name: line.name,
  shifts: d.shifts.map((s) => ({ ...presentShift(s.shift), report: s.report, planned_stops: s.plannedStops, unplanned_stops: s.unplannedStops })),
  dbr_actions: { total: d.actionCount, open: d.openActions.map(presentDbrAction) },
});

const list = <R, O>(b: Bounded<R>, map: (r: R) => O) => ({ total: b.total, items: b.items.map(map) });

/** The improvement role's four lists, each `{ total, items }`. */
export const presentSupportQueue = (range: { from: string; to: string }, q: SupportQueue) => ({
  date_from: range.from,
  date_to: range.to,
  reports_to_review: list(q.reports, (r) => ({
    line_id: r.lineId,
    line_name: r.lineName,
    day: r.day,
    shift_code: r.shiftCode,
    shift_name: r.shiftName,
    submitted_at: local(r.submittedAt),
    submitted_by: r.submittedBy,
  })),
  stops_without_root_cause: list(q.stops, (s) => ({
    id: s.id,
    line_id: s.lineId,
    line_name: s.lineName,
    shift_day: s.shiftDay,
    equipment_name: s.equipmentName,
    stop_code_name: s.stopCodeName,
    start_time: local(s.startTime),
    end_time: local(s.endTime),
  })),
  unclassified_detected_stops: list(q.detected, (d) => ({
    id: d.id,
    line_id: d.lineId,
    line_name: d.lineName,
    equipment_id: d.equipmentId,
    equipment_name: d.equipmentName,
    start_time: local(d.startTime),
    end_time: local(d.endTime),
    duration_minutes: Math.max(0, Math.round((new Date(d.endTime).getTime() - new Date(d.startTime).getTime()) / 60_000)),
    shift_day: d.shift?.day ?? null,
    shift_code: d.shift?.code ?? null,
    shift_name: d.shift?.name ?? null,
  })),
  overdue_dbr_actions: list(q.actions, (a) => ({
    id: a.id,
    line_id: a.lineId,
    line_name: a.lineName,
    due_date: a.dueDate,
    due_shift_name: a.dueShiftName,
    equipment_name: a.equipmentName,
    activity: a.activity,
    owner: a.owner,
  })),
});
