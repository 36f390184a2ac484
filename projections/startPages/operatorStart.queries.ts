import type { Knex } from 'knex';
import { listDbrActions, type DbrActionRow } from '../dbrActions/dbrActions.queries.js';
import { listShifts, type ShiftRow } from '../shifts/shifts.queries.js';

/** Where a shift's report stands for the operator: nothing saved, a draft, or submitted (confirmed). */
export type ReportState = 'none' | 'draft' | 'submitted';

/** One shift of the day on the station's line, as the operator's start page lists it. */
export interface OperatorShiftRow {
  shift: ShiftRow;
  report: ReportState;
  plannedStops: number;
  unplannedStops: number;
}

/** The operator's start page: the day's shifts of one line and the DBR actions of that line and day still open. */
export interface OperatorDay {
  shifts: OperatorShiftRow[];
  openActions: DbrActionRow[];
  actionCount: number;
}

/** Start times of a line's stops (not deleted) in a window, from a stops view. */
async function stopStarts(knex: Knex, view: string, lineId: number, day: string, from: Date, to: Date): Promise<Date[]> {
  const rows = await knex(view)
    .whereRaw('not deleted')
    .andWhere('line_id', lineId)
    // The stored shift day is the start's day or the day before: it bounds the index scan.
    .andWhereRaw('shift_day between ?::date - 1 and ?::date + 1', [day, day])
    .andWhere('start_time', '>=', from)
    .andWhere('start_time', '<', to)
    .select('start_time');
  return rows.map((r: { start_time: Date }) => new Date(r.start_time));
}

/**
 * The day's shifts of a line (extra ones included, as the line log offers them), each with its
 * report's state and the stops that started in it (the line log's tables count the same), and
 * the line's DBR actions due that day that are not executed yet. Four small reads.
 */
export async function operatorDay(knex: Knex, q: { shopFloorId: number; lineId: number; lineName: string; day: string }): Promise<OperatorDay> {
  const shifts = await listShifts(knex, q.shopFloorId, q.day, q.day, true);
  const reports: Array<{ shift_code: string; confirmed: boolean }> = await knex('shift_reports').where({ line_id: q.lineId, day: q.day }).select('shift_code', 'confirmed');
  const state = new Map(reports.map((r) => [r.shift_code, r.confirmed ? ('submitted' as const) : ('draft' as const)]));
  const from = new Date(Math.min(...shifts.map((s) => s.startTime.getTime())));
  const to = new Date(Math.max(...shifts.map((s) => s.endTime.getTime())));
  const [planned, unplanned] = shifts.length
    ? await Promise.all([stopStarts(knex, 'planned_stops', q.lineId, q.day, from, to), stopStarts(knex, 'unplanned_stops', q.lineId, q.day, from, to)])
    : [[], []];
  const inShift = (starts: Date[], s: ShiftRow) => starts.filter((t) => t >= s.startTime && t < s.endTime).length;
  const actions = await listDbrActions(knex, { shopFloorId: q.shopFloorId, dateFrom: q.day, dateTo: q.day, lineNames: [q.lineName], shiftIds: [] });
  return {
    shifts: shifts.map((s) => ({ shift: s, report: state.get(s.code) ?? 'none', plannedStops: inShift(planned, s), unplannedStops: inShift(unplanned, s) })),
    openActions: actions.filter((a) => a.executedAt === null),
    actionCount: actions.length,
  };
}
