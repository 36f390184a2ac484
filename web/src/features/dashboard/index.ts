/** The production dashboard's summary and the stops' Pareto chart. */
export { DashboardSummary } from './components/DashboardSummary.js';
export { ParetoStops } from './components/ParetoStops.js';
