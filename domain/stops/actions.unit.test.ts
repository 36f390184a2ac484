import { STOP_ACTIONS, tickedActionLabels } from './actions.js';

describe('the stop-action table', () => {
  it('holds the four actions of line log §4.2 step 7 in the spec order, with their names on the wire, in the events and on screen', () => {
    expect(STOP_ACTIONS.map((a) => [a.key, a.field, a.event, a.label])).toEqual([
      ['materialChange', 'action_material_change', 'actionMaterialChange', 'Cambio materiale'],
      ['cleaning', 'action_cleaning', 'actionCleaning', 'Pulizia'],
      ['settingAdjustment', 'action_setting_adjustment', 'actionSettingAdjustment', 'Regolazione settaggi'],
      ['componentRestore', 'action_component_restore', 'actionComponentRestore', 'Ripristino componente'],
    ]);
  });

  it('lists only the ticked actions, in the spec order', () => {
    expect(tickedActionLabels((a) => a.key === 'componentRestore' || a.key === 'cleaning')).toEqual(['Pulizia', 'Ripristino componente']);
    expect(tickedActionLabels(() => false)).toEqual([]);
  });
});
