/** The Root Cause Tool, who may write in it, and how a stop's actions read (the dashboard's stop table shows them alike). */
export type { Page } from './api/pages.js';
export { RootCauseTool, type RootCauseFocus } from './components/RootCauseTool.js';
export { focusFromQuery } from './model/focus.js';
export { canWriteRootCause } from './model/permissions.js';
export { actionsText } from './model/stopFormat.js';
