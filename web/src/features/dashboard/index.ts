/** The production dashboard's summary and the stops' Pareto chart; its filters and stop list for the pages that analyse the same data. */
export { DashboardSummary } from './components/DashboardSummary.js';
export { ParetoStops } from './components/ParetoStops.js';
export { DashboardFilters, useDashboardFilters, type DashboardFilterState } from './components/DashboardFilters.js';
export { UnplannedStopsHistory } from './components/DashboardTables.js';
export type { DashboardQuery } from './api/dashboardApi.js';
export { lossFilterParams, stopListShiftParams } from './model/filters.js';
