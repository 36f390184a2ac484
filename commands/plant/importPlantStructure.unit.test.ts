import { activeChildren, settingsOf } from '../../domain/plant/state.js';
import type { PlantEvent } from '../../domain/plant/events.js';
import { plantDecider } from './decider.js';
import { fold, parsePlant, plantEventsFrom, plantStateFrom, smallPlantFile } from '../../test/builders/plantFixtures.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';

type Raw = ReturnType<typeof smallPlantFile> & { shopFloors: any[]; triggeringEvents: any[]; plannedStopReasons: any[] };
const file = () => smallPlantFile() as Raw;
const spec = deciderSpec(plantDecider);
const importing = (raw: unknown) => ({ type: 'ImportPlantStructure' as const, plant: parsePlant(raw) });
const types = (events: PlantEvent[]) => events.map((e) => e.type);

describe('given an empty plant', () => {
  it('adds everything the file lists, with ids from 1 per kind in file order', () => {
    spec
      .given([])
      .when(importing(file()))
      .then((events) => {
        expect(events.filter((e) => e.type === 'ShopFloorAdded').map((e) => e.data)).toEqual([
          { shopFloorId: 1, name: 'Confezionamento' },
          { shopFloorId: 2, name: 'Preparazione' },
        ]);
        expect(events.filter((e) => e.type === 'LineAdded').map((e) => e.data)).toEqual([
          { lineId: 1, shopFloorId: 1, name: 'Linea 1', referenceMachine: 'Riempitrice L1' },
          { lineId: 2, shopFloorId: 1, name: 'Linea 2', referenceMachine: 'Riempitrice L2' },
          { lineId: 3, shopFloorId: 2, name: 'Linea P', referenceMachine: 'Miscelatore' },
        ]);
        expect(events.filter((e) => e.type === 'EquipmentAdded').map((e) => e.data)).toEqual([
          { equipmentId: 1, lineId: 1, name: 'Filler' },
          { equipmentId: 2, lineId: 1, name: 'Capper' },
          { equipmentId: 3, lineId: 2, name: 'Filler' },
        ]);
        expect(events.filter((e) => e.type === 'StopCodeAdded').map((e) => e.data)).toEqual([
          { stopCodeId: 1, workpointId: 1, name: 'Perdita di prodotto' },
          { stopCodeId: 2, workpointId: 1, name: 'Valvola bloccata' },
          { stopCodeId: 3, workpointId: 2, name: 'Tappo storto' },
        ]);
        expect(types(events).filter((t) => t === 'TriggeringEventAdded' || t === 'PlannedStopReasonAdded')).toHaveLength(4);
      });
  });

  it('records each shop floor’s units, report labels and shift patterns', () => {
    spec
      .given([])
      .when(importing(file()))
      .then((events) => {
        expect(events).toContainEqual({ type: 'UnitsOfMeasurementSet', data: { shopFloorId: 1, unit1: 'pz', unit2: 'cartoni', unit3: 'pallet' } });
        expect(events).toContainEqual({ type: 'UnitsOfMeasurementSet', data: { shopFloorId: 2, unit1: 'kg', unit2: '', unit3: '' } });
        expect(events).toContainEqual({ type: 'ReportLabelsSet', data: { shopFloorId: 1, labels: ['Macchina', 'Nota'] } });
        const patterns = events.find((e) => e.type === 'ShiftPatternsSet' && e.data.shopFloorId === 1);
        expect(patterns?.data).toMatchObject({
          manageExtraShift: false,
          patterns: expect.arrayContaining([{ name: 'Turno E', code: 'E', start: '08:00', end: '16:00', extra: true }]),
        });
      });
  });

  it('records no settings that equal the defaults (no shifts, no labels, manageExtraShift false)', () => {
    spec
      .given([])
      .when(importing(file()))
      .then((events) => {
        expect(events.filter((e) => 'shopFloorId' in e.data && e.data.shopFloorId === 2).map((e) => e.type)).toEqual(['ShopFloorAdded', 'UnitsOfMeasurementSet', 'LineAdded']);
      });
    expect(settingsOf(plantStateFrom(file()), 2)).toMatchObject({ manageExtraShift: false, patterns: [], reportLabels: [] });
  });

  it('refuses an id that names nothing recorded, naming the field path', () => {
    const raw = file();
    raw.shopFloors[0].lines[0].id = 7;
    spec
      .given([])
      .when(importing(raw))
      .thenRefuses((err) => {
        expect(err.status).toBe(400);
        expect(Object.keys(err.fields ?? {})).toEqual(['shopFloors[0].lines[0].id']);
      });
  });
});

describe('given the plant recorded from the file', () => {
  const recorded = plantEventsFrom(file());

  it('decides nothing when the same file is imported again', () => {
    spec.given(recorded).when(importing(file())).thenNothingHappened();
  });

  it('renames an item pinned by id and keeps its id and children', () => {
    const raw = file();
    raw.shopFloors[0].lines[0] = { ...raw.shopFloors[0].lines[0], id: 1, name: 'Linea 1 - Bottiglie' };
    spec
      .given(recorded)
      .when(importing(raw))
      .then([{ type: 'LineRenamed', data: { lineId: 1, name: 'Linea 1 - Bottiglie' } }]);
  });

  it('records a planned stop reason’s OEE category only when the file changes it from what it has', () => {
    const raw = file();
    // 'Pulizia programmata' is a setup loss by default, 'Manutenzione preventiva' excluded (docs/oee.md).
    raw.plannedStopReasons = [
      { name: 'Pulizia programmata', oeeCategory: 'loss' },
      { name: 'Manutenzione preventiva', oeeCategory: 'loss' },
    ];
    spec
      .given(recorded)
      .when(importing(raw))
      .then([{ type: 'PlannedStopReasonCategorySet', data: { plannedStopReasonId: 2, oeeCategory: 'loss' } }]);
    const changed = [...recorded, { type: 'PlannedStopReasonCategorySet' as const, data: { plannedStopReasonId: 2, oeeCategory: 'loss' as const } }];
    spec.given(changed).when(importing(file())).thenNothingHappened();
  });

  it('gives a new planned stop reason a category other than its default with a second event', () => {
    const raw = file();
    raw.plannedStopReasons.push({ name: 'Pausa caffè', oeeCategory: 'loss' });
    spec
      .given(recorded)
      .when(importing(raw))
      .then([
        { type: 'PlannedStopReasonAdded', data: { plannedStopReasonId: 3, name: 'Pausa caffè' } },
        { type: 'PlannedStopReasonCategorySet', data: { plannedStopReasonId: 3, oeeCategory: 'loss' } },
      ]);
  });

  it("records a line's own stop threshold when it is set or changed, and null when it goes back to the plant's default", () => {
    const raw = file();
    raw.shopFloors[0].lines[1].stopThresholdMinutes = 5;
    spec
      .given(recorded)
      .when(importing(raw))
      .then([{ type: 'LineStopThresholdSet', data: { lineId: 2, minutes: 5 } }]);
    const withFive = [...recorded, { type: 'LineStopThresholdSet', data: { lineId: 2, minutes: 5 } } as PlantEvent];
    spec.given(withFive).when(importing(raw)).thenNothingHappened();
    spec
      .given(withFive)
      .when(importing(file()))
      .then([{ type: 'LineStopThresholdSet', data: { lineId: 2, minutes: null } }]);
  });

  it('renames a leaf given as { id, name }', () => {
    const raw = file();
    raw.triggeringEvents[0] = { id: 1, name: 'Cambio formato bottiglia' };
    spec
      .given(recorded)
      .when(importing(raw))
      .then([{ type: 'TriggeringEventRenamed', data: { triggeringEventId: 1, name: 'Cambio formato bottiglia' } }]);
  });

  it('records only a changed reference machine, units, labels or shifts', () => {
    const raw = file();
    raw.shopFloors[0].lines[1].referenceMachine = 'Riempitrice L2 nuova';
    raw.shopFloors[0].units.unit3 = 'bancali';
    raw.shopFloors[0].reportLabels = ['Macchina', 'Problema', 'Nota'];
    raw.shopFloors[0].manageExtraShift = true;
    spec
      .given(recorded)
      .when(importing(raw))
      .then((events) => expect(types(events)).toEqual(['UnitsOfMeasurementSet', 'ReportLabelsSet', 'ShiftPatternsSet', 'LineReferenceMachineChanged']));
  });

  it('records the machine that counts a line’s output when the file names one, and its removal', () => {
    const raw = file();
    raw.shopFloors[0].lines[0].countingEquipment = 'Filler';
    spec
      .given(recorded)
      .when(importing(raw))
      .then([{ type: 'LineCountingEquipmentSet', data: { lineId: 1, equipmentId: 1 } }]);
    const named = [...recorded, { type: 'LineCountingEquipmentSet' as const, data: { lineId: 1, equipmentId: 1 } }];
    spec.given(named).when(importing(raw)).thenNothingHappened();
    spec
      .given(named)
      .when(importing(file()))
      .then([{ type: 'LineCountingEquipmentSet', data: { lineId: 1, equipmentId: null } }]);
  });

  it('retires what the file no longer lists, children before parents, and never reuses ids', () => {
    const raw = file();
    raw.shopFloors[0].lines.splice(0, 1);
    raw.shopFloors[0].lines.push({ name: 'Linea 4', referenceMachine: 'Riempitrice L4', equipments: [] });
    spec
      .given(recorded)
      .when(importing(raw))
      .then((events) => {
        expect(events).toContainEqual({ type: 'LineAdded', data: { lineId: 4, shopFloorId: 1, name: 'Linea 4', referenceMachine: 'Riempitrice L4' } });
        expect(types(events).filter((t) => t.endsWith('Retired'))).toEqual([
          'StopCodeRetired',
          'StopCodeRetired',
          'StopCodeRetired',
          'WorkpointRetired',
          'WorkpointRetired',
          'EquipmentRetired',
          'EquipmentRetired',
          'LineRetired',
        ]);
      });
    const after = fold(plantEventsFrom(raw, recorded));
    expect(activeChildren(after, 'line', 1).map((l) => l.name)).toEqual(['Linea 2', 'Linea 4']);
  });

  it('treats a name changed without an id as a new item replacing the old one', () => {
    const raw = file();
    raw.plannedStopReasons[0] = 'Pulizia straordinaria';
    spec
      .given(recorded)
      .when(importing(raw))
      .then([
        { type: 'PlannedStopReasonAdded', data: { plannedStopReasonId: 3, name: 'Pulizia straordinaria' } },
        { type: 'PlannedStopReasonRetired', data: { plannedStopReasonId: 1 } },
      ]);
  });

  it('refuses to move an item to another parent by id', () => {
    const raw = file();
    raw.shopFloors[1].lines.push({ id: 2, name: 'Linea 2', referenceMachine: 'Riempitrice L2' });
    raw.shopFloors[0].lines.splice(1, 1);
    spec
      .given(recorded)
      .when(importing(raw))
      .thenRefuses({ fields: { 'shopFloors[1].lines[1].id': expect.stringContaining('spostare') } });
  });

  it('refuses the same id twice among siblings', () => {
    const raw = file();
    raw.shopFloors[0].lines[0].id = 1;
    raw.shopFloors[0].lines[1].id = 1;
    spec
      .given(recorded)
      .when(importing(raw))
      .thenRefuses((err) => expect(Object.keys(err.fields ?? {})).toEqual(['shopFloors[0].lines[1].id']));
  });

  it('refuses an id of a retired item', () => {
    const raw = file();
    raw.plannedStopReasons[0] = 'Pulizia straordinaria';
    const retired = plantEventsFrom(raw, recorded);
    raw.plannedStopReasons[1] = { id: 1, name: 'Pulizia programmata' };
    spec.given(retired).when(importing(raw)).thenRefuses({ status: 400 });
  });
});

describe('given a plant whose shop floor was renamed', () => {
  it('keeps its settings under the same id', () => {
    const raw = file();
    raw.shopFloors[0].id = 1;
    raw.shopFloors[0].name = 'Confezionamento primario';
    const state = plantStateFrom(raw, plantStateFrom(file()));
    expect(settingsOf(state, 1).units).toEqual({ unit1: 'pz', unit2: 'cartoni', unit3: 'pallet' });
    expect(state.items.shopFloor.get(1)?.name).toBe('Confezionamento primario');
  });
});
