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
import { presentDbrAction, presentEffectiveness, rowFromFacts } from './presenters.js';
import { createBody, DEFAULT_EFFECT_DAYS, effectivenessQuery, rangeQuery, targetBody } from './schema.js';
import { handleSetDbrActionTarget } from '../../../commands/dbrActions/setDbrActionTarget.js';
import { actionEffectiveness } from '../../../projections/dbrActions/effectiveness.queries.js';
import type { CommandContext } from '../../../commands/handleCommand.js';
import type { z } from 'zod';

/**
 * The DBR actions (foundations §2, §4, §7; docs/dbr-actions.md): the form's creation,
 * the range list of 'Attività giornaliere', the DBR screen and the dashboards, the
 * checkbox, the target (the loss an action is meant to cure), the deletion, and the
 * effectiveness of the executed actions on their target's stops (docs/oee.md).
 */
export function dbrActionRoutes(deps: AppDeps): RouteDef[] {
  const present = async (result: DbrActionResult) => presentDbrAction(rowFromFacts(result.action, await readPlantState(deps)));
  /** `PATCH /factory/dbr_actions/{id}/<verb>`: a command on one action, answered with the action as it now stands. */
  const onAction = <B>(
    verb: string,
    action: 'dbr_actions:tick' | 'dbr_actions:write',
    run: (id: number, body: B, c: CommandContext) => Promise<DbrActionResult>,
    body?: z.ZodType<B>,
  ) =>
    route({
      method: 'patch',
      path: `/factory/dbr_actions/:id/${verb}`,
      action,
      input: body ? { params: idPath, body, bodyMessage: 'Azione DBR non valida' } : { params: idPath },
      async handler(ctx) {
        const input = ctx.input as { params: { id: number }; body: B };
        ctx.body = await present(await runWithReadYourWrites(deps, ctx, (c) => run(input.params.id, input.body, c)));
      },
    });
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
        const rows = await listDbrActions(deps.knex, {
          shopFloorId: q.shop_floor_id,
          dateFrom: q.date_from,
          dateTo: q.date_to,
          lineNames: q.lines,
          shiftIds: q.shifts,
          shiftCodes: q.shift_codes,
        });
        ctx.body = rows.map(presentDbrAction);
      },
    }),
    // The checkbox (every role) and the target (the improvement roles): each answers the action as it now stands.
    onAction('mark-executed', 'dbr_actions:tick', (id, _body, c) => handleMarkDbrExecuted(deps, { actionId: id }, c)),
    onAction('unmark-executed', 'dbr_actions:tick', (id, _body, c) => handleUnmarkDbrExecuted(deps, { actionId: id }, c)),
    onAction('target', 'dbr_actions:write', (id, body, c) => handleSetDbrActionTarget(deps, { actionId: id, ...body }, c), targetBody),
    route({
      method: 'get',
      path: '/factory/dbr/action-effectiveness',
      action: 'dbr_actions:read',
      input: { query: effectivenessQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        await checkRangeFilter(deps.knex, { shopFloorId: q.shop_floor_id, dateFrom: q.date_from, dateTo: q.date_to, shiftIds: [] }, shiftIdsOfShopFloor);
        const days = q.days ?? DEFAULT_EFFECT_DAYS;
        const rows = await actionEffectiveness(deps.knex, { shopFloorId: q.shop_floor_id, lineNames: q.lines, from: q.date_from, to: q.date_to, days, now: deps.clock() });
        ctx.body = { days, rows: rows.map(presentEffectiveness) };
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
