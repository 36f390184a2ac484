/** 'Analisi perdite': OEE, losses, MTBF/MTTR and the stops' Pareto for the dashboard's filters (docs/oee.md). */
export { LossAnalysis } from './components/LossAnalysis.js';
