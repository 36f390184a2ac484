/** The projections' status, rebuilds and queue board for the admin page. */
export { openQueueBoard, useProjections } from './api/useProjections.js';
export { ProjectionCard } from './components/ProjectionCard.js';
export { MachineSignalsPanel } from './components/MachineSignalsPanel.js';
