import { DateTime } from 'luxon';
import { z } from 'zod';
import { notFound, validationError } from '../../../domain/shared/errors.js';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import { findDbrConstants } from '../../../projections/dbrConstants/dbrConstants.queries.js';
import { lineHours, listDetectedStops } from '../../../projections/machines/machines.queries.js';
import { findLine, listActive } from '../../../projections/plant/plant.queries.js';
import type { AppDeps } from '../../deps.js';
import { bigIdParam, dayParam, idParam, optionalParam } from '../../params.js';
import { PLANT_NOT_FOUND } from '../../plantChecks.js';
import { local } from '../stopEvents/plantTime.js';
import { route, type RouteDef } from '../types.js';

const lineQuery = { shop_floor_id: idParam, line_id: idParam };

export const detectedStopsQuery = z.object({
  ...lineQuery,
  day: optionalParam(dayParam),
  shift_id: optionalParam(bigIdParam),
  state: z.enum(['open', 'unclassified', 'all'], { error: 'Valori ammessi: open, unclassified, all' }).default('all'),
});

export const lineHoursQuery = z.object({ ...lineQuery, day: dayParam });

/** A plant day as the instants it spans (23 or 25 hours on the days the clock changes). */
function dayWindow(day: string): { from: Date; to: Date } {
  const start = DateTime.fromISO(day, { zone: PLANT_ZONE });
  return { from: start.toJSDate(), to: start.plus({ days: 1 }).toJSDate() };
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
        if ((q.day === undefined) === (q.shift_id === undefined)) throw validationError('Parametri non validi', { day: 'Indicare day oppure shift_id' });
        await lineOn(deps, q.shop_floor_id, q.line_id);
        let window = q.day ? dayWindow(q.day) : null;
        if (!window) {
          const shift = await deps.knex('shifts').where({ id: q.shift_id, shop_floor_id: q.shop_floor_id }).first('start_time', 'end_time');
          if (!shift) throw notFound('Turno non trovato');
          window = { from: shift.start_time as Date, to: shift.end_time as Date };
        }
        const now = deps.clock().getTime();
        const rows = await listDetectedStops(deps.knex, { shopFloorId: q.shop_floor_id, lineId: q.line_id, ...window, state: q.state });
        ctx.body = rows.map((r) => ({
          id: r.id,
          equipment_id: r.equipmentId,
          start_time: local(r.startTime),
          end_time: r.endTime ? local(r.endTime) : null,
          duration_minutes: Math.max(0, Math.round(((r.endTime?.getTime() ?? now) - r.startTime.getTime()) / 60_000)),
          classified_stop_id: r.classifiedStopId,
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
        const line = await lineOn(deps, q.shop_floor_id, q.line_id);
        // The line's pieces are its reference machine's count when one of its machines has that name, else its last machine's (the end of the line).
        const machines = await listActive(deps.knex, 'equipments', line.id);
        const counting = (machines.find((e) => e.name === line.referenceMachine) ?? machines.at(-1))?.id ?? null;
        const { from, to } = dayWindow(q.day);
        const [rows, constants] = await Promise.all([lineHours(deps.knex, line.id, from, to, counting), findDbrConstants(deps.knex, line.id)]);
        const byHour = new Map(rows.map((r) => [r.hourStart.getTime(), r]));
        const hours: object[] = [];
        for (let h = from.getTime(); h < to.getTime(); h += 3_600_000) {
          const r = byHour.get(h);
          hours.push({
            hour: local(new Date(h)),
            good: r?.good ?? 0,
            reject: r?.reject ?? 0,
            target: constants ? Math.round(constants.def_speed) : null,
            micro_stops: r?.microStops ?? 0,
            micro_stop_minutes: r?.microStopMinutes ?? 0,
          });
        }
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
