import type { AppDeps } from '../deps.js';
import { apiKeyRoutes } from './apiKeys/routes.js';
import { authRoutes } from './auth/routes.js';
import { boardRoutes } from './board/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { dbrActionRoutes } from './dbrActions/routes.js';
import { dbrConstantsRoutes } from './dbrConstants/routes.js';
import { historyRoutes } from './history/routes.js';
import { liveRoutes } from './live/routes.js';
import { machineRoutes } from './machines/routes.js';
import { healthRoutes } from './health/routes.js';
import { oeeRoutes } from './oee/routes.js';
import { paretoRoutes } from './pareto/routes.js';
import { plantRoutes } from './plant/routes.js';
import { plantAdminRoutes } from './plantAdmin/routes.js';
import { queueBoardRoutes } from '../queueBoard.js';
import { projectionRoutes } from './projections/routes.js';
import { rootCauseRoutes } from './rootCauses/routes.js';
import { shiftNoteRoutes } from './shiftNotes/routes.js';
import { shiftRoutes } from './shifts/routes.js';
import { startPageRoutes } from './startPages/routes.js';
import { stationRoutes } from './station/routes.js';
import { stopEventRoutes } from './stopEvents/routes.js';
import { userRoutes } from './users/routes.js';
import { openApiRoutes } from '../openapi/route.js';
import type { RouteDef } from './types.js';

/**
 * Every API route, each tagged with its resource. The permission test walks this list for every
 * role, and `GET /openapi.json` describes exactly this list, itself included.
 */
export function allRoutes(deps: AppDeps): RouteDef[] {
  const groups: Array<[tag: string, routes: RouteDef[]]> = [
    ['auth', authRoutes(deps)],
    ['health', healthRoutes(deps)],
    ['projections', projectionRoutes(deps)],
    ['queues', queueBoardRoutes(deps)],
    ['plant', plantRoutes(deps)],
    ['plant_admin', plantAdminRoutes(deps)],
    ['station', stationRoutes(deps)],
    ['shifts', shiftRoutes(deps)],
    ['dbr_constants', dbrConstantsRoutes(deps)],
    ['shift_notes', shiftNoteRoutes(deps)],
    ['stop_events', stopEventRoutes(deps)],
    ['machines', machineRoutes(deps)],
    ['root_cause', rootCauseRoutes(deps)],
    ['dashboard', dashboardRoutes(deps)],
    ['pareto', paretoRoutes(deps)],
    ['oee', oeeRoutes(deps)],
    ['dbr_actions', dbrActionRoutes(deps)],
    ['start_pages', startPageRoutes(deps)],
    ['history', historyRoutes(deps)],
    ['users', userRoutes(deps)],
    ['api_keys', apiKeyRoutes(deps)],
    ['live', liveRoutes(deps)],
    ['board', boardRoutes(deps)],
  ];
  const routes = groups.flatMap(([tag, list]) => list.map((r) => ({ ...r, tag })));
  routes.push(...openApiRoutes(() => routes).map((r) => ({ ...r, tag: 'openapi' })));
  return routes;
}
