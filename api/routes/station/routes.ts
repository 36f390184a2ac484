import { z } from 'zod';
import { activeItem } from '../../../domain/plant/state.js';
import { handleChooseDefaultStation } from '../../../commands/station/chooseDefaultStation.js';
import { findDefaultStation } from '../../../projections/stations/stations.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../middlewares/auth.js';
import { idParam } from '../../params.js';
import { route, type RouteDef } from '../types.js';

const stationBody = z.object({
  shopFloorId: idParam,
  lineId: idParam,
  equipmentId: z
    .union([idParam, z.null(), z.literal('')])
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : v)),
});

/**
 * The signed-in user's default station, kept on the server so it follows the user to
 * any device (foundations §1, §3). Each user reads and writes only their own. A user who has
 * not chosen one yet gets 200 with `null`: 'no station yet' is a normal state, not an error.
 */
export function stationRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/factory/default_station',
      action: 'plant:read',
      async handler(ctx) {
        const user = ctx.state.user as AuthUser;
        const station = await findDefaultStation(deps.knex, user.username);
        ctx.type = 'application/json';
        ctx.body = station ?? 'null';
      },
    },
    route({
      method: 'put',
      path: '/factory/default_station',
      action: 'station:write',
      input: { body: stationBody, bodyMessage: 'Stazione non valida' },
      async handler(ctx) {
        const body = ctx.input.body;
        const { plant } = await runWithReadYourWrites(deps, ctx, (c) => handleChooseDefaultStation(deps, body, c));
        const equipment = body.equipmentId === null ? null : activeItem(plant, 'equipment', body.equipmentId);
        ctx.body = {
          shopFloorId: body.shopFloorId,
          lineId: body.lineId,
          equipmentId: body.equipmentId,
          shopFloorName: activeItem(plant, 'shopFloor', body.shopFloorId)!.name,
          lineName: activeItem(plant, 'line', body.lineId)!.name,
          equipmentName: equipment?.name ?? null,
        };
      },
    }),
  ];
}
