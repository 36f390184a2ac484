import { createCatalog } from '../../domain/catalog.js';
import { activeChildren, type PlantState } from '../../domain/plant/state.js';
import type { NewEvent } from '../../domain/shared/eventStore.js';
import { DomainError } from '../../domain/shared/errors.js';
import { shiftReportStream } from '../../domain/shiftReports/events.js';
import { eachDay, shiftTimes } from '../../domain/shifts/calendar.js';
import { legacyUnplannedStopsStream } from '../../domain/stops/events.js';
import { legacyStopId } from '../../test/builders/stopIds.js';
import { PostgresEventStore } from '../../infra/eventstore/postgres.js';
import { historyCatalog, historyLines, planShift } from '../../seed/demoHistoryPlan.js';
import { readDemoPlantFile } from '../../seed/demoPlant.js';
import { importPlant } from '../../seed/plantImport.js';
import { command as reportCommand, FULL } from '../../test/builders/shiftReportFixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { decideOn } from '../../test/builders/decideOn.js';
import { readPlantState } from '../plant/readPlant.js';
import { handleRecordRootCause } from '../rootCauses/recordRootCause.js';
import { shiftReportDecider } from '../shiftReports/decider.js';
import { shiftCalendarDecider } from '../shifts/decider.js';
import { handleDeleteUnplannedStop } from './deleteUnplannedStop.js';
import { handleEditUnplannedStopDetail } from './editUnplannedStopDetail.js';
import { handleRecordUnplannedStop } from './recordUnplannedStop.js';

const PATTERNS = [
  { name: 'Turno A', code: 'A', start: '06:00', end: '14:00', extra: false },
  { name: 'Turno B', code: 'B', start: '14:00', end: '22:00', extra: false },
  { name: 'Turno C', code: 'C', start: '22:00', end: '06:00', extra: false },
];
// Winter: Rome is UTC+1. The clock of every command is noon of 20 January 2030.
const now = new Date('2030-01-20T11:00:00Z');
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`).toISOString();
const as = (role: string) => ({ userId: `u-${role}`, username: role, role, now });

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

/** Stop streams on a real PostgreSQL store: day boundaries, stops written the old way, and the lock under a race. */
describeWith(['postgres'])('unplanned stops on day streams', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const catalog = createCatalog();
  let deps: { store: PostgresEventStore; catalog: typeof catalog };
  let plant: PlantState;
  let stop: (startTime: string, endTime: string) => Parameters<typeof handleRecordUnplannedStop>[1];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.connect(db.url, { max: 6 });
    deps = { store, catalog };
    await importPlant(deps, readDemoPlantFile(), { userId: 'system', username: 'admin', role: 'admin', now: new Date('2030-01-01T00:00:00Z') });
    plant = await readPlantState(deps);
    await decideOn(
      deps,
      'shift-calendar-1',
      shiftCalendarDecider,
      {
        type: 'GenerateShifts',
        shopFloorId: 1,
        startDate: '2030-01-01',
        endDate: '2030-01-20',
        patterns: PATTERNS,
        manageExtraShift: false,
      },
      as('admin'),
    );
    const workpoint = activeChildren(plant, 'workpoint', 1)[0]!;
    const stopCode = activeChildren(plant, 'stopCode', workpoint.id)[0]!;
    stop = (startTime, endTime) => ({
      workpointId: workpoint.id,
      stopCodeId: stopCode.id,
      triggeringEventId: 1,
      failureMode: 'Tappo storto',
      correctiveAction: 'Regolato',
      actionMaterialChange: false,
      actionCleaning: false,
      actionSettingAdjustment: true,
      actionComponentRestore: false,
      startTime,
      endTime,
    });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  const record = (startTime: string, endTime: string, role = 'frontline') => handleRecordUnplannedStop(deps, stop(startTime, endTime), as(role));
  const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);

  describe('across midnight', () => {
    it('puts a stop on the stream of the day it starts, and finds it from the next day for the overlap rule', async () => {
      const night = await record(at('2030-01-05', '23:50'), at('2030-01-06', '00:20'));
      expect(night.events[0]!.data).toMatchObject({ stopId: 1_000_001_109_620_001 });
      expect(await types('unplanned-stops-1-2030-01-05')).toEqual(['UnplannedStopRecorded']);
      expect(await types('unplanned-stops-1-2030-01-06')).toEqual([]);

      const overlap = await refusal(record(at('2030-01-06', '00:10'), at('2030-01-06', '00:30')));
      expect([overlap.status, overlap.code, overlap.message]).toEqual([
        409,
        'STOP_OVERLAP',
        'Lo stop si sovrappone a un altro stop della stessa macchina (05/01 23:50–06/01 00:20)',
      ]);

      const after = await record(at('2030-01-06', '00:20'), at('2030-01-06', '00:30'));
      expect(after.events[0]!.data).toMatchObject({ stopId: 1_000_001_109_630_001 });
      expect(await types('unplanned-stops-1-2030-01-06')).toEqual(['UnplannedStopRecorded']);
    });

    it('checks a new stop that crosses into the next day against the stops already there', async () => {
      await record(at('2030-01-08', '00:05'), at('2030-01-08', '00:15'));
      const err = await refusal(record(at('2030-01-07', '23:40'), at('2030-01-08', '00:10')));
      expect([err.status, err.code]).toEqual([409, 'STOP_OVERLAP']);
      expect((await record(at('2030-01-07', '23:40'), at('2030-01-08', '00:05'))).events).toHaveLength(1);
    });

    it('refuses a stop longer than 24 hours and writes nothing', async () => {
      const err = await refusal(record(at('2030-01-10', '06:00'), at('2030-01-11', '06:01')));
      expect([err.status, err.code]).toEqual([400, 'INVALID_TIMES']);
      expect(await types('unplanned-stops-1-2030-01-10')).toEqual([]);
    });
  });

  describe('given stops written the old way, one stream per equipment', () => {
    // The demo history's own plan for line 1 on four days, written as the product wrote it before day streams.
    const legacy: Array<{ id: number; startTime: string; endTime: string }> = [];

    beforeAll(async () => {
      const line = historyLines(plant, 1, ['Macchina', 'Nota'], new Map([[1, 12000]]))[0]!;
      const events: NewEvent[] = [];
      for (const day of eachDay('2030-01-01', '2030-01-04')) {
        for (const p of PATTERNS) {
          for (const u of planShift(line, historyCatalog(plant), { day, code: p.code, ...shiftTimes(day, p) }).unplanned) {
            if (u.equipmentId !== 1) continue;
            const id = legacyStopId('unplanned', 1, legacy.length + 1);
            legacy.push({ id, startTime: u.input.startTime, endTime: u.input.endTime });
            events.push({
              type: 'UnplannedStopRecorded',
              schemaVersion: 1,
              data: {
                stopId: id,
                shopFloorId: 1,
                lineId: line.id,
                equipmentId: 1,
                workpointId: u.input.workpointId,
                stopCodeId: u.input.stopCodeId,
                triggeringEventId: u.input.triggeringEventId,
                failureMode: u.input.failureMode,
                correctiveAction: u.input.correctiveAction,
                actionMaterialChange: u.input.actionMaterialChange,
                actionCleaning: u.input.actionCleaning,
                actionSettingAdjustment: u.input.actionSettingAdjustment,
                actionComponentRestore: u.input.actionComponentRestore,
                startTime: new Date(u.input.startTime).toISOString(),
                endTime: new Date(u.input.endTime).toISOString(),
              },
              metadata: { userId: 'u-frontline', username: 'frontline', role: 'frontline', correlationId: 'legacy', causationId: null, occurredAt: u.now.toISOString() },
            });
          }
        }
      }
      await store.appendToStream(legacyUnplannedStopsStream(1), events, { expectedRevision: 'no_stream' });
    });

    it('has a few stops to work on', () => {
      expect(legacy.length).toBeGreaterThanOrEqual(3);
    });

    it('refuses a new stop that overlaps an old one, and records one that does not on its day stream', async () => {
      const old = legacy[0]!;
      const err = await refusal(record(old.startTime, old.endTime));
      expect([err.status, err.code]).toEqual([409, 'STOP_OVERLAP']);
      const free = await record(at('2030-01-14', '10:00'), at('2030-01-14', '10:05'));
      expect(free.events[0]!.data).toMatchObject({ stopId: 1_000_001_109_710_001 });
    });

    it('edits and deletes old stops on their own stream, keeping their ids; a deleted old stop no longer blocks', async () => {
      const [first, second] = [legacy[1]!, legacy[2]!];
      await handleEditUnplannedStopDetail(deps, { stopId: first.id, field: 'failureMode', value: 'Guarnizione' }, as('frontline'));
      await handleDeleteUnplannedStop(deps, { stopId: second.id }, as('frontline'));
      expect((await types(legacyUnplannedStopsStream(1))).slice(-2)).toEqual(['UnplannedStopDetailEdited', 'UnplannedStopDeleted']);
      expect((await store.readStream(legacyUnplannedStopsStream(1))).slice(-2).map((e) => e.data.stopId)).toEqual([first.id, second.id]);
      expect((await record(second.startTime, second.endTime)).events).toHaveLength(1);
      const gone = await refusal(handleDeleteUnplannedStop(deps, { stopId: second.id }, as('frontline')));
      expect(gone.status).toBe(404);
    });

    it('analyses an old stop (its root cause needs it to exist)', async () => {
      const r = await handleRecordRootCause(deps, { stopEventId: legacy[0]!.id, rootCause: 'Usura', troubleshooting: 'Sostituita' }, as('support'));
      expect(r.events).toHaveLength(1);
      expect((await refusal(handleRecordRootCause(deps, { stopEventId: legacy[2]!.id, rootCause: 'x' }, as('support')))).status).toBe(404);
    });
  });

  describe('a report submitted while a stop of its shift is being recorded', () => {
    it('locks the shift: the stop is refused, never appended after the submit', async () => {
      const day = '2030-01-16';
      const reportStream = shiftReportStream(1, day, 'A');
      let submitDone!: () => void;
      const submitted = new Promise<void>((resolve) => (submitDone = resolve));
      // The stop command reads the report (not submitted yet), then waits until the submit has committed, then appends.
      const racing = Object.create(store) as PostgresEventStore;
      let held = false;
      racing.readStream = async (stream, options) => {
        const read = await store.readStream(stream, options);
        if (stream === reportStream && !held) {
          held = true;
          await submitted;
        }
        return read;
      };
      const stopAttempt = handleRecordUnplannedStop({ store: racing, catalog }, stop(at(day, '09:00'), at(day, '09:10')), as('frontline'));
      while (!held) await new Promise((r) => setTimeout(r, 5));
      await decideOn(
        deps,
        reportStream,
        shiftReportDecider,
        reportCommand('SubmitShiftReport', { key: { lineId: 1, shopFloorId: 1, day, shiftCode: 'A' }, content: FULL, shiftStart: at(day, '06:00') }),
        as('frontline'),
      );
      submitDone();
      const err = await refusal(stopAttempt);
      expect([err.status, err.code, err.message]).toEqual([409, 'REPORT_ALREADY_SUBMITTED', 'Report già inviato']);
      expect(await types(`unplanned-stops-1-${day}`)).toEqual([]);
      // The improvement staff may still add it to the submitted report.
      expect((await record(at(day, '09:00'), at(day, '09:10'), 'support')).events).toHaveLength(1);
    });
  });
});
