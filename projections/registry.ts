import type { AnyProjection as Projection } from './types.js';
import { dashboardProjection } from './dashboard/dashboard.projection.js';
import { dashboardHistoryProjection } from './dashboardHistory/dashboardHistory.projection.js';
import { dbrActionsProjection } from './dbrActions/dbrActions.projection.js';
import { dbrConstantsProjection } from './dbrConstants/dbrConstants.projection.js';
import { machinesProjection } from './machines/machines.projection.js';
import { oeeProjection } from './oee/oee.projection.js';
import { paretoStopsProjection } from './paretoStops/paretoStops.projection.js';
import { plantProjection } from './plant/plant.projection.js';
import { rootCausesProjection } from './rootCauses/rootCauses.projection.js';
import { shiftReportsProjection } from './shiftReports/shiftReports.projection.js';
import { shiftsProjection } from './shifts/shifts.projection.js';
import { stationsProjection } from './stations/stations.projection.js';
import { stopsProjection } from './stops/stops.projection.js';
import { usersProjection } from './users/users.projection.js';

/** Every read model of the product. A new screen's projection is added here. */
export const allProjections: Projection[] = [
  usersProjection,
  plantProjection,
  shiftsProjection,
  dbrConstantsProjection,
  stationsProjection,
  shiftReportsProjection,
  stopsProjection,
  rootCausesProjection,
  dashboardProjection,
  dbrActionsProjection,
  paretoStopsProjection,
  dashboardHistoryProjection,
  oeeProjection,
  machinesProjection,
];
