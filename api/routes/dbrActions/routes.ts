import { handleCreateDbrAction } from '../../../commands/dbrActions/createDbrAction.js';
import { handleDeleteDbrAction } from '../../../commands/dbrActions/deleteDbrAction.js';
import { handleMarkDbrExecuted } from '../../../commands/dbrActions/markDbrExecuted.js';
import { handleUnmarkDbrExecuted } from '../../../commands/dbrActions/unmarkDbrExecuted.js';
import { readPlantState } from '../../../commands/plant/readPlant.js';
import type { DbrActionResult } from '../../../commands/dbrActions/actionStream.js';
import { listDbrActions, shiftIdsOfShopFloor } from '../../../projections/dbrActions/dbrActions.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import { idPath } from '../../params.js';
import { checkRangeFilter } from '../../plantChecks.js';
import { route, type RouteDef } from '../types.js';
import { presentDbrAction, rowFromFacts } from './presenters.js';
import { createBody, rangeQuery } from './schema.js';

/**
 * The DBR actions (foundations §2, §4, §7; docs/dbr-actions.md): the form's creation,
 * the range list of 'Attività giornaliere', the DBR screen and the dashboards, the
 * checkbox and the deletion.
 */
export function dbrActionRoutes(deps: AppDeps): RouteDef[] {
  const present = async (result: DbrActionResult) => presentDbrAction(rowFromFacts(result.action, await readPlantState(deps)));
  return [
    route({
      method: 'post',
      path: '/factory/dbr_actions',
      action: 'dbr_actions:write',
      input: { body: createBody, bodyMessage: 'Azione DBR non valida' },
      status: 201,
      async handler(ctx) {
        const result = await runWithReadYourWrites(deps, ctx, (c) => handleCreateDbrAction(deps, ctx.input.body, c));
        ctx.body = await present(result);
      },
    }),
    route({
      method: 'get',
      path: '/factory/dbr_actions-range',
      action: 'dbr_actions:read',
      input: { query: rangeQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        await checkRangeFilter(deps.knex, { shopFloorId: q.shop_floor_id, dateFrom: q.date_from, dateTo: q.date_to, shiftIds: q.shifts }, shiftIdsOfShopFloor);
        const rows = await listDbrActions(deps.knex, { shopFloorId: q.shop_floor_id, dateFrom: q.date_from, dateTo: q.date_to, lineNames: q.lines, shiftIds: q.shifts });
        ctx.body = rows.map(presentDbrAction);
      },
    }),
    route({
      method: 'patch',
      path: '/factory/dbr_actions/:id/mark-executed',
      action: 'dbr_actions:tick',
      input: { params: idPath },
      async handler(ctx) {
        const { id } = ctx.input.params;
        ctx.body = await present(await runWithReadYourWrites(deps, ctx, (c) => handleMarkDbrExecuted(deps, { actionId: id }, c)));
      },
    }),
    route({
      method: 'patch',
      path: '/factory/dbr_actions/:id/unmark-executed',
      action: 'dbr_actions:tick',
      input: { params: idPath },
      async handler(ctx) {
        const { id } = ctx.input.params;
        ctx.body = await present(await runWithReadYourWrites(deps, ctx, (c) => handleUnmarkDbrExecuted(deps, { actionId: id }, c)));
      },
    }),
    route({
      method: 'delete',
      path: '/factory/dbr_actions/:id',
      action: 'dbr_actions:write',
      input: { params: idPath },
      async handler(ctx) {
        const { id } = ctx.input.params;
        await runWithReadYourWrites(deps, ctx, (c) => handleDeleteDbrAction(deps, { actionId: id }, c));
        ctx.body = { id, deleted: true };
      },
    }),
  ];
}
