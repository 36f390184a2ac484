import { emptyDraft } from './draft.js';
import { optionsKey, stopCodesKey, toChoices } from './options.js';

const draft = { ...emptyDraft(), line: { id: 1, name: 'Linea 1' }, equipment: { id: 2, name: 'Capper' }, workpoint: { id: 5, name: 'Testa di tappatura' } };

describe('the list behind each select step (§7)', () => {
  it('asks the calls of the spec with the chosen parents', () => {
    expect(optionsKey('line', draft, '1')).toEqual(['/factory/lines', { shop_floor_id: '1' }]);
    expect(optionsKey('line', draft, '')).toEqual(['/factory/lines', {}]);
    expect(optionsKey('equipment', draft, '1')).toEqual(['/factory/equipments', { line_id: '1' }]);
    expect(optionsKey('workpoint', draft, '1')).toEqual(['/factory/workpoints', { equipment_id: '2' }]);
    expect(optionsKey('stopCode', draft, '1')).toEqual(['/factory/stop_codes', { workpoint_id: '5' }]);
    expect(optionsKey('triggeringEvent', draft, '1')).toEqual(['/factory/triggering_events', {}]);
    expect(optionsKey('reason', draft, '1')).toEqual(['/factory/planned_stop_reasons', {}]);
  });

  it('asks nothing before the parent is chosen, nor for steps without a list', () => {
    const none = emptyDraft();
    expect(optionsKey('equipment', none, '1')).toBeNull();
    expect(optionsKey('workpoint', none, '1')).toBeNull();
    expect(optionsKey('stopCode', none, '1')).toBeNull();
    expect(stopCodesKey(none)).toBeNull();
    for (const step of ['failureMode', 'actions', 'correctiveAction', 'note', 'times', 'confirm'] as const) expect(optionsKey(step, draft, '1')).toBeNull();
  });

  it('keeps id and name of the answers', () => {
    expect(toChoices([{ id: '3', name: 'Filler', line_id: 1 } as { id: string; name: string }])).toEqual([{ id: 3, name: 'Filler' }]);
    expect(toChoices(undefined)).toEqual([]);
  });
});
