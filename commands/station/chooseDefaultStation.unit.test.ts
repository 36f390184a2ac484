import type { StationEvent } from '../../domain/station/events.js';
import { plantStateFrom, smallPlantFile } from '../../test/builders/plantFixtures.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import type { ChooseDefaultStation } from './chooseDefaultStation.js';
import { stationDecider } from './decider.js';

// Small plant: shop floor 1 has lines 1 (equipments 1, 2) and 2 (equipment 3); shop floor 2 has line 3.
const plant = plantStateFrom(smallPlantFile());
const spec = deciderSpec(stationDecider);
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
/** A 400 naming exactly these fields. */
const invalid = (fields: Record<string, string>) => ({ status: 400, fields });

describe('given a user without a station', () => {
  it('records the chosen station under the lower-cased username', () => {
    spec
      .given([])
      .when(choose())
      .then([{ type: 'DefaultStationChosen', data: { username: 'frontline', shopFloorId: 1, lineId: 1, equipmentId: 2 } }]);
  });

  it('lets the support role choose no equipment', () => {
    spec
      .given([])
      .when(choose({ role: 'support', equipmentId: null }))
      .then((events) => expect(events[0]?.data.equipmentId).toBeNull());
  });

  it('requires an equipment from every other role', () => {
    for (const role of ['frontline', 'demoit', 'demoen', 'admin'])
      spec
        .given([])
        .when(choose({ role, equipmentId: null }))
        .thenRefuses(invalid({ equipmentId: 'Obbligatorio' }));
  });

  it('refuses ids that do not belong together', () => {
    spec
      .given([])
      .when(choose({ lineId: 3, equipmentId: null, role: 'support' }))
      .thenRefuses(invalid({ lineId: 'La linea non appartiene al reparto scelto' }));
    spec
      .given([])
      .when(choose({ lineId: 2, equipmentId: 1 }))
      .thenRefuses(invalid({ equipmentId: 'La stazione non appartiene alla linea scelta' }));
  });

  it('refuses unknown ids, naming every bad field', () => {
    spec
      .given([])
      .when(choose({ shopFloorId: 9, lineId: 99, equipmentId: 999 }))
      .thenRefuses((error) => {
        expect(error.status).toBe(400);
        expect(Object.keys(error.fields ?? {}).sort()).toEqual(['equipmentId', 'lineId', 'shopFloorId']);
      });
  });

  it('refuses a retired line', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].lines.splice(1, 1);
    const smaller = plantStateFrom(raw, plant);
    spec
      .given([])
      .when(choose({ lineId: 2, equipmentId: 3, plant: smaller }))
      .thenRefuses(invalid({ lineId: 'Linea inesistente', equipmentId: 'Stazione inesistente' }));
  });
});

describe('given a user with a station', () => {
  const history: StationEvent[] = [{ type: 'DefaultStationChosen', data: { username: 'frontline', shopFloorId: 1, lineId: 1, equipmentId: 2 } }];

  it('decides nothing when the same station is saved again', () => {
    spec.given(history).when(choose()).thenNothingHappened();
  });

  it('records a different station', () => {
    spec
      .given(history)
      .when(choose({ lineId: 2, equipmentId: 3 }))
      .then((events) => expect(events).toHaveLength(1));
  });
});
