import { DomainError } from '../../domain/shared/errors.js';
import type { StationEvent } from '../../domain/station/events.js';
import { initialStationState, type StationState } from '../../domain/station/state.js';
import { plantStateFrom, smallPlantFile } from '../../test/builders/plantFixtures.js';
import type { ChooseDefaultStation } from './chooseDefaultStation.js';
import { stationDecider } from './decider.js';

// Small plant: shop floor 1 has lines 1 (equipments 1, 2) and 2 (equipment 3); shop floor 2 has line 3.
const plant = plantStateFrom(smallPlantFile());
const choose = (over: Partial<ChooseDefaultStation> = {}): ChooseDefaultStation => ({
  type: 'ChooseDefaultStation',
  username: 'Frontline',
  role: 'frontline',
  shopFloorId: 1,
  lineId: 1,
  equipmentId: 2,
  plant,
  ...over,
});
const when = (c: ChooseDefaultStation, state: StationState = initialStationState) => stationDecider.decide(c, state, new Date(0));
const given = (...events: StationEvent[]) => events.reduce(stationDecider.evolve, initialStationState);

function fieldsOf(fn: () => unknown): Record<string, string> {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError && err.status === 400) return err.fields ?? {};
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('given a user without a station', () => {
  it('records the chosen station under the lower-cased username', () => {
    expect(when(choose())).toEqual([{ type: 'DefaultStationChosen', data: { username: 'frontline', shopFloorId: 1, lineId: 1, equipmentId: 2 } }]);
  });

  it('lets the support role choose no equipment', () => {
    expect(when(choose({ role: 'support', equipmentId: null }))[0]?.data.equipmentId).toBeNull();
  });

  it('requires an equipment from every other role', () => {
    for (const role of ['frontline', 'demoit', 'demoen', 'admin']) expect(fieldsOf(() => when(choose({ role, equipmentId: null })))).toEqual({ equipmentId: 'Obbligatorio' });
  });

  it('refuses ids that do not belong together', () => {
    expect(fieldsOf(() => when(choose({ lineId: 3, equipmentId: null, role: 'support' })))).toEqual({ lineId: 'La linea non appartiene al reparto scelto' });
    expect(fieldsOf(() => when(choose({ lineId: 2, equipmentId: 1 })))).toEqual({ equipmentId: 'La stazione non appartiene alla linea scelta' });
  });

  it('refuses unknown ids, naming every bad field', () => {
    expect(Object.keys(fieldsOf(() => when(choose({ shopFloorId: 9, lineId: 99, equipmentId: 999 })))).sort()).toEqual(['equipmentId', 'lineId', 'shopFloorId']);
  });

  it('refuses a retired line', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].lines.splice(1, 1);
    const smaller = plantStateFrom(raw, plant);
    expect(fieldsOf(() => when(choose({ lineId: 2, equipmentId: 3, plant: smaller })))).toEqual({ lineId: 'Linea inesistente', equipmentId: 'Stazione inesistente' });
  });
});

describe('given a user with a station', () => {
  const state = given({ type: 'DefaultStationChosen', data: { username: 'frontline', shopFloorId: 1, lineId: 1, equipmentId: 2 } });

  it('decides nothing when the same station is saved again', () => {
    expect(when(choose(), state)).toEqual([]);
  });

  it('records a different station', () => {
    expect(when(choose({ lineId: 2, equipmentId: 3 }), state)).toHaveLength(1);
  });
});
