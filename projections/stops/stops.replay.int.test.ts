import { createCatalog } from '../../domain/catalog.js';
import { activeChildren, settingsOf } from '../../domain/plant/state.js';
import { shiftCalendarStream } from '../../domain/shifts/events.js';
import { plannedStopsStream, unplannedStopsStream } from '../../domain/stops/events.js';
import { rootCauseStream } from '../../domain/rootCauses/events.js';
import { createKnex } from '../../infra/db/knex.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { readDemoPlantFile } from '../../infra/seed/demoPlant.js';
import { importPlant } from '../../infra/seed/plantImport.js';
import { handleCommand } from '../../commands/handleCommand.js';
import { readPlantState } from '../../commands/plant/readPlant.js';
import { rootCauseDecider } from '../../commands/rootCauses/decider.js';
import { shiftCalendarDecider } from '../../commands/shifts/decider.js';
import { plannedStopsDecider } from '../../commands/stops/plannedDecider.js';
import { unplannedStopsDecider } from '../../commands/stops/unplannedDecider.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { replayBatchedAndSingly, replayTwice } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { rootCausesProjection } from '../rootCauses/rootCauses.projection.js';
import { stopsProjection } from './stops.projection.js';

/**
 * Replay of the stop and root cause projections over one history, in which some stops are
 * recorded before their shifts are scheduled, one starts in a night shift after midnight,
 * and some are edited and deleted right after being recorded.
 */
describeWith(['postgres'])('stops and root causes projections replayed', () => {
  let db: TestDatabase;
  let knex: ReturnType<typeof createKnex>;
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const ctx = { userId: 'u', username: 'frontline', role: 'frontline', now: new Date('2030-06-12T12:00:00Z') };
  /** Italian wall-clock time on a day of June 2030 (summer time, +02:00). */
  const at = (day: number, hhmm: string) => new Date(`2030-06-${String(day).padStart(2, '0')}T${hhmm}:00+02:00`).toISOString();

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 2 });
    const deps = { store, catalog };
    await importPlant(deps, readDemoPlantFile(), { ...ctx, username: 'admin', role: 'admin' });
    const plant = await readPlantState(deps);
    const workpoint = activeChildren(plant, 'workpoint', 1)[0]!;
    const stopCode = activeChildren(plant, 'stopCode', workpoint.id)[0]!;
    const lock = { role: 'frontline', shiftSubmitted: false };
    const unplanned = (startTime: string, endTime: string) => ({
      type: 'RecordUnplannedStop' as const, equipmentId: 1, plant, ...lock,
      workpointId: workpoint.id, stopCodeId: stopCode.id, triggeringEventId: 1, failureMode: 'Bottiglia caduta', correctiveAction: 'Rialzata',
      actionMaterialChange: true, actionCleaning: false, actionSettingAdjustment: true, actionComponentRestore: false, startTime, endTime,
    });
    const planned = (startTime: string, endTime: string, notes: string | null) => ({
      type: 'RecordPlannedStop' as const, plant, ...lock, equipmentId: 1, plannedReasonId: 1, startTime, endTime, notes,
    });
    const u = (c: Parameters<typeof unplannedStopsDecider.decide>[0]) => handleCommand(deps, unplannedStopsStream(1), unplannedStopsDecider, c, ctx);
    const p = (c: Parameters<typeof plannedStopsDecider.decide>[0]) => handleCommand(deps, plannedStopsStream(1), plannedStopsDecider, c, ctx);
    const { patterns, manageExtraShift } = settingsOf(plant, 1);
    const schedule = (startDate: string, endDate: string) =>
      handleCommand(deps, shiftCalendarStream(1), shiftCalendarDecider, { type: 'GenerateShifts', shopFloorId: 1, startDate, endDate, patterns, manageExtraShift }, ctx);

    // Before any shift exists: 01:00 of the 6th (night shift of the 5th, once scheduled), 06:00 of the 5th (planned, shift A).
    await u(unplanned(at(6, '01:00'), at(6, '01:10'))); // 1000001
    await p(planned(at(5, '06:00'), at(5, '06:30'), 'Formato 1 L')); // 1500001
    await schedule('2030-06-04', '2030-06-06');
    await u(unplanned(at(6, '02:00'), at(6, '02:30'))); // 1000002: night shift C of the 5th
    await u(unplanned(at(5, '08:10'), at(5, '08:25'))); // 1000003: A and E of the 5th; its shift is A
    await u({ type: 'EditUnplannedStopDetail', stopId: 1_000_003, field: 'failureMode', value: 'Coclea inceppata', ...lock });
    await u(unplanned(at(5, '09:00'), at(5, '09:05'))); // 1000004
    await u({ type: 'EditUnplannedStopDetail', stopId: 1_000_004, field: 'correctiveAction', value: 'Sostituita la guida', ...lock });
    await u({ type: 'DeleteUnplannedStop', stopId: 1_000_004, ...lock });
    await u(unplanned(at(7, '10:00'), at(7, '10:20'))); // 1000005: the 7th has no shift yet
    await u(unplanned(at(9, '10:00'), at(9, '10:20'))); // 1000006: the 9th never gets one
    await p(planned(at(5, '07:00'), at(5, '07:30'), null)); // 1500002
    await p({ type: 'EditPlannedStopNote', stopId: 1_500_002, notes: 'Pulizia straordinaria', ...lock });
    await p({ type: 'DeletePlannedStop', stopId: 1_500_002, ...lock });
    await p({ type: 'EditPlannedStopNote', stopId: 1_500_001, notes: null, ...lock });
    await schedule('2030-06-07', '2030-06-07');
    await u({ type: 'EditUnplannedStopDetail', stopId: 1_000_001, field: 'correctiveAction', value: 'Ripulita la coclea', ...lock });
    for (const rootCause of ['Guida usurata', 'Guida della coclea usurata']) {
      await handleCommand(deps, rootCauseStream(1_000_003), rootCauseDecider, { type: 'RecordRootCause', stopEventId: 1_000_003, rootCause, troubleshooting: 'Sostituita', stopExists: true }, ctx);
    }
  });
  afterAll(async () => {
    await knex?.destroy();
    await db?.drop();
  });

  const events = async () => (await store.readAll({ limit: 100_000 })).map((r) => catalog.decode(r));

  /**
   * Shift ids: shop floor 1's block (1 000 000) plus the calendar's sequence, four a day in
   * the plant's order A, B, C, E: the 4th is 1000001-1000004, the 5th 1000005 (A) to 1000008
   * (E), the 6th 1000009-1000012; the second generation gives the 7th 1000013 (A) onwards.
   */
  it('stores the day each stop counts for and its regular shift, filled in when shifts are scheduled after it', async () => {
    // One event per batch is the path where a stop is written before its shift exists.
    const { singly: first, batched } = await replayBatchedAndSingly(knex, stopsProjection, await events());
    expect(batched).toEqual(first);
    const pick = (r: any) => [r.id, r.start_day, r.shift_day, r.shift_id, r.deleted];
    expect(first.unplanned_stops!.map(pick)).toEqual([
      [1_000_001, '2030-06-06', '2030-06-05', 1_000_007, false],
      [1_000_002, '2030-06-06', '2030-06-05', 1_000_007, false],
      [1_000_003, '2030-06-05', '2030-06-05', 1_000_005, false],
      [1_000_004, '2030-06-05', '2030-06-05', 1_000_005, true],
      [1_000_005, '2030-06-07', '2030-06-07', 1_000_013, false],
      [1_000_006, '2030-06-09', '2030-06-09', null, false],
    ]);
    expect(first.planned_stops!.map(pick)).toEqual([
      [1_500_001, '2030-06-05', '2030-06-05', 1_000_005, false],
      [1_500_002, '2030-06-05', '2030-06-05', 1_000_005, true],
    ]);
    expect(first.stop_shifts).toHaveLength(16);
  });

  it('folds edits and deletions recorded in the same batch as the stop, and in later ones', async () => {
    const { first } = await replayTwice(knex, stopsProjection, await events());
    const texts = (r: any) => [r.id, r.failure_mode, r.corrective_action];
    expect(first.unplanned_stops!.map(texts)).toEqual([
      [1_000_001, 'Bottiglia caduta', 'Ripulita la coclea'],
      [1_000_002, 'Bottiglia caduta', 'Rialzata'],
      [1_000_003, 'Coclea inceppata', 'Rialzata'],
      [1_000_004, 'Bottiglia caduta', 'Sostituita la guida'],
      [1_000_005, 'Bottiglia caduta', 'Rialzata'],
      [1_000_006, 'Bottiglia caduta', 'Rialzata'],
    ]);
    expect(first.planned_stops!.map((r: any) => [r.id, r.notes])).toEqual([
      [1_500_001, null],
      [1_500_002, 'Pulizia straordinaria'],
    ]);
    expect(first.unplanned_stops![0]).toEqual(expect.objectContaining({ shop_floor_id: 1, line_id: 1, equipment_id: 1, action_material_change: true, action_cleaning: false }));
  });

  it.each([stopsProjection, rootCausesProjection])('$name: the same rows after a second pass', async (projection) => {
    const { first, second } = await replayTwice(knex, projection, await events());
    expect(Object.values(first).every((rows) => rows.length > 0)).toBe(true);
    expect(second).toEqual(first);
  });

  it.each([2, 3, 5, 7])('stops: one batch, one event per batch and batches of %i give the same rows', async (size) => {
    const { batched, singly, chunked } = await replayBatchedAndSingly(knex, stopsProjection, await events(), size);
    expect(singly).toEqual(batched);
    expect(chunked).toEqual(batched);
  });

  it('root causes: the latest analysis wins', async () => {
    const { first } = await replayTwice(knex, rootCausesProjection, await events());
    expect(first.root_causes).toEqual([expect.objectContaining({ stop_event_id: 1_000_003, root_cause: 'Guida della coclea usurata', troubleshooting: 'Sostituita' })]);
  });
});
