import { createCatalog } from '../../domain/catalog.js';
import { shiftCalendarStream } from '../../domain/shifts/events.js';
import { settingsOf } from '../../domain/plant/state.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { importPlant } from '../../seed/plantImport.js';
import { decideOn } from '../../test/builders/decideOn.js';
import { readPlantState } from '../../commands/plant/readPlant.js';
import { shiftCalendarDecider } from '../../commands/shifts/decider.js';
import { smallPlantFile } from '../../test/builders/plantFixtures.js';
import { useTestDatabase } from '../../test/support/db.js';
import { expectSameRowsEveryWay, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { shiftsProjection } from './shifts.projection.js';

/**
 * Three generations on the small plant's first shop floor: two overlapping ones
 * (the day they share keeps its shifts), then the extra shift once the floor manages
 * it. A shift is scheduled once, so the batch folds many shifts, never one twice.
 */
describeWith(['postgres'])('shifts projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const ctx = { userId: 'u-admin', username: 'admin', role: 'admin', now: new Date('2029-12-20T08:00:00Z') };

  beforeAll(async () => {
    const deps = { store, catalog };
    const generate = async (startDate: string, endDate: string) => {
      const { patterns, manageExtraShift } = settingsOf(await readPlantState(deps), 1);
      await decideOn(deps, shiftCalendarStream(1), shiftCalendarDecider, { type: 'GenerateShifts', shopFloorId: 1, startDate, endDate, patterns, manageExtraShift }, ctx);
    };
    await importPlant(deps, smallPlantFile(), ctx);
    await generate('2030-01-01', '2030-01-02');
    await generate('2030-01-02', '2030-01-03');
    const extra = smallPlantFile() as any;
    extra.shopFloors[0].manageExtraShift = true;
    await importPlant(deps, extra, ctx);
    await generate('2030-01-01', '2030-01-03');
  });

  const events = () => storedEvents(store, catalog);

  it('gives the same rows in one batch, one event per batch, batches of 2, and after a second pass', async () => {
    const history = await events();
    expect(history.filter((e) => e.type === 'ShiftsScheduled')).toHaveLength(3);
    await expectSameRowsEveryWay(db.knex, shiftsProjection, history, 2);
  });

  it('holds one row per day and code, in Italian time, the night shift ending the next day', async () => {
    const { first } = await replayTwice(db.knex, shiftsProjection, await events());
    const row = (id: number, code: string, day: string, start: string, endDay: string, end: string) => ({
      id,
      shop_floor_id: 1,
      name: `Turno ${code}`,
      code,
      shift_day: day,
      start_time: new Date(`${day}T${start}:00+01:00`),
      end_time: new Date(`${endDay}T${end}:00+01:00`),
      extra: code === 'E',
    });
    expect(first.shifts).toEqual([
      row(1_000_001, 'A', '2030-01-01', '06:00', '2030-01-01', '14:00'),
      row(1_000_002, 'B', '2030-01-01', '14:00', '2030-01-01', '22:00'),
      row(1_000_003, 'C', '2030-01-01', '22:00', '2030-01-02', '06:00'),
      row(1_000_004, 'A', '2030-01-02', '06:00', '2030-01-02', '14:00'),
      row(1_000_005, 'B', '2030-01-02', '14:00', '2030-01-02', '22:00'),
      row(1_000_006, 'C', '2030-01-02', '22:00', '2030-01-03', '06:00'),
      row(1_000_007, 'A', '2030-01-03', '06:00', '2030-01-03', '14:00'),
      row(1_000_008, 'B', '2030-01-03', '14:00', '2030-01-03', '22:00'),
      row(1_000_009, 'C', '2030-01-03', '22:00', '2030-01-04', '06:00'),
      row(1_000_010, 'E', '2030-01-01', '08:00', '2030-01-01', '16:00'),
      row(1_000_011, 'E', '2030-01-02', '08:00', '2030-01-02', '16:00'),
      row(1_000_012, 'E', '2030-01-03', '08:00', '2030-01-03', '16:00'),
    ]);
  });
});
