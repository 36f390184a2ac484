/** The 'Storico modifiche' of a record: its sources, the button that opens the drawer, and the report as of a moment. */
export { dbrActionHistory, plannedStopHistory, reportHistory, rootCauseHistory, unplannedStopHistory, type HistorySource } from './api/history.js';
export { HistoryButton } from './components/HistoryButton.js';
export { ReportVersions } from './components/ReportVersions.js';
