import { createCatalog } from '../../domain/catalog.js';
import { activeChildren } from '../../domain/plant/state.js';
import { plannedStopsStream, unplannedStopsStream } from '../../domain/stops/events.js';
import { rootCauseStream } from '../../domain/rootCauses/events.js';
import { createKnex } from '../../infra/db/knex.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { readDemoPlantFile } from '../../infra/seed/demoPlant.js';
import { importPlant } from '../../infra/seed/plantImport.js';
import { handleCommand } from '../../commands/handleCommand.js';
import { readPlantState } from '../../commands/plant/readPlant.js';
import { rootCauseDecider } from '../../commands/rootCauses/decider.js';
import { plannedStopsDecider } from '../../commands/stops/plannedDecider.js';
import { unplannedStopsDecider } from '../../commands/stops/unplannedDecider.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { replayTwice } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { rootCausesProjection } from '../rootCauses/rootCauses.projection.js';
import { stopsProjection } from './stops.projection.js';

/** Replay: the stop and root cause projections applied to the same events twice leave the same rows. */
describeWith(['postgres'])('stops and root causes projections replayed', () => {
  let db: TestDatabase;
  let knex: ReturnType<typeof createKnex>;
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const ctx = { userId: 'u', username: 'frontline', role: 'frontline', now: new Date('2030-06-05T12:00:00Z') };
  const at = (hhmm: string) => new Date(`2030-06-05T${hhmm}:00+02:00`).toISOString();

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 2 });
    const deps = { store, catalog };
    await importPlant(deps, readDemoPlantFile(), { ...ctx, username: 'admin', role: 'admin' });
    const plant = await readPlantState(deps);
    const workpoint = activeChildren(plant, 'workpoint', 1)[0]!;
    const stopCode = activeChildren(plant, 'stopCode', workpoint.id)[0]!;
    const unplanned = (startTime: string, endTime: string) => ({
      type: 'RecordUnplannedStop' as const, equipmentId: 1, plant, role: 'frontline', shiftSubmitted: false,
      workpointId: workpoint.id, stopCodeId: stopCode.id, triggeringEventId: 1, failureMode: 'Bottiglia caduta', correctiveAction: 'Rialzata',
      actionMaterialChange: true, actionCleaning: false, actionSettingAdjustment: true, actionComponentRestore: false, startTime, endTime,
    });
    const u = (c: Parameters<typeof unplannedStopsDecider.decide>[0]) => handleCommand(deps, unplannedStopsStream(1), unplannedStopsDecider, c, ctx);
    await u(unplanned(at('08:10'), at('08:25')));
    await u(unplanned(at('09:00'), at('09:05')));
    await u({ type: 'EditUnplannedStopDetail', stopId: 1_000_001, field: 'failureMode', value: 'Coclea inceppata', role: 'frontline', shiftSubmitted: false });
    await u({ type: 'DeleteUnplannedStop', stopId: 1_000_002, role: 'frontline', shiftSubmitted: false });
    const p = (c: Parameters<typeof plannedStopsDecider.decide>[0]) => handleCommand(deps, plannedStopsStream(1), plannedStopsDecider, c, ctx);
    await p({ type: 'RecordPlannedStop', plant, role: 'frontline', shiftSubmitted: false, equipmentId: 1, plannedReasonId: 1, startTime: at('06:00'), endTime: at('06:30'), notes: 'Formato 1 L' });
    await p({ type: 'RecordPlannedStop', plant, role: 'frontline', shiftSubmitted: false, equipmentId: 1, plannedReasonId: 2, startTime: at('07:00'), endTime: at('07:30'), notes: null });
    await p({ type: 'EditPlannedStopNote', stopId: 1_500_001, notes: null, role: 'frontline', shiftSubmitted: false });
    await p({ type: 'DeletePlannedStop', stopId: 1_500_002, role: 'frontline', shiftSubmitted: false });
    for (const rootCause of ['Guida usurata', 'Guida della coclea usurata']) {
      await handleCommand(deps, rootCauseStream(1_000_001), rootCauseDecider, { type: 'RecordRootCause', stopEventId: 1_000_001, rootCause, troubleshooting: 'Sostituita', stopExists: true }, ctx);
    }
  });
  afterAll(async () => {
    await knex?.destroy();
    await db?.drop();
  });

  const events = async () => (await store.readAll({ limit: 100_000 })).map((r) => catalog.decode(r));

  it.each([stopsProjection, rootCausesProjection])('$name: same rows after a second pass', async (projection) => {
    const { first, second } = await replayTwice(knex, projection, await events());
    expect(Object.values(first).every((rows) => rows.length > 0)).toBe(true);
    expect(second).toEqual(first);
  });

  it('stops: edits and deletions are folded into the rows, deleted rows kept and flagged', async () => {
    const { first } = await replayTwice(knex, stopsProjection, await events());
    expect(first.unplanned_stops).toEqual([
      expect.objectContaining({ id: 1_000_001, failure_mode: 'Coclea inceppata', line_id: 1, shop_floor_id: 1, start_day: '2030-06-05', deleted: false }),
      expect.objectContaining({ id: 1_000_002, deleted: true }),
    ]);
    expect(first.planned_stops).toEqual([
      expect.objectContaining({ id: 1_500_001, notes: null, deleted: false }),
      expect.objectContaining({ id: 1_500_002, deleted: true }),
    ]);
  });

  it('root causes: the latest analysis wins', async () => {
    const { first } = await replayTwice(knex, rootCausesProjection, await events());
    expect(first.root_causes).toEqual([expect.objectContaining({ stop_event_id: 1_000_001, root_cause: 'Guida della coclea usurata', troubleshooting: 'Sostituita' })]);
  });
});
