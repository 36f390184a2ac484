import { z } from 'zod';
import { notFound } from '../../../domain/shared/errors.js';
import { readRootCause } from '../../../commands/rootCauses/readRootCause.js';
import { handleRecordRootCause } from '../../../commands/rootCauses/recordRootCause.js';
import { NO_WHYS, type RootCauseState } from '../../../domain/rootCauses/state.js';
import { findUnplannedStop } from '../../../projections/stops/stops.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import { asOfParam, bigIdParam, parseAsOf } from '../../params.js';
import { analysisAsOf, unplannedStopExistedAt } from '../history/eventReads.js';
import { route, type RouteDef } from '../types.js';

/** A box may be left out (kept as saved); null is an empty box. Lengths are the domain's. */
const box = z
  .union([z.string(), z.null()], { error: 'Deve essere un testo' })
  .optional()
  .transform((v) => (v === null ? '' : v));
/** The 5-why chain: up to five entries, each a text (null keeps the saved answer); lengths are the domain's. */
const whys = z.array(z.union([z.string(), z.null()], { error: 'Deve essere un testo o null' }), { error: 'Deve essere una lista' }).optional();
/** The 6M category: one of the six names, '' or null for none. */
const category = z
  .union([z.string(), z.null()], { error: 'Deve essere un testo' })
  .optional()
  .transform((v) => (v === null ? '' : v));
/** The saved boxes become the command's input as they are parsed. */
const saveBody = z
  .object({ stop_event_id: bigIdParam, root_cause: box, troubleshooting: box, whys, category })
  .transform((b) => ({ stopEventId: b.stop_event_id, rootCause: b.root_cause, troubleshooting: b.troubleshooting, whys: b.whys, category: b.category }));

const present = (stopEventId: number, r: RootCauseState | null) => ({
  stop_event_id: stopEventId,
  root_cause: r?.rootCause ?? '',
  troubleshooting: r?.troubleshooting ?? '',
  whys: [...(r?.whys ?? NO_WHYS)],
  category: r?.category ?? '',
});

/** The Root Cause Tool's analysis per unplanned stop (two boxes, five whys, a 6M category), autosaved on blur (line log §2.5, §7). */
export function rootCauseRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/factory/root_cause/:stopEventId',
      action: 'stops:read',
      input: { params: z.object({ stopEventId: bigIdParam }), query: z.object({ as_of: asOfParam }) },
      async handler(ctx) {
        const { stopEventId } = ctx.input.params;
        // `as_of` answers its own message (BAD_AS_OF), so it is read apart from the declared parameters.
        const asOf = parseAsOf(ctx.query.as_of);
        if (asOf) {
          if (!(await unplannedStopExistedAt(deps, stopEventId, asOf))) throw notFound('Stop non trovato');
          ctx.body = present(stopEventId, await analysisAsOf(deps, stopEventId, asOf));
          return;
        }
        const stop = await findUnplannedStop(deps.knex, stopEventId);
        if (!stop) throw notFound('Stop non trovato');
        ctx.body = present(stopEventId, stop.rootCause);
      },
    }),
    route({
      method: 'post',
      path: '/factory/root_cause',
      action: 'root_causes:write',
      input: { body: saveBody, bodyMessage: 'Analisi non valida' },
      async handler(ctx) {
        const analysis = ctx.input.body;
        await runWithReadYourWrites(deps, ctx, (c) => handleRecordRootCause(deps, analysis, c));
        ctx.body = present(analysis.stopEventId, await readRootCause(deps, analysis.stopEventId));
      },
    }),
  ];
}
