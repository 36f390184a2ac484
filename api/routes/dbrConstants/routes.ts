import { z } from 'zod';
import { notFound } from '../../../domain/shared/errors.js';
import { handleSetDbrConstants, LINE_NOT_FOUND } from '../../../commands/dbr/setDbrConstants.js';
import { averageDbrConstants, findDbrConstants } from '../../../projections/dbrConstants/dbrConstants.queries.js';
import { missingActive } from '../../../projections/plant/plant.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import { BAD_PARAMS, idParam } from '../../params.js';
import { existingPlant } from '../../plantChecks.js';
import { route, type RouteDef } from '../types.js';
import { presentConstants } from './presenters.js';
import { averageBody, dbrConstantsBody } from './schema.js';

const lineParam = z.object({ line_id: idParam });

/** The DBR constants editor and the dashboard's averages (foundations §2, §3, §5, §7). */
export function dbrConstantsRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/factory/dbr_constants/:line_id',
      action: 'plant:read',
      input: { params: lineParam },
      async handler(ctx) {
        const { line_id } = ctx.input.params;
        await existingPlant(deps.knex, 'lines', line_id);
        ctx.body = { line_id, ...presentConstants(await findDbrConstants(deps.knex, line_id)) };
      },
    }),
    route({
      method: 'put',
      path: '/factory/dbr_constants/:line_id',
      action: 'dbr_constants:write',
      input: { params: lineParam, body: dbrConstantsBody, bodyMessage: 'Tutti i campi devono essere numeri' },
      async handler(ctx) {
        const { line_id } = ctx.input.params;
        const constants = ctx.input.body;
        await runWithReadYourWrites(deps, ctx, (c) => handleSetDbrConstants(deps, { lineId: line_id, constants }, c));
        ctx.body = { line_id, ...presentConstants(constants) };
      },
    }),
    route({
      method: 'post',
      path: '/factory/dbr_constants/average',
      action: 'plant:read',
      input: { body: averageBody, bodyMessage: BAD_PARAMS },
      async handler(ctx) {
        const lineIds = [...new Set(ctx.input.body)];
        const [missing] = await missingActive(deps.knex, 'lines', lineIds);
        if (missing !== undefined) throw notFound(`${LINE_NOT_FOUND}: ${missing}`);
        const avg = await averageDbrConstants(deps.knex, lineIds);
        ctx.body = { ...presentConstants(avg.constants), line_ids: avg.lineIds };
      },
    }),
  ];
}
