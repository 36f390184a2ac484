import { createCatalog } from '../../domain/catalog.js';
import { createKnex } from '../../infra/db/knex.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { importPlant } from '../../infra/seed/plantImport.js';
import { readDemoPlantFile } from '../../infra/seed/demoPlant.js';
import { handleCommand } from '../../commands/handleCommand.js';
import { readPlantState } from '../../commands/plant/readPlant.js';
import { shiftCalendarDecider } from '../../commands/shifts/decider.js';
import { stationDecider } from '../../commands/station/decider.js';
import { settingsOf } from '../../domain/plant/state.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { dbrConstantsProjection } from '../dbrConstants/dbrConstants.projection.js';
import { shiftsProjection } from '../shifts/shifts.projection.js';
import { stationsProjection } from '../stations/stations.projection.js';
import { plantProjection } from './plant.projection.js';
import { replayTwice } from '../../test/support/replayKit.js';

/** Replay: every projection of this feature applied to the same events twice leaves the same rows. */
describeWith(['postgres'])('plant, shifts, DBR constants and station projections replayed', () => {
  let db: TestDatabase;
  let knex: ReturnType<typeof createKnex>;
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const ctx = { userId: 'u', username: 'admin', role: 'admin', now: new Date('2030-01-01T08:00:00Z') };

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 2 });
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
    for (const [startDate, endDate] of [['2030-01-01', '2030-01-10'], ['2030-01-05', '2030-01-20']] as const) {
      await handleCommand(deps, 'shift-calendar-1', shiftCalendarDecider, { type: 'GenerateShifts', shopFloorId: 1, startDate, endDate, patterns, manageExtraShift }, ctx);
    }
    for (const equipmentId of [1, 2]) {
      await handleCommand(deps, 'station-frontline', stationDecider, { type: 'ChooseDefaultStation', username: 'frontline', role: 'frontline', shopFloorId: 1, lineId: 1, equipmentId, plant }, ctx);
    }
  });
  afterAll(async () => {
    await knex?.destroy();
    await db?.drop();
  });

  const events = async () => (await store.readAll({ limit: 100_000 })).map((r) => catalog.decode(r));

  it.each([plantProjection, shiftsProjection, dbrConstantsProjection, stationsProjection])('$name: same rows after a second pass', async (projection) => {
    const { first, second } = await replayTwice(knex, projection, await events());
    expect(Object.values(first).every((rows) => rows.length > 0)).toBe(true);
    expect(second).toEqual(first);
  });

  it('plant: the rows reflect renames and retirements', async () => {
    const { first } = await replayTwice(knex, plantProjection, await events());
    expect(first.plant_lines).toEqual([
      expect.objectContaining({ id: 1, name: 'Linea 1 - Acqua', reference_machine: 'Riempitrice nuova', retired: false }),
      expect.objectContaining({ id: 2, name: 'Linea 2', retired: false }),
      expect.objectContaining({ id: 3, name: 'Linea 3', retired: true }),
    ]);
    expect(first.plant_equipments!.filter((e: any) => e.retired)).toHaveLength(3);
    expect(first.plant_report_labels).toEqual([{ shop_floor_id: 1, labels: ['Macchina', 'Problema', 'Nota'] }]);
  });

  it('shifts: overlapping generations leave one row per day and code', async () => {
    const { first } = await replayTwice(knex, shiftsProjection, await events());
    expect(first.shifts).toHaveLength(20 * 4);
  });
});
