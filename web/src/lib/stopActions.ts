/**
 * The unplanned stop's four actions and their Italian labels, from the server's own table
 * (domain/stops/actions.ts), so every page and the history label them alike.
 */
export { STOP_ACTIONS, tickedActionLabels, type StopAction, type StopActionField, type StopActionKey } from '../../../domain/stops/actions.js';
