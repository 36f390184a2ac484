import type { AppDeps } from '../../deps.js';
import type { RouteDef } from '../types.js';
import { plannedStopRoutes } from './plannedRoutes.js';
import { stopQueryRoutes } from './queryRoutes.js';
import { unplannedStopRoutes } from './unplannedRoutes.js';

/** Every stop call of the line log, the chatbots, the Root Cause Tool and the dashboard (docs/line-log.md). */
export function stopEventRoutes(deps: AppDeps): RouteDef[] {
  return [...unplannedStopRoutes(deps), ...plannedStopRoutes(deps), ...stopQueryRoutes(deps)];
}
