import { createCatalog } from '../../domain/catalog.js';
import { shiftReportStream, type ReportContent, type ReportKey } from '../../domain/shiftReports/events.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { decideOn } from '../../test/builders/decideOn.js';
import { shiftReportDecider, type ShiftReportCommand } from '../../commands/shiftReports/decider.js';
import { command, EMPTY, FULL, KEY } from '../../test/builders/shiftReportFixtures.js';
import { useTestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { eventsFor, expectSameRowsEveryWay, replayBatchedAndSingly, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { shiftReportsProjection } from './shiftReports.projection.js';

/** Replay: the shift reports applied twice leave the same rows, each the last event's content. */
describeWith(['postgres'])('shift_reports projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const now = new Date('2030-03-10T10:00:00Z');
  const run = (c: ShiftReportCommand, username: string) =>
    decideOn(
      { store, catalog },
      shiftReportStream(c.key.lineId, c.key.day, c.key.shiftCode),
      shiftReportDecider,
      { ...c, username },
      { userId: username, username, role: username, now },
    );

  beforeAll(async () => {
    await run(command('SaveShiftReportDraft', { content: EMPTY }), 'frontline');
    await run(command('SaveShiftReportDraft'), 'frontline');
    await run(command('SubmitShiftReport'), 'frontline');
    await run(command('AmendShiftReport', { content: { ...FULL, waste: 130 }, username: 'support', revisionPinned: true }), 'support');
    await run(command('SaveShiftReportDraft', { key: { ...KEY, shiftCode: 'B' }, content: { ...EMPTY, notes: 'bozza' } }), 'frontline');
  });

  const events = async () => eventsFor(shiftReportsProjection, await storedEvents(store, catalog));

  it('leaves the same rows after a second pass, each as its last event left it', async () => {
    const { first, second } = await replayTwice(db.knex, shiftReportsProjection, await events());
    expect(second).toEqual(first);
    expect(first.shift_reports).toEqual([
      expect.objectContaining({
        line_id: 1,
        day: '2030-03-10',
        shift_code: 'A',
        shop_floor_id: 1,
        notes: FULL.notes,
        machine_notes: FULL.machineNotes,
        production_volume: 11000,
        waste: 130,
        working_time: 7.5,
        confirmed: true,
        revision: 3,
        updated_by: 'support',
        submitted_by: 'frontline',
      }),
      expect.objectContaining({ shift_code: 'B', notes: 'bozza', machine_notes: [], production_volume: null, confirmed: false, revision: 0, submitted_at: null }),
    ]);
  });

  it('never moves a row back: an older event applied late changes nothing', async () => {
    const history = await events();
    const tables = { shift_reports: `shift_reports_late_${Date.now()}` };
    await db.knex.schema.createTable(tables.shift_reports, shiftReportsProjection.tables.shift_reports!);
    await db.knex.transaction(async (trx) => {
      for (const e of [...history, history[0]!, history[2]!]) await shiftReportsProjection.applyBatch({ trx, tables }, [e]);
    });
    const row = await db.knex(tables.shift_reports).where({ shift_code: 'A' }).first();
    expect([row.revision, row.waste, row.confirmed, row.updated_by]).toEqual([3, 130, true, 'support']);
  });
});

/**
 * A morning of two lines: autosaves, submits, the improvement role's amends and a
 * report it creates, interleaved across reports, so one batch holds many events of
 * the same report and a chunked replay changes rows an earlier batch wrote.
 */
describeWith(['postgres'])('shift_reports projection replayed over a morning of reports', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const at = (mm: string) => new Date(`2030-03-10T10:${mm}:00Z`);
  const AMENDED_NOTES = [
    { Macchina: 'Riempitrice', Nota: 'Valvola sostituita' },
    { Macchina: 'Tappatrice', Nota: 'Testa regolata' },
  ];

  beforeAll(async () => {
    const L1A = KEY;
    const L1B: ReportKey = { ...KEY, shiftCode: 'B' };
    const L2A: ReportKey = { ...KEY, lineId: 2 };
    const L1C9: ReportKey = { ...KEY, day: '2030-03-09', shiftCode: 'C' };
    const steps: Array<[mm: string, user: string, type: ShiftReportCommand['type'], key: ReportKey, content: ReportContent]> = [
      ['01', 'frontline', 'SaveShiftReportDraft', L1A, { ...EMPTY, notes: 'Avvio' }],
      ['02', 'frontline', 'SaveShiftReportDraft', L1A, { ...FULL, notes: 'Avvio turno', waste: null }],
      ['03', 'operatore2', 'SaveShiftReportDraft', L2A, { ...EMPTY, notes: 'Linea 2 ferma' }],
      ['04', 'frontline', 'SaveShiftReportDraft', L1A, FULL],
      ['05', 'frontline', 'SubmitShiftReport', L1A, FULL],
      ['06', 'support', 'AmendShiftReport', L1A, { ...FULL, waste: 130 }],
      ['07', 'operatore2', 'SubmitShiftReport', L2A, { ...FULL, notes: 'Linea 2 ferma per guasto', productionVolume: 9000 }],
      ['08', 'support', 'AmendShiftReport', L1A, { ...FULL, waste: 125, machineNotes: AMENDED_NOTES }],
      ['09', 'support', 'AmendShiftReport', L1C9, FULL],
      ['10', 'frontline', 'SaveShiftReportDraft', L1B, { ...EMPTY, notes: 'bozza' }],
      ['11', 'frontline', 'SaveShiftReportDraft', L1B, { ...EMPTY, notes: 'bozza del turno B', productionVolume: 4000 }],
    ];
    for (const [mm, username, type, key, content] of steps) {
      const c = command(type, { key, content, username, revisionPinned: username === 'support' });
      await decideOn({ store, catalog }, shiftReportStream(key.lineId, key.day, key.shiftCode), shiftReportDecider, c, { userId: username, username, role: username, now: at(mm) });
    }
  });

  const events = async () => eventsFor(shiftReportsProjection, await storedEvents(store, catalog));

  it('gives the same rows in one batch, one event per batch, batches of 3, and after a second pass', async () => {
    const history = await events();
    expect(history).toHaveLength(11);
    await expectSameRowsEveryWay(db.knex, shiftReportsProjection, history, 3);
  });

  it('gives the same rows when a batch overlaps events already applied', async () => {
    const history = await events();
    const tables = { shift_reports: `shift_reports_overlap_${Date.now()}` };
    await db.knex.schema.createTable(tables.shift_reports, shiftReportsProjection.tables.shift_reports!);
    for (const batch of [history.slice(0, 6), history.slice(3), history.slice(2, 8), history, history.slice(0, 5)]) {
      await db.knex.transaction((trx) => shiftReportsProjection.applyBatch({ trx, tables }, batch));
    }
    const { batched } = await replayBatchedAndSingly(db.knex, shiftReportsProjection, history);
    expect((await db.knex.raw('select * from ?? as r order by r', [tables.shift_reports])).rows).toEqual(batched.shift_reports);
  });

  it('holds each report as its last event left it, the submit kept through amends', async () => {
    const { first } = await replayTwice(db.knex, shiftReportsProjection, await events());
    const report = { shop_floor_id: 1, notes: FULL.notes, machine_notes: FULL.machineNotes, production_volume: 11000, waste: 120, working_time: 7.5 };
    expect(first.shift_reports).toEqual([
      {
        line_id: 1,
        day: '2030-03-09',
        shift_code: 'C',
        ...report,
        confirmed: true,
        revision: 0,
        updated_at: at('09'),
        updated_by: 'support',
        submitted_at: at('09'),
        submitted_by: 'support',
      },
      {
        line_id: 1,
        day: '2030-03-10',
        shift_code: 'A',
        ...report,
        machine_notes: AMENDED_NOTES,
        waste: 125,
        confirmed: true,
        revision: 5,
        updated_at: at('08'),
        updated_by: 'support',
        submitted_at: at('05'),
        submitted_by: 'frontline',
      },
      {
        line_id: 1,
        day: '2030-03-10',
        shift_code: 'B',
        shop_floor_id: 1,
        notes: 'bozza del turno B',
        machine_notes: [],
        production_volume: 4000,
        waste: null,
        working_time: null,
        confirmed: false,
        revision: 1,
        updated_at: at('11'),
        updated_by: 'frontline',
        submitted_at: null,
        submitted_by: null,
      },
      {
        line_id: 2,
        day: '2030-03-10',
        shift_code: 'A',
        ...report,
        notes: 'Linea 2 ferma per guasto',
        production_volume: 9000,
        confirmed: true,
        revision: 1,
        updated_at: at('07'),
        updated_by: 'operatore2',
        submitted_at: at('07'),
        submitted_by: 'operatore2',
      },
    ]);
  });
});
