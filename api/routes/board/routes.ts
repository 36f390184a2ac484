import { DateTime } from 'luxon';
import { z } from 'zod';
import { boardFigures, boardPieces } from '../../../domain/board/board.js';
import { hourlyControl } from '../../../domain/board/hourly.js';
import { notFound } from '../../../domain/shared/errors.js';
import { speedsInForce } from '../../../projections/dashboard/dashboard.queries.js';
import { listDbrActions } from '../../../projections/dbrActions/dbrActions.queries.js';
import { findDbrConstantsOf } from '../../../projections/dbrConstants/dbrConstants.queries.js';
import { listLines, type LineRow } from '../../../projections/plant/plant.queries.js';
import { findShiftReports } from '../../../projections/shiftReports/shiftReports.queries.js';
import { listShifts, type ShiftRow } from '../../../projections/shifts/shifts.queries.js';
import { listPlannedStops, listUnplannedStops } from '../../../projections/stops/stops.queries.js';
import type { AppDeps } from '../../deps.js';
import { idParam, optionalParam } from '../../params.js';
import { existingPlant, PLANT_NOT_FOUND } from '../../plantChecks.js';
import { countedHoursOfLines } from '../machines/countedHours.js';
import { local } from '../stopEvents/plantTime.js';
import { route, type RouteDef } from '../types.js';

const ZONE = 'Europe/Rome';
/** A line's stops on the board: the longest first, as many as a TV shows. */
const BOARD_STOPS = 8;

const minutes = (s: { startTime: Date; endTime: Date }) => Math.round((s.endTime.getTime() - s.startTime.getTime()) / 60_000);

/** The shift of the shop floor running at `now` (yesterday's night shift included), or null between shifts. */
async function currentShift(deps: AppDeps, shopFloorId: number, now: Date): Promise<ShiftRow | null> {
  const today = DateTime.fromJSDate(now).setZone(ZONE);
  const shifts = await listShifts(deps.knex, shopFloorId, today.minus({ days: 1 }).toISODate()!, today.toISODate()!, true);
  return shifts.find((s) => s.startTime <= now && now < s.endTime) ?? null;
}

type Line = Pick<LineRow, 'id' | 'name' | 'countingEquipmentId'>;

/**
 * What the board shows of every line in the shift, read once for all of them (eight queries
 * however many lines: stops, planned stops, DBR actions, reports, constants, design speeds,
 * machines and counted hours), then handed out per line. The design speed is the one in force at
 * the shift's start (docs/dashboard.md): a change made during the shift applies from the next one.
 */
async function shiftLists(deps: AppDeps, shopFloorId: number, lines: Line[], shift: ShiftRow) {
  const window = { start: shift.startTime, end: shift.endTime };
  const lineIds = lines.map((l) => l.id);
  const [unplanned, planned, actions, reports, constants, speeds, counted] = await Promise.all([
    listUnplannedStops(deps.knex, { shopFloorId, lineIds, window }),
    listPlannedStops(deps.knex, { shopFloorId, lineIds, window }),
    listDbrActions(deps.knex, { shopFloorId, dateFrom: shift.shiftDay, dateTo: shift.shiftDay, lineNames: lines.map((l) => l.name), shiftIds: [shift.id] }),
    findShiftReports(deps.knex, lineIds, shift.shiftDay, shift.code),
    findDbrConstantsOf(deps.knex, lineIds),
    speedsInForce(deps.knex, lineIds, shift.startTime),
    countedHoursOfLines(deps, lines, window.start, window.end),
  ]);
  return (line: Line) => ({
    unplanned: unplanned.rows.filter((s) => s.line.id === line.id),
    planned: planned.filter((s) => s.line.id === line.id),
    actions: actions.filter((a) => a.lineName === line.name),
    report: reports.get(line.id) ?? null,
    constants: constants.get(line.id) ?? null,
    defSpeed: speeds.get(line.id) ?? null,
    counted: counted.get(line.id) ?? [],
  });
}

function boardLine(line: Line, shift: ShiftRow | null, lists: Awaited<ReturnType<typeof shiftLists>> | null, now: Date) {
  if (!shift || !lists) return { line_id: line.id, line_name: line.name, shift: null };
  const window = { start: shift.startTime, end: shift.endTime };
  const { unplanned, planned, actions, report, constants, defSpeed, counted } = lists(line);
  const plannedStops = planned.map((s) => ({ start: s.startTime, end: s.endTime }));
  const begun = counted.filter((h) => h.hourStart < now.getTime());
  const shown = boardPieces(report && { pieces: report.productionVolume, waste: report.waste, confirmed: report.confirmed }, begun);
  const figures = boardFigures({ shift: window, now, defSpeed, pieces: shown.pieces, waste: shown.waste, plannedStops });
  const hours = hourlyControl({ shift: window, now, defSpeed, plannedStops, hours: counted });
  const stops = [
    ...unplanned.map((s) => ({
      kind: 'unplanned' as const,
      start_time: s.startTime,
      end_time: s.endTime,
      minutes: minutes(s),
      equipment: s.equipment.name,
      reason: s.stopCode.name,
    })),
    ...planned.map((s) => ({
      kind: 'planned' as const,
      start_time: s.startTime,
      end_time: s.endTime,
      minutes: minutes(s),
      equipment: s.equipment.name,
      reason: s.plannedReason.name,
    })),
  ].sort((a, b) => b.minutes - a.minutes || a.start_time.getTime() - b.start_time.getTime());
  return {
    line_id: line.id,
    line_name: line.name,
    shift: { id: shift.id, name: shift.name, code: shift.code, day: shift.shiftDay, start_time: shift.startTime, end_time: shift.endTime },
    def_speed: defSpeed,
    pieces: shown.pieces,
    waste: shown.waste,
    pieces_source: shown.source,
    report_confirmed: report?.confirmed ?? false,
    target_now: figures.targetNow,
    elapsed_minutes: figures.elapsedMinutes,
    run_minutes: figures.runMinutes,
    rendimento: figures.rendimento,
    scarto: figures.scarto,
    ut_threshold: constants?.ut_threshold ?? null,
    waste_threshold: constants?.waste_threshold ?? null,
    stop_count: stops.length,
    stop_minutes: stops.reduce((sum, s) => sum + s.minutes, 0),
    stops: stops.slice(0, BOARD_STOPS),
    hours: hours.map((h) => ({ hour: local(new Date(h.hourStart)), good: h.good, reject: h.reject, target: h.target, counted: h.counted })),
    dbr_actions: actions.map((a) => ({ id: a.id, activity: a.activity, owner: a.owner, equipment: a.equipmentName, due_shift: a.dueShiftName, executed: a.executedAt !== null })),
  };
}

/** 'Tabellone' (docs/board.md): each line of a shop floor (or one) in the shift running now, in one answer. */
export function boardRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/factory/board',
      action: 'board:read',
      input: { query: z.object({ shop_floor_id: idParam, line_id: optionalParam(idParam) }) },
      async handler(ctx) {
        const q = ctx.input.query;
        await existingPlant(deps.knex, 'shopFloors', q.shop_floor_id);
        const now = deps.clock();
        const lines = (await listLines(deps.knex, q.shop_floor_id)).filter((l) => q.line_id === undefined || l.id === q.line_id);
        // A line of another shop floor is as unknown here as a line that does not exist.
        if (q.line_id !== undefined && lines.length === 0) throw notFound(PLANT_NOT_FOUND.lines);
        const shift = await currentShift(deps, q.shop_floor_id, now);
        const lists = shift ? await shiftLists(deps, q.shop_floor_id, lines, shift) : null;
        ctx.body = { shop_floor_id: q.shop_floor_id, generated_at: now, lines: lines.map((l) => boardLine(l, shift, lists, now)) };
      },
    }),
  ];
}
