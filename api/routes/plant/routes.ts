import { z } from 'zod';
import { notFound } from '../../../domain/shared/errors.js';
import { findLine, findReportLabels, listPlannedStopReasons, findUnits, listActive, listShopFloors, type PlantView } from '../../../projections/plant/plant.queries.js';
import type { AppDeps } from '../../deps.js';
import { idParam, optionalParam } from '../../params.js';
import { existingPlant, PLANT_NOT_FOUND } from '../../plantChecks.js';
import { route, type RouteDef } from '../types.js';
import { presentChild, presentNamed, presentRefMachine, presentShopFloor, presentUnits } from './presenters.js';

/**
 * The plant's structure as the selectors of every screen read it (foundations §7,
 * line log §7). Unknown or retired ids answer 404, malformed ones 400.
 */
export function plantRoutes(deps: AppDeps): RouteDef[] {
  const { knex } = deps;
  const existing = (view: PlantView, id: number) => existingPlant(knex, view, id);

  /** GET /factory/<children>?<param>=id: the parent must exist, then its active children. */
  const children = (path: string, param: string, parent: PlantView, view: PlantView, parentKey: string): RouteDef =>
    route({
      method: 'get',
      path,
      action: 'plant:read',
      input: { query: z.object({ [param]: idParam }) },
      async handler(ctx) {
        const parentId = (ctx.input.query as Record<string, number>)[param]!;
        await existing(parent, parentId);
        ctx.body = (await listActive(knex, view, parentId)).map(presentChild(parentKey));
      },
    });

  const flat = (path: string, view: PlantView): RouteDef => ({
    method: 'get',
    path,
    action: 'plant:read',
    async handler(ctx) {
      ctx.body = (await listActive(knex, view)).map(presentNamed);
    },
  });

  const perShopFloor = (path: string, read: (shopFloorId: number) => Promise<unknown>): RouteDef =>
    route({
      method: 'get',
      path,
      action: 'plant:read',
      input: { params: z.object({ shop_floor_id: idParam }) },
      async handler(ctx) {
        const { shop_floor_id } = ctx.input.params;
        await existing('shopFloors', shop_floor_id);
        ctx.body = await read(shop_floor_id);
      },
    });

  return [
    route({
      method: 'get',
      path: '/factory/shop_floors',
      action: 'plant:read',
      input: { query: z.object({ name: z.string().max(120).optional() }) },
      async handler(ctx) {
        ctx.body = (await listShopFloors(knex, ctx.input.query.name)).map(presentShopFloor);
      },
    }),
    route({
      method: 'get',
      path: '/factory/lines',
      action: 'plant:read',
      input: { query: z.object({ shop_floor_id: optionalParam(idParam) }) },
      async handler(ctx) {
        const { shop_floor_id } = ctx.input.query;
        if (shop_floor_id !== undefined) await existing('shopFloors', shop_floor_id);
        ctx.body = (await listActive(knex, 'lines', shop_floor_id)).map(presentChild('shop_floor_id'));
      },
    }),
    children('/factory/equipments', 'line_id', 'lines', 'equipments', 'line_id'),
    route({
      method: 'get',
      path: '/factory/line_ref_machine/:line_id',
      action: 'plant:read',
      input: { params: z.object({ line_id: idParam }) },
      async handler(ctx) {
        const line = await findLine(knex, ctx.input.params.line_id);
        if (!line) throw notFound(PLANT_NOT_FOUND.lines);
        ctx.body = presentRefMachine(line);
      },
    }),
    children('/factory/workpoints', 'equipment_id', 'equipments', 'workpoints', 'equipment_id'),
    children('/factory/stop_codes', 'workpoint_id', 'workpoints', 'stopCodes', 'workpoint_id'),
    flat('/factory/triggering_events', 'triggeringEvents'),
    {
      method: 'get',
      path: '/factory/planned_stop_reasons',
      action: 'plant:read',
      async handler(ctx) {
        ctx.body = await listPlannedStopReasons(knex);
      },
    },
    perShopFloor('/factory/units_of_measurement/:shop_floor_id', async (id) => {
      const units = await findUnits(knex, id);
      if (!units) throw notFound('Unità di misura non configurate per il reparto');
      return presentUnits(id, units);
    }),
    perShopFloor('/factory/report_labels/:shop_floor_id', (id) => findReportLabels(knex, id)),
  ];
}
