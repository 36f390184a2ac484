import type { AppDeps } from '../deps.js';
import { authRoutes } from './auth/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { dbrActionRoutes } from './dbrActions/routes.js';
import { dbrConstantsRoutes } from './dbrConstants/routes.js';
import { historyRoutes } from './history/routes.js';
import { healthRoutes } from './health/routes.js';
import { paretoRoutes } from './pareto/routes.js';
import { plantRoutes } from './plant/routes.js';
import { queueBoardRoutes } from '../queueBoard.js';
import { projectionRoutes } from './projections/routes.js';
import { rootCauseRoutes } from './rootCauses/routes.js';
import { shiftNoteRoutes } from './shiftNotes/routes.js';
import { shiftRoutes } from './shifts/routes.js';
import { stationRoutes } from './station/routes.js';
import { stopEventRoutes } from './stopEvents/routes.js';
import type { RouteDef } from './types.js';

/** Every API route. The permission test walks this list for every role. */
export function allRoutes(deps: AppDeps): RouteDef[] {
  return [
    ...authRoutes(deps),
    ...healthRoutes(deps),
    ...projectionRoutes(deps),
    ...queueBoardRoutes(deps),
    ...plantRoutes(deps),
    ...stationRoutes(deps),
    ...shiftRoutes(deps),
    ...dbrConstantsRoutes(deps),
    ...shiftNoteRoutes(deps),
    ...stopEventRoutes(deps),
    ...rootCauseRoutes(deps),
    ...dashboardRoutes(deps),
    ...paretoRoutes(deps),
    ...dbrActionRoutes(deps),
    ...historyRoutes(deps),
  ];
}
