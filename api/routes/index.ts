import type { AppDeps } from '../deps.js';
import { authRoutes } from './auth/routes.js';
import { healthRoutes } from './health/routes.js';
import { projectionRoutes } from './projections/routes.js';
import type { RouteDef } from './types.js';

/** Every API route. The permission test walks this list for every role. */
export function allRoutes(deps: AppDeps): RouteDef[] {
  return [...authRoutes(deps), ...healthRoutes(deps), ...projectionRoutes(deps)];
}
