import { createCatalog } from '../../domain/catalog.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { importPlant } from '../../seed/plantImport.js';
import { readDemoPlantFile } from '../../seed/demoPlant.js';
import { decideOn } from '../../test/builders/decideOn.js';
import { readPlantState } from '../../commands/plant/readPlant.js';
import { shiftCalendarDecider } from '../../commands/shifts/decider.js';
import { stationDecider } from '../../commands/station/decider.js';
import { settingsOf } from '../../domain/plant/state.js';
import { useTestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { dbrConstantsProjection } from '../dbrConstants/dbrConstants.projection.js';
import { shiftsProjection } from '../shifts/shifts.projection.js';
import { stationsProjection } from '../stations/stations.projection.js';
import { plantProjection } from './plant.projection.js';
import { expectSameRowsEveryWay, replayBatchedAndSingly, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { smallPlantFile } from '../../test/builders/plantFixtures.js';

/** Replay: every projection of this feature applied to the same events twice leaves the same rows. */
describeWith(['postgres'])('plant, shifts, DBR constants and station projections replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const ctx = { userId: 'u', username: 'admin', role: 'admin', now: new Date('2030-01-01T08:00:00Z') };

  beforeAll(async () => {
    const deps = { store, catalog };
    await importPlant(deps, readDemoPlantFile(), ctx);
    const changed = readDemoPlantFile() as any;
    changed.shopFloors[0].lines[0] = { ...changed.shopFloors[0].lines[0], id: 1, name: 'Linea 1 - Acqua', referenceMachine: 'Riempitrice nuova' };
    changed.shopFloors[0].lines.pop();
    changed.shopFloors[0].reportLabels = ['Macchina', 'Problema', 'Nota'];
    changed.shopFloors[0].lines[1].dbrConstants.def_speed = 11000;
    await importPlant(deps, changed, ctx);
    const plant = await readPlantState(deps);
    const { patterns, manageExtraShift } = settingsOf(plant, 1);
    for (const [startDate, endDate] of [
      ['2030-01-01', '2030-01-10'],
      ['2030-01-05', '2030-01-20'],
    ] as const) {
      await decideOn(deps, 'shift-calendar-1', shiftCalendarDecider, { type: 'GenerateShifts', shopFloorId: 1, startDate, endDate, patterns, manageExtraShift }, ctx);
    }
    for (const equipmentId of [1, 2]) {
      await decideOn(
        deps,
        'station-frontline',
        stationDecider,
        { type: 'ChooseDefaultStation', username: 'frontline', role: 'frontline', shopFloorId: 1, lineId: 1, equipmentId, plant },
        ctx,
      );
    }
  });

  const events = () => storedEvents(store, catalog);

  it.each([plantProjection, shiftsProjection, dbrConstantsProjection, stationsProjection])('$name: same rows after a second pass', async (projection) => {
    const { first, second } = await replayTwice(db.knex, projection, await events());
    expect(Object.values(first).every((rows) => rows.length > 0)).toBe(true);
    expect(second).toEqual(first);
  });

  it.each([plantProjection, shiftsProjection, dbrConstantsProjection, stationsProjection])(
    '$name: same rows in one batch, one event per batch and batches of 5',
    async (projection) => {
      const { batched, singly, chunked } = await replayBatchedAndSingly(db.knex, projection, await events(), 5);
      expect(singly).toEqual(batched);
      expect(chunked).toEqual(batched);
    },
  );

  it('plant: the rows reflect renames and retirements', async () => {
    const { first } = await replayTwice(db.knex, plantProjection, await events());
    expect(first.plant_lines).toEqual([
      expect.objectContaining({ id: 1, name: 'Linea 1 - Acqua', reference_machine: 'Riempitrice nuova', retired: false }),
      expect.objectContaining({ id: 2, name: 'Linea 2', retired: false }),
      expect.objectContaining({ id: 3, name: 'Linea 3', retired: true }),
    ]);
    expect(first.plant_equipments!.filter((e: any) => e.retired)).toHaveLength(3);
    expect(first.plant_report_labels).toEqual([{ shop_floor_id: 1, labels: ['Macchina', 'Problema', 'Nota'] }]);
  });

  it('shifts: overlapping generations leave one row per day and code', async () => {
    const { first } = await replayTwice(db.knex, shiftsProjection, await events());
    expect(first.shifts).toHaveLength(20 * 4);
  });
});

/**
 * A small plant imported three times, each import changing it: every kind of plant
 * event, several on the same row inside one batch, and changes to rows that an
 * earlier batch created. The expected rows are read off the three files.
 */
describeWith(['postgres'])('plant projection replayed over three imports of a small plant', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const at = (hh: string) => new Date(`2030-01-01T${hh}:00:00Z`);

  beforeAll(async () => {
    const deps = { store, catalog };
    const ctx = (hh: string) => ({ userId: 'u-admin', username: 'admin', role: 'admin', now: at(hh) });
    await importPlant(deps, smallPlantFile(), ctx('08'));

    const second = smallPlantFile() as any;
    const floor = second.shopFloors[0];
    floor.manageExtraShift = true;
    floor.reportLabels = ['Macchina', 'Problema', 'Nota'];
    floor.units = { unit1: 'pz', unit2: 'scatole', unit3: 'pallet' };
    floor.lines[0] = {
      id: 1,
      name: 'Linea 1 - Acqua',
      referenceMachine: 'Riempitrice nuova',
      countingEquipment: 'Filler',
      equipments: [
        { name: 'Filler', workpoints: [{ name: 'Giostra di riempimento', stopCodes: ['Perdita di prodotto', { id: 2, name: 'Valvola bloccata aperta' }] }] },
        { name: 'Etichettatrice', workpoints: [] },
      ],
    };
    second.triggeringEvents = [{ id: 1, name: 'Cambio formato bottiglia' }, 'Avvio linea dopo fermo'];
    second.plannedStopReasons = ['Pulizia programmata'];
    await importPlant(deps, second, ctx('09'));

    const third = structuredClone(second);
    third.shopFloors[0].lines[0].name = 'Linea 1 - Acqua minerale';
    third.shopFloors[0].lines.pop();
    third.shopFloors[1] = { ...third.shopFloors[1], id: 2, name: 'Preparazione sciroppi' };
    third.triggeringEvents.push('Mancanza materiale');
    third.plannedStopReasons = [{ name: 'Pulizia programmata', oeeCategory: 'excluded' }, 'Manutenzione preventiva'];
    await importPlant(deps, third, ctx('10'));
  });

  const events = () => storedEvents(store, catalog);

  it('gives the same rows in one batch, one event per batch, batches of 4, and after a second pass', async () => {
    const history = await events();
    await expectSameRowsEveryWay(db.knex, plantProjection, history, 4);
  });

  it('holds each row as the last import left it, retired rows kept', async () => {
    const { first } = await replayTwice(db.knex, plantProjection, await events());
    expect(first).toEqual({
      plant_shop_floors: [
        { id: 1, name: 'Confezionamento', retired: false, updated_at: at('09'), manage_extra_shift: true },
        { id: 2, name: 'Preparazione sciroppi', retired: false, updated_at: at('10'), manage_extra_shift: false },
      ],
      plant_lines: [
        { id: 1, shop_floor_id: 1, name: 'Linea 1 - Acqua minerale', retired: false, updated_at: at('10'), reference_machine: 'Riempitrice nuova', counting_equipment_id: 1 },
        { id: 2, shop_floor_id: 1, name: 'Linea 2', retired: true, updated_at: at('10'), reference_machine: 'Riempitrice L2', counting_equipment_id: null },
        { id: 3, shop_floor_id: 2, name: 'Linea P', retired: false, updated_at: at('08'), reference_machine: 'Miscelatore', counting_equipment_id: null },
      ],
      plant_equipments: [
        { id: 1, line_id: 1, name: 'Filler', retired: false, updated_at: at('08') },
        { id: 2, line_id: 1, name: 'Capper', retired: true, updated_at: at('09') },
        { id: 3, line_id: 2, name: 'Filler', retired: true, updated_at: at('10') },
        { id: 4, line_id: 1, name: 'Etichettatrice', retired: false, updated_at: at('09') },
      ],
      plant_workpoints: [
        { id: 1, equipment_id: 1, name: 'Giostra di riempimento', retired: false, updated_at: at('08') },
        { id: 2, equipment_id: 2, name: 'Testa di tappatura', retired: true, updated_at: at('09') },
      ],
      plant_stop_codes: [
        { id: 1, workpoint_id: 1, name: 'Perdita di prodotto', retired: false, updated_at: at('08') },
        { id: 2, workpoint_id: 1, name: 'Valvola bloccata aperta', retired: false, updated_at: at('09') },
        { id: 3, workpoint_id: 2, name: 'Tappo storto', retired: true, updated_at: at('09') },
      ],
      plant_triggering_events: [
        { id: 1, name: 'Cambio formato bottiglia', retired: false, updated_at: at('09') },
        { id: 2, name: 'Avvio linea dopo fermo', retired: false, updated_at: at('08') },
        { id: 3, name: 'Mancanza materiale', retired: false, updated_at: at('10') },
      ],
      plant_planned_stop_reasons: [
        { id: 1, name: 'Pulizia programmata', oee_category: 'excluded', retired: false, updated_at: at('10') },
        { id: 2, name: 'Manutenzione preventiva', oee_category: 'excluded', retired: true, updated_at: at('09') },
        { id: 3, name: 'Manutenzione preventiva', oee_category: 'excluded', retired: false, updated_at: at('10') },
      ],
      plant_units: [
        { shop_floor_id: 1, unit1: 'pz', unit2: 'scatole', unit3: 'pallet' },
        { shop_floor_id: 2, unit1: 'kg', unit2: '', unit3: '' },
      ],
      plant_report_labels: [{ shop_floor_id: 1, labels: ['Macchina', 'Problema', 'Nota'] }],
    });
  });
});
