/** The DBR actions: the operator's daily activities and the improvement staff's manager. */
export { DailyActivities } from './components/DailyActivities.js';
export { DbrActionsManager } from './components/DbrActionsManager.js';
export type { DbrAction } from './api/dbrActions.js';
export { dbrShowFromQuery, type DbrShow } from './model/dbrShow.js';
