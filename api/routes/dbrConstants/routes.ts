import { z } from 'zod';
import { notFound } from '../../../domain/shared/errors.js';
import { handleSetDbrConstants, LINE_NOT_FOUND } from '../../../commands/dbr/setDbrConstants.js';
import { averageDbrConstants, findDbrConstants } from '../../../projections/dbrConstants/dbrConstants.queries.js';
import { missingActive } from '../../../projections/plant/plant.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../validation.js';
import { BAD_PARAMS, existingPlant, idParam } from '../plant/params.js';
import type { RouteDef } from '../types.js';
import { presentConstants } from './presenters.js';
import { averageBody, dbrConstantsBody } from './schema.js';

const lineParam = z.object({ line_id: idParam });

/** The DBR constants editor and the dashboard's averages (foundations §2, §3, §5, §7). */
export function dbrConstantsRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/factory/dbr_constants/:line_id',
      action: 'plant:read',
      async handler(ctx) {
        const { line_id } = parseInput(lineParam, ctx.params, BAD_PARAMS);
        await existingPlant(deps.knex, 'lines', line_id);
        ctx.body = { line_id, ...presentConstants(await findDbrConstants(deps.knex, line_id)) };
      },
    },
    {
      method: 'put',
      path: '/factory/dbr_constants/:line_id',
      action: 'dbr_constants:write',
      async handler(ctx) {
        const { line_id } = parseInput(lineParam, ctx.params, BAD_PARAMS);
        const constants = parseInput(dbrConstantsBody, ctx.request.body ?? {}, 'Tutti i campi devono essere numeri');
        await runWithReadYourWrites(deps, ctx, (c) => handleSetDbrConstants(deps, { lineId: line_id, constants }, c));
        ctx.body = { line_id, ...presentConstants(constants) };
      },
    },
    {
      method: 'post',
      path: '/factory/dbr_constants/average',
      action: 'plant:read',
      async handler(ctx) {
        const lineIds = [...new Set(parseInput(averageBody, ctx.request.body, BAD_PARAMS))];
        const [missing] = await missingActive(deps.knex, 'lines', lineIds);
        if (missing !== undefined) throw notFound(`${LINE_NOT_FOUND}: ${missing}`);
        const avg = await averageDbrConstants(deps.knex, lineIds);
        ctx.body = { ...presentConstants(avg.constants), line_ids: avg.lineIds };
      },
    },
  ];
}
