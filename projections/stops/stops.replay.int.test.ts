import { createCatalog } from '../../domain/catalog.js';
import { activeChildren } from '../../domain/plant/state.js';
import { createKnex } from '../../infra/db/knex.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { readDemoPlantFile } from '../../infra/seed/demoPlant.js';
import { importPlant } from '../../infra/seed/plantImport.js';
import { readPlantState } from '../../commands/plant/readPlant.js';
import { handleRecordRootCause } from '../../commands/rootCauses/recordRootCause.js';
import { handleDeletePlannedStop } from '../../commands/stops/deletePlannedStop.js';
import { handleDeleteUnplannedStop } from '../../commands/stops/deleteUnplannedStop.js';
import { handleEditPlannedStopNote } from '../../commands/stops/editPlannedStopNote.js';
import { handleEditUnplannedStopDetail } from '../../commands/stops/editUnplannedStopDetail.js';
import { handleRecordPlannedStop } from '../../commands/stops/recordPlannedStop.js';
import { handleRecordUnplannedStop } from '../../commands/stops/recordUnplannedStop.js';
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
  // Day ids of equipment 1 on 2030-06-05 (day 11113): unplanned n = ...0n, planned n = ...1n (domain/stops/ids.ts).
  const [U1, U2, P1, P2] = [1_000_001_111_130_001, 1_000_001_111_130_002, 1_000_001_111_131_001, 1_000_001_111_131_002];

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 2 });
    const deps = { store, catalog };
    await importPlant(deps, readDemoPlantFile(), { ...ctx, username: 'admin', role: 'admin' });
    const plant = await readPlantState(deps);
    const workpoint = activeChildren(plant, 'workpoint', 1)[0]!;
    const stopCode = activeChildren(plant, 'stopCode', workpoint.id)[0]!;
    const unplanned = (startTime: string, endTime: string) => ({
      role: 'frontline', workpointId: workpoint.id, stopCodeId: stopCode.id, triggeringEventId: 1, failureMode: 'Bottiglia caduta', correctiveAction: 'Rialzata',
      actionMaterialChange: true, actionCleaning: false, actionSettingAdjustment: true, actionComponentRestore: false, startTime, endTime,
    });
    await handleRecordUnplannedStop(deps, unplanned(at('08:10'), at('08:25')), ctx);
    await handleRecordUnplannedStop(deps, unplanned(at('09:00'), at('09:05')), ctx);
    await handleEditUnplannedStopDetail(deps, { stopId: U1, field: 'failureMode', value: 'Coclea inceppata', role: 'frontline' }, ctx);
    await handleDeleteUnplannedStop(deps, { stopId: U2, role: 'frontline' }, ctx);
    await handleRecordPlannedStop(deps, { role: 'frontline', equipmentId: 1, plannedReasonId: 1, startTime: at('06:00'), endTime: at('06:30'), notes: 'Formato 1 L' }, ctx);
    await handleRecordPlannedStop(deps, { role: 'frontline', equipmentId: 1, plannedReasonId: 2, startTime: at('07:00'), endTime: at('07:30'), notes: null }, ctx);
    await handleEditPlannedStopNote(deps, { stopId: P1, notes: null, role: 'frontline' }, ctx);
    await handleDeletePlannedStop(deps, { stopId: P2, role: 'frontline' }, ctx);
    for (const rootCause of ['Guida usurata', 'Guida della coclea usurata']) {
      await handleRecordRootCause(deps, { stopEventId: U1, rootCause, troubleshooting: 'Sostituita' }, ctx);
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
      expect.objectContaining({ id: U1, failure_mode: 'Coclea inceppata', line_id: 1, shop_floor_id: 1, start_day: '2030-06-05', deleted: false }),
      expect.objectContaining({ id: U2, deleted: true }),
    ]);
    expect(first.planned_stops).toEqual([
      expect.objectContaining({ id: P1, notes: null, deleted: false }),
      expect.objectContaining({ id: P2, deleted: true }),
    ]);
  });

  it('root causes: the latest analysis wins', async () => {
    const { first } = await replayTwice(knex, rootCausesProjection, await events());
    expect(first.root_causes).toEqual([expect.objectContaining({ stop_event_id: U1, root_cause: 'Guida della coclea usurata', troubleshooting: 'Sostituita' })]);
  });
});
