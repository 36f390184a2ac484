import { DateTime } from 'luxon';
import { z } from 'zod';
import { notFound, validationError } from '../../../domain/shared/errors.js';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import { findDbrConstants } from '../../../projections/dbrConstants/dbrConstants.queries.js';
import { listDetectedStops } from '../../../projections/machines/machines.queries.js';
import { findLine, listActive } from '../../../projections/plant/plant.queries.js';
import type { AppDeps } from '../../deps.js';
import { bigIdParam, dayParam, idParam, optionalParam } from '../../params.js';
import { PLANT_NOT_FOUND } from '../../plantChecks.js';
import { local } from '../stopEvents/plantTime.js';
import { route, type RouteDef } from '../types.js';
import { countedHours } from './countedHours.js';
import { runningAtSend } from './sentShifts.js';

const lineQuery = { shop_floor_id: idParam, line_id: idParam };

/** A plant day or a shift of the shop floor: one of the two. */
const windowQuery = { day: optionalParam(dayParam), shift_id: optionalParam(bigIdParam) };

export const detectedStopsQuery = z.object({
  ...lineQuery,
  ...windowQuery,
  state: z.enum(['open', 'unclassified', 'all'], { error: 'Valori ammessi: open, unclassified, all' }).default('all'),
});

export const lineHoursQuery = z.object({ ...lineQuery, ...windowQuery });

/** The instants a plant day (23 or 25 hours on the days the clock changes) or a shift spans (400 without either, 404 for a shift of another shop floor). */
async function windowOf(deps: AppDeps, q: { shop_floor_id: number; day?: string; shift_id?: number }): Promise<{ from: Date; to: Date }> {
  if ((q.day === undefined) === (q.shift_id === undefined)) throw validationError('Parametri non validi', { day: 'Indicare day oppure shift_id' });
  if (q.day) {
    const start = DateTime.fromISO(q.day, { zone: PLANT_ZONE });
    return { from: start.toJSDate(), to: start.plus({ days: 1 }).toJSDate() };
  }
  const shift = await deps.knex('shifts').where({ id: q.shift_id, shop_floor_id: q.shop_floor_id }).first('start_time', 'end_time');
  if (!shift) throw notFound('Turno non trovato');
  return { from: shift.start_time as Date, to: shift.end_time as Date };
}

/** The line, on its shop floor (404 otherwise). */
async function lineOn(deps: AppDeps, shopFloorId: number, lineId: number) {
  const line = await findLine(deps.knex, lineId);
  if (!line || line.shopFloorId !== shopFloorId) throw notFound(PLANT_NOT_FOUND.lines);
  return line;
}

/** The calls of the machines' signals (docs/machine-signals.md): detected stops and counted hours. */
export function machineRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/factory/detected_stops',
      action: 'stops:read',
      input: { query: detectedStopsQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        const window = await windowOf(deps, q);
        await lineOn(deps, q.shop_floor_id, q.line_id);
        const now = deps.clock().getTime();
        const rows = await listDetectedStops(deps.knex, { shopFloorId: q.shop_floor_id, lineId: q.line_id, ...window, state: q.state });
        const afterSubmit = await runningAtSend(deps, { shopFloorId: q.shop_floor_id, lineId: q.line_id, from: window.from }, rows);
        ctx.body = rows.map((r, i) => ({
          id: r.id,
          equipment_id: r.equipmentId,
          start_time: local(r.startTime),
          end_time: r.endTime ? local(r.endTime) : null,
          duration_minutes: Math.max(0, Math.round(((r.endTime?.getTime() ?? now) - r.startTime.getTime()) / 60_000)),
          classified_stop_id: r.classifiedStopId,
          after_submit: afterSubmit[i]!,
        }));
      },
    }),
    route({
      method: 'get',
      path: '/factory/line_hours',
      action: 'dashboard:read',
      input: { query: lineHoursQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        const { from, to } = await windowOf(deps, q);
        const line = await lineOn(deps, q.shop_floor_id, q.line_id);
        const [rows, constants] = await Promise.all([countedHours(deps, line, from, to), findDbrConstants(deps.knex, line.id)]);
        const hours = rows.map((r) => ({
          hour: local(new Date(r.hourStart)),
          good: r.good,
          reject: r.reject,
          counted: r.counted,
          target: constants ? Math.round(constants.def_speed) : null,
          micro_stops: r.microStops,
          micro_stop_minutes: r.microStopMinutes,
        }));
        ctx.body = hours;
      },
    }),
    {
      method: 'get',
      path: '/admin/machine_signals',
      action: 'ops:read',
      // The connector's view for the 'Proiezioni' page: every active machine of the plant with the last message it sent.
      async handler(ctx) {
        const [lines, equipments] = await Promise.all([listActive(deps.knex, 'lines'), listActive(deps.knex, 'equipments')]);
        const status = deps.machineSignals?.status() ?? null;
        const heard = new Map((status?.machines ?? []).map((m) => [m.equipmentId, m]));
        const lineNames = new Map(lines.map((l) => [l.id, l.name]));
        ctx.body = {
          enabled: status !== null,
          connected: status?.connected ?? false,
          broker: status?.broker ?? null,
          error: status?.error ?? null,
          received: status?.received ?? 0,
          ignored: status ? Object.values(status.ignored).reduce((a, b) => a + b, 0) : 0,
          machines: equipments
            .filter((e) => lineNames.has(e.parentId!))
            .map((e) => {
              const m = heard.get(e.id);
              return {
                equipment_id: e.id,
                equipment_name: e.name,
                line_id: e.parentId,
                line_name: lineNames.get(e.parentId!)!,
                state: m?.state ?? null,
                last_message_at: m?.lastMessageAt ?? null,
                last_topic: m?.lastKind ?? null,
              };
            }),
        };
      },
    },
  ];
}
