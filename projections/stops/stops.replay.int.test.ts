import { createCatalog } from '../../domain/catalog.js';
import { activeChildren } from '../../domain/plant/state.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { readDemoPlantFile } from '../../seed/demoPlant.js';
import { importPlant } from '../../seed/plantImport.js';
import { readPlantState } from '../../commands/plant/readPlant.js';
import { handleRecordRootCause } from '../../commands/rootCauses/recordRootCause.js';
import { handleGenerateShifts } from '../../commands/shifts/generateShifts.js';
import { handleDeletePlannedStop } from '../../commands/stops/deletePlannedStop.js';
import { handleDeleteUnplannedStop } from '../../commands/stops/deleteUnplannedStop.js';
import { handleEditPlannedStopNote } from '../../commands/stops/editPlannedStopNote.js';
import { handleEditUnplannedStopDetail } from '../../commands/stops/editUnplannedStopDetail.js';
import { handleRecordPlannedStop } from '../../commands/stops/recordPlannedStop.js';
import { handleRecordUnplannedStop } from '../../commands/stops/recordUnplannedStop.js';
import { useTestDatabase } from '../../test/support/db.js';
import { replayBatchedAndSingly, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { rootCausesProjection } from '../rootCauses/rootCauses.projection.js';
import { stopsProjection } from './stops.projection.js';

/**
 * Replay of the stop and root cause projections over one history, in which some stops are
 * recorded before their shifts are scheduled, one starts in a night shift after midnight,
 * and some are edited and deleted right after being recorded.
 */
describeWith(['postgres'])('stops and root causes projections replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const ctx = { userId: 'u', username: 'frontline', role: 'frontline', now: new Date('2030-06-12T12:00:00Z') };
  // Day ids of equipment 1 (domain/stops/ids.ts): 10^15 + 10^9 + day × 10^4 + (planned ? 1000 : 0) + n,
  // 5 June 2030 being day 11113; the rows come back ordered by id, so by day, then n.
  const [S5_1, S5_2, S6_1, S6_2, S7_1, S9_1] = [
    1_000_001_111_130_001, 1_000_001_111_130_002, 1_000_001_111_140_001, 1_000_001_111_140_002, 1_000_001_111_150_001, 1_000_001_111_170_001,
  ];
  const [P5_1, P5_2] = [1_000_001_111_131_001, 1_000_001_111_131_002];
  /** Italian wall-clock time on a day of June 2030 (summer time, +02:00). */
  const at = (day: number, hhmm: string) => new Date(`2030-06-${String(day).padStart(2, '0')}T${hhmm}:00+02:00`).toISOString();

  beforeAll(async () => {
    const deps = { store, catalog };
    await importPlant(deps, readDemoPlantFile(), { ...ctx, username: 'admin', role: 'admin' });
    const plant = await readPlantState(deps);
    const workpoint = activeChildren(plant, 'workpoint', 1)[0]!;
    const stopCode = activeChildren(plant, 'stopCode', workpoint.id)[0]!;
    const unplanned = (startTime: string, endTime: string) => ({
      workpointId: workpoint.id,
      stopCodeId: stopCode.id,
      triggeringEventId: 1,
      failureMode: 'Bottiglia caduta',
      correctiveAction: 'Rialzata',
      actionMaterialChange: true,
      actionCleaning: false,
      actionSettingAdjustment: true,
      actionComponentRestore: false,
      startTime,
      endTime,
    });
    const planned = (startTime: string, endTime: string, notes: string | null) => ({ equipmentId: 1, plannedReasonId: 1, startTime, endTime, notes });
    const u = (input: ReturnType<typeof unplanned>) => handleRecordUnplannedStop(deps, input, ctx);
    const p = (input: ReturnType<typeof planned>) => handleRecordPlannedStop(deps, input, ctx);
    const edit = (stopId: number, field: 'failureMode' | 'correctiveAction', value: string) => handleEditUnplannedStopDetail(deps, { stopId, field, value }, ctx);
    const note = (stopId: number, notes: string | null) => handleEditPlannedStopNote(deps, { stopId, notes }, ctx);
    const admin = { ...ctx, userId: 'a', username: 'admin', role: 'admin' };
    const schedule = (startDate: string, endDate: string) => handleGenerateShifts(deps, { shopFloorId: 1, startDate, endDate }, admin);

    // Before any shift exists: 01:00 of the 6th (night shift of the 5th, once scheduled), 06:00 of the 5th (planned, shift A).
    await u(unplanned(at(6, '01:00'), at(6, '01:10'))); // S6_1
    await p(planned(at(5, '06:00'), at(5, '06:30'), 'Formato 1 L')); // P5_1
    await schedule('2030-06-04', '2030-06-06');
    await u(unplanned(at(6, '02:00'), at(6, '02:30'))); // S6_2: night shift C of the 5th
    await u(unplanned(at(5, '08:10'), at(5, '08:25'))); // S5_1: A and E of the 5th; its shift is A
    await edit(S5_1, 'failureMode', 'Coclea inceppata');
    await u(unplanned(at(5, '09:00'), at(5, '09:05'))); // S5_2
    await edit(S5_2, 'correctiveAction', 'Sostituita la guida');
    await handleDeleteUnplannedStop(deps, { stopId: S5_2 }, ctx);
    await u(unplanned(at(7, '10:00'), at(7, '10:20'))); // S7_1: the 7th has no shift yet
    await u(unplanned(at(9, '10:00'), at(9, '10:20'))); // S9_1: the 9th never gets one
    await p(planned(at(5, '07:00'), at(5, '07:30'), null)); // P5_2
    await note(P5_2, 'Pulizia straordinaria');
    await handleDeletePlannedStop(deps, { stopId: P5_2 }, ctx);
    await note(P5_1, null);
    await schedule('2030-06-07', '2030-06-07');
    await edit(S6_1, 'correctiveAction', 'Ripulita la coclea');
    for (const rootCause of ['Guida usurata', 'Guida della coclea usurata']) {
      await handleRecordRootCause(deps, { stopEventId: S5_1, rootCause, troubleshooting: 'Sostituita' }, ctx);
    }
  });

  const events = () => storedEvents(store, catalog);

  /**
   * Shift ids: shop floor 1's block (1 000 000) plus the calendar's sequence, four a day in
   * the plant's order A, B, C, E: the 4th is 1000001-1000004, the 5th 1000005 (A) to 1000008
   * (E), the 6th 1000009-1000012; the second generation gives the 7th 1000013 (A) onwards.
   */
  it('stores the day each stop counts for and its regular shift, filled in when shifts are scheduled after it', async () => {
    // One event per batch is the path where a stop is written before its shift exists.
    const { singly: first, batched } = await replayBatchedAndSingly(db.knex, stopsProjection, await events());
    expect(batched).toEqual(first);
    const pick = (r: any) => [r.id, r.start_day, r.shift_day, r.shift_id, r.deleted];
    expect(first.unplanned_stops!.map(pick)).toEqual([
      [S5_1, '2030-06-05', '2030-06-05', 1_000_005, false],
      [S5_2, '2030-06-05', '2030-06-05', 1_000_005, true],
      [S6_1, '2030-06-06', '2030-06-05', 1_000_007, false],
      [S6_2, '2030-06-06', '2030-06-05', 1_000_007, false],
      [S7_1, '2030-06-07', '2030-06-07', 1_000_013, false],
      [S9_1, '2030-06-09', '2030-06-09', null, false],
    ]);
    expect(first.planned_stops!.map(pick)).toEqual([
      [P5_1, '2030-06-05', '2030-06-05', 1_000_005, false],
      [P5_2, '2030-06-05', '2030-06-05', 1_000_005, true],
    ]);
    expect(first.stop_shifts).toHaveLength(16);
  });

  it('folds edits and deletions recorded in the same batch as the stop, and in later ones', async () => {
    const { first } = await replayTwice(db.knex, stopsProjection, await events());
    const texts = (r: any) => [r.id, r.failure_mode, r.corrective_action];
    expect(first.unplanned_stops!.map(texts)).toEqual([
      [S5_1, 'Coclea inceppata', 'Rialzata'],
      [S5_2, 'Bottiglia caduta', 'Sostituita la guida'],
      [S6_1, 'Bottiglia caduta', 'Ripulita la coclea'],
      [S6_2, 'Bottiglia caduta', 'Rialzata'],
      [S7_1, 'Bottiglia caduta', 'Rialzata'],
      [S9_1, 'Bottiglia caduta', 'Rialzata'],
    ]);
    expect(first.planned_stops!.map((r: any) => [r.id, r.notes])).toEqual([
      [P5_1, null],
      [P5_2, 'Pulizia straordinaria'],
    ]);
    expect(first.unplanned_stops![0]).toEqual(expect.objectContaining({ shop_floor_id: 1, line_id: 1, equipment_id: 1, action_material_change: true, action_cleaning: false }));
  });

  it.each([stopsProjection, rootCausesProjection])('$name: the same rows after a second pass', async (projection) => {
    const { first, second } = await replayTwice(db.knex, projection, await events());
    expect(Object.values(first).every((rows) => rows.length > 0)).toBe(true);
    expect(second).toEqual(first);
  });

  it.each([2, 3, 5, 7])('stops: one batch, one event per batch and batches of %i give the same rows', async (size) => {
    const { batched, singly, chunked } = await replayBatchedAndSingly(db.knex, stopsProjection, await events(), size);
    expect(singly).toEqual(batched);
    expect(chunked).toEqual(batched);
  });

  it('root causes: the latest analysis wins', async () => {
    const { first } = await replayTwice(db.knex, rootCausesProjection, await events());
    expect(first.root_causes).toEqual([expect.objectContaining({ stop_event_id: S5_1, root_cause: 'Guida della coclea usurata', troubleshooting: 'Sostituita' })]);
  });
});
