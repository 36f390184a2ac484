import { z } from 'zod';
import { readPlantState } from '../../../commands/plant/readPlant.js';
import { resolveReportLine } from '../../../projections/plant/plant.queries.js';
import { dbrActionStream } from '../../../domain/dbrActions/events.js';
import { dbrActionHistory, plannedStopHistory, rootCauseHistory, shiftReportHistory, unplannedStopHistory, type HistoryEntry } from '../../../domain/history/entries.js';
import { settingsOf } from '../../../domain/plant/state.js';
import { rootCauseStream } from '../../../domain/rootCauses/events.js';
import { dbrActionNotFound } from '../../../domain/dbrActions/rules.js';
import { shiftReportStream } from '../../../domain/shiftReports/events.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../middlewares/auth.js';
import { bigIdParam, idPath, shiftNoteQuery } from '../../params.js';
import { local } from '../stopEvents/plantTime.js';
import { route, type RouteDef } from '../types.js';
import { readEvents, stopEvents } from './eventReads.js';

/** An entry as the calls answer it: the time in Europe/Rome, to the millisecond when it has some (so it can be an as_of). */
const present = (entries: HistoryEntry[]) => entries.map((e) => ({ ...e, at: local(e.at) }));

/**
 * The history calls (docs/audit.md): one per kind of record, computed from its stream on
 * each call, oldest first. The line log's report and stops are open to whoever keeps that
 * log (operators too); root causes and DBR actions to the improvement roles and admin.
 */
export function historyRoutes(deps: AppDeps): RouteDef[] {
  /** A stop's history, planned or unplanned: the stop's events in its day stream (404 when it never existed). */
  const stopHistory = (path: string, kind: 'planned' | 'unplanned', entriesOf: typeof plannedStopHistory) =>
    route({
      method: 'get',
      path,
      action: 'line_log_history:read',
      input: { params: idPath },
      async handler(ctx) {
        ctx.body = present(entriesOf(await stopEvents(deps, kind, ctx.input.params.id), await readPlantState(deps)));
      },
    });

  return [
    route({
      method: 'get',
      path: '/factory/shift_notes/history',
      action: 'line_log_history:read',
      input: { query: shiftNoteQuery },
      async handler(ctx) {
        const user = ctx.state.user as AuthUser;
        const q = ctx.input.query;
        const line = await resolveReportLine(deps.knex, q.line_name, user.username);
        const events = await readEvents(deps, shiftReportStream(line.lineId, q.day, q.shift_code));
        const settings = settingsOf(await readPlantState(deps), line.shopFloorId);
        ctx.body = present(shiftReportHistory(events, { unit: settings.units?.unit1 ?? null, labels: settings.reportLabels }));
      },
    }),
    stopHistory('/factory/stop_events/:id/history', 'unplanned', unplannedStopHistory),
    stopHistory('/factory/planned_stops/:id/history', 'planned', plannedStopHistory),
    route({
      method: 'get',
      path: '/factory/root_cause/:stopEventId/history',
      action: 'history:read',
      input: { params: z.object({ stopEventId: bigIdParam }) },
      async handler(ctx) {
        const { stopEventId } = ctx.input.params;
        await stopEvents(deps, 'unplanned', stopEventId);
        ctx.body = present(rootCauseHistory(await readEvents(deps, rootCauseStream(stopEventId))));
      },
    }),
    route({
      method: 'get',
      path: '/factory/dbr_actions/:id/history',
      action: 'history:read',
      input: { params: idPath },
      async handler(ctx) {
        const { id } = ctx.input.params;
        const events = await readEvents(deps, dbrActionStream(id));
        if (events.length === 0) throw dbrActionNotFound();
        ctx.body = present(dbrActionHistory(events, await readPlantState(deps)));
      },
    }),
  ];
}
