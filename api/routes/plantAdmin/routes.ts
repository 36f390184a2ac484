import { applyPlantFile, previewPlantFile, readPlantFile } from '../../../commands/plant/applyPlantFile.js';
import { z } from 'zod';
import type { PlantChange } from '../../../domain/plant/changes.js';
import { PLANT_STREAM } from '../../../domain/plant/events.js';
import { isPlantKind, plantItemHistory } from '../../../domain/plant/itemHistory.js';
import { PLANT_KINDS } from '../../../domain/plant/state.js';
import type { PlantFile } from '../../../domain/plant/plantFile.js';
import { conflict, notFound, validationError } from '../../../domain/shared/errors.js';
import { plantRefs, type PlantRefs } from '../../../projections/plant/plantRefs.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import { idParam } from '../../params.js';
import { readEvents } from '../history/eventReads.js';
import { local } from '../stopEvents/plantTime.js';
import { route, type RouteDef } from '../types.js';
import { placeOf, presentChanges, refsOf } from './presenters.js';
import { applyBody, BAD_PLANT_FILE, previewBody } from './schema.js';

export const PLANT_CHANGED = "L'impianto è stato modificato da quando è stato letto: ricarica e rivedi le modifiche";
export const OPEN_WORK = 'Ritiro non possibile: ci sono azioni DBR aperte su ciò che verrebbe ritirato. Eseguile o eliminale prima';

/** What still refers to the items these changes retire. */
function refsFor(deps: AppDeps, changes: PlantChange[]): Promise<PlantRefs> {
  const retired = (kind: PlantChange['kind']) => changes.filter((c) => c.change === 'retired' && c.kind === kind).map((c) => c.id);
  return plantRefs(deps.knex, { shopFloor: retired('shopFloor'), line: retired('line'), equipment: retired('equipment'), stopCode: retired('stopCode') });
}

/** A retirement that would leave open DBR actions on a retired line, machine or stop code: refused, naming each. */
function refuseOrphans(changes: PlantChange[], refs: PlantRefs): void {
  const fields: Record<string, string> = {};
  for (const c of changes) {
    if (c.change !== 'retired') continue;
    const open = refsOf(c, { openActions: refs.openActions, stations: [] });
    if (open.length > 0) fields[placeOf(c)] = open.join('; ');
  }
  if (Object.keys(fields).length > 0) throw validationError(OPEN_WORK, fields);
}

/**
 * The plant set up from the browser ('Impianto', docs/plant.md): the current plant file, the
 * preview of a file's changes (nothing written) and its apply, all-or-nothing for the structure,
 * refused with 409 when the plant moved since the revision the admin reviewed.
 */
export function plantAdminRoutes(deps: AppDeps): RouteDef[] {
  /** The file's changes against the plant as it is now, refused when they would orphan open work. */
  const check = async (plant: PlantFile) => {
    const plan = await previewPlantFile(deps, plant);
    const refs = await refsFor(deps, plan.changes);
    refuseOrphans(plan.changes, refs);
    return { plan, refs };
  };
  return [
    route({
      method: 'get',
      path: '/admin/plant/history',
      action: 'plant:admin',
      input: { query: z.object({ kind: z.enum(PLANT_KINDS), id: idParam }) },
      async handler(ctx) {
        const { kind, id } = ctx.input.query;
        const entries = isPlantKind(kind) ? plantItemHistory(await readEvents(deps, PLANT_STREAM), kind, id) : null;
        if (!entries) throw notFound("Elemento dell'impianto non trovato");
        ctx.body = entries.map((e) => ({ ...e, at: local(e.at) }));
      },
    }),
    route({
      method: 'get',
      path: '/admin/plant',
      action: 'plant:admin',
      async handler(ctx) {
        ctx.body = await readPlantFile(deps);
      },
    }),
    route({
      method: 'post',
      path: '/admin/plant/preview',
      action: 'plant:admin',
      input: { body: previewBody, bodyMessage: BAD_PLANT_FILE },
      async handler(ctx) {
        const { plan, refs } = await check(ctx.input.body.plant);
        ctx.body = { revision: plan.revision, changes: presentChanges(plan.changes, refs) };
      },
    }),
    route({
      method: 'put',
      path: '/admin/plant',
      action: 'plant:admin',
      input: { body: applyBody, bodyMessage: BAD_PLANT_FILE },
      async handler(ctx) {
        const { plant, revision } = ctx.input.body;
        // The preview's checks on the plant as it is now; a plant that moved since the admin's revision is a 409
        // before anything else, and the append itself requires that revision again.
        const { plan, refs } = await check(plant);
        if (plan.revision !== revision) throw conflict('PLANT_CHANGED', PLANT_CHANGED);
        const applied = await runWithReadYourWrites(deps, ctx, (c) => applyPlantFile(deps, { plant, revision }, c));
        ctx.body = { revision: applied.revision, changes: presentChanges(applied.changes, refs) };
      },
    }),
  ];
}
