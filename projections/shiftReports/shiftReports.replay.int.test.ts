import { createCatalog } from '../../domain/catalog.js';
import { shiftReportStream } from '../../domain/shiftReports/events.js';
import { createKnex } from '../../infra/db/knex.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { handleCommand } from '../../commands/handleCommand.js';
import { shiftReportDecider, type ShiftReportCommand } from '../../commands/shiftReports/decider.js';
import { command, EMPTY, FULL, KEY } from '../../test/builders/shiftReportFixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { replayTwice } from '../../test/support/replayKit.js';
import { shiftReportsProjection } from './shiftReports.projection.js';

/** Replay: the shift reports applied twice leave the same rows, each the last event's content. */
describeWith(['postgres'])('shift_reports projection replayed', () => {
  let db: TestDatabase;
  let knex: ReturnType<typeof createKnex>;
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const now = new Date('2030-03-10T10:00:00Z');
  const run = (c: ShiftReportCommand, username: string) =>
    handleCommand({ store, catalog }, shiftReportStream(c.key.lineId, c.key.day, c.key.shiftCode), shiftReportDecider, { ...c, username }, { userId: username, username, role: username, now });

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 2 });
    await run(command('SaveShiftReportDraft', { content: EMPTY }), 'frontline');
    await run(command('SaveShiftReportDraft'), 'frontline');
    await run(command('SubmitShiftReport'), 'frontline');
    await run(command('AmendShiftReport', { content: { ...FULL, waste: 130 }, username: 'support', revisionPinned: true }), 'support');
    await run(command('SaveShiftReportDraft', { key: { ...KEY, shiftCode: 'B' }, content: { ...EMPTY, notes: 'bozza' } }), 'frontline');
  });
  afterAll(async () => {
    await knex?.destroy();
    await db?.drop();
  });

  it('leaves the same rows after a second pass, each as its last event left it', async () => {
    const events = (await store.readAll({ limit: 1000 })).map((r) => catalog.decode(r));
    const { first, second } = await replayTwice(knex, shiftReportsProjection, events);
    expect(second).toEqual(first);
    expect(first.shift_reports).toEqual([
      expect.objectContaining({
        line_id: 1, day: '2030-03-10', shift_code: 'A', shop_floor_id: 1, notes: FULL.notes, machine_notes: FULL.machineNotes,
        production_volume: 11000, waste: 130, working_time: 7.5, confirmed: true, revision: 3, updated_by: 'support', submitted_by: 'frontline',
      }),
      expect.objectContaining({ shift_code: 'B', notes: 'bozza', machine_notes: [], production_volume: null, confirmed: false, revision: 0, submitted_at: null }),
    ]);
  });

  it('never moves a row back: an older event applied late changes nothing', async () => {
    const events = (await store.readAll({ limit: 1000 })).map((r) => catalog.decode(r));
    const tables = { shift_reports: `shift_reports_late_${Date.now()}` };
    await knex.schema.createTable(tables.shift_reports, shiftReportsProjection.tables.shift_reports!);
    await knex.transaction(async (trx) => {
      for (const e of [...events, events[0]!, events[2]!]) await shiftReportsProjection.applyBatch({ trx, tables }, [e]);
    });
    const row = await knex(tables.shift_reports).where({ shift_code: 'A' }).first();
    expect([row.revision, row.waste, row.confirmed, row.updated_by]).toEqual([3, 130, true, 'support']);
  });
});
