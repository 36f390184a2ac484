/**
 * The four action checkboxes of an unplanned stop (line log §3, §4.2 step 7, §9), in the spec's
 * order, with the one Italian label that the chatbot's checkboxes, its summary, the line logs, the
 * Root Cause Tool, the dashboard and the history all show. Each action is named as the chatbot's
 * draft names it (`key`), as the API and the read rows name it (`field`, the spec's name) and as
 * the events name it (`event`). Free of dependencies, so the web app uses this same table.
 */
export const STOP_ACTIONS = [
  { key: 'materialChange', field: 'action_material_change', event: 'actionMaterialChange', label: 'Cambio materiale' },
  { key: 'cleaning', field: 'action_cleaning', event: 'actionCleaning', label: 'Pulizia' },
  { key: 'settingAdjustment', field: 'action_setting_adjustment', event: 'actionSettingAdjustment', label: 'Regolazione settaggi' },
  { key: 'componentRestore', field: 'action_component_restore', event: 'actionComponentRestore', label: 'Ripristino componente' },
] as const;

export type StopAction = (typeof STOP_ACTIONS)[number];
export type StopActionKey = StopAction['key'];
export type StopActionField = StopAction['field'];
export type StopActionEventField = StopAction['event'];

/** The labels of the ticked actions, in the spec's order. */
export function tickedActionLabels(isTicked: (action: StopAction) => boolean): string[] {
  return STOP_ACTIONS.filter(isTicked).map((a) => a.label);
}
