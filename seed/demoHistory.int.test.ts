import { DateTime } from 'luxon';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { startServer, type RunningServer } from '../api/server.js';
import { eachDay } from '../domain/shifts/calendar.js';
import { parseConfig } from '../infra/config.js';
import { seedDemoHistory } from './demoHistory.js';
import { startTestApp, type TestApp } from '../test/support/app.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { describeWith } from '../test/support/services.js';

/**
 * The demo history of a first start, read back through the API: 60 days of confirmed
 * reports, stops and root causes on every line, nothing today, the same history for
 * the same clock, and nothing written again on a restart.
 */
// 10:00 in Italy on 10 April 2031: the history runs 9 February to 9 April, over the change to summer time.
const CLOCK = new Date('2031-04-10T08:00:00Z');
const TODAY = '2031-04-10';
const DAYS = eachDay('2031-02-09', '2031-04-09');
const SEED_TIMEOUT = 240_000;

type Get = (path: string) => Promise<any>;
const getter =
  (url: string, token: string): Get =>
  async (p) => {
    const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
const login = async (url: string, username: string) => {
  const res = await fetch(`${url}/loginjwt`, { method: 'POST', body: new URLSearchParams({ username, password: 'demo' }) });
  return ((await res.json()) as { access_token: string }).access_token;
};
const note = (day: string, code: string, line: number) => `/factory/shift_notes?day=${day}&shift_code=${code}&line_name=Linea%20${line}`;
const unplannedRange = (from: string, to: string) => `/factory/stop_events/unplanned?shop_floor_id=1&date_from=${from}&date_to=${to}&lines_id=1,2,3`;
const plannedByShift = (day: string, code: string) => `/factory/stop_events/planned_by_shift?shop_floor_id=1&lines_id=1,2,3&shift_code=${code}&day=${day}`;
const dbrRange = (from: string, to: string) => `/factory/dbr_actions-range?shop_floor_id=1&date_from=${from}&date_to=${to}&lines=Linea%201,Linea%202,Linea%203`;
const minutes = (s: { start_time: string; end_time: string }) => (Date.parse(s.end_time) - Date.parse(s.start_time)) / 60_000;

/** A server on a database that outlives it (startTestApp drops its own), with its log lines kept. */
async function startOn(db: TestDatabase, lines: string[]): Promise<RunningServer> {
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'test-secret-that-is-long-enough',
    DATA_DIR: path.join(process.cwd(), 'data', 'test'),
    SEED_DEMO_HISTORY: 'true',
  });
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)).msg);
      done();
    },
  });
  return startServer({ config, databaseUrl: db.url, redisUrl: null, log: pino({ level: 'info' }, sink), webDist: null, clock: () => CLOCK });
}
const eventCount = async (server: RunningServer) => Number((await server.deps.knex('es_events').count('* as n'))[0]!.n);

describeWith(['postgres'])('demo history on first start', () => {
  let app: TestApp;
  let get: Get;
  let unplanned: any[];

  beforeAll(async () => {
    app = await startTestApp({ env: { SEED_DEMO_HISTORY: 'true' }, clock: () => CLOCK });
    get = getter(app.url, await app.login('support'));
    unplanned = await get(unplannedRange(DAYS[0]!, TODAY));
  }, SEED_TIMEOUT);
  afterAll(async () => {
    await app?.close();
  });

  it('shows a confirmed report, submitted by the operator, for every line and shift of a past day', async () => {
    for (const day of [DAYS[0]!, '2031-03-29', DAYS[59]!]) {
      for (const code of ['A', 'B', 'C']) {
        for (const line of [1, 2, 3]) {
          const r = await get(note(day, code, line));
          expect([day, code, line, r.confirmed, r.updated_by]).toEqual([day, code, line, true, 'frontline']);
          expect(r.notes.length).toBeGreaterThan(10);
          expect(Object.keys(r.machine_notes[0]).sort()).toEqual(['Macchina', 'Nota']);
          expect(r.production_volume).toBeGreaterThan(0);
          expect(r.waste / r.production_volume).toBeLessThanOrEqual(0.0301);
          expect(r.working_time).toBeLessThanOrEqual(code === 'C' && day === '2031-03-29' ? 7 : 8);
        }
      }
    }
  });

  it('lists 60 days of unplanned stops on every line: 3-45 minutes each, never overlapping on one machine', () => {
    expect(unplanned.length).toBeGreaterThan(500);
    expect(unplanned.length).toBeLessThan(1100);
    for (const line of [1, 2, 3]) expect(unplanned.filter((s) => s.workpoint_rel.equipment_rel.line_rel.id === line).length).toBeGreaterThan(120);
    for (const s of unplanned) expect([s.id, s.duration_minutes >= 3 && s.duration_minutes <= 45]).toEqual([s.id, true]);
    const byEquipment = new Map<number, any[]>();
    for (const s of unplanned) byEquipment.set(s.workpoint_rel.equipment_rel.id, [...(byEquipment.get(s.workpoint_rel.equipment_rel.id) ?? []), s]);
    expect(byEquipment.size).toBe(9);
    for (const stops of byEquipment.values()) {
      const sorted = [...stops].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
      for (let i = 1; i < sorted.length; i++) expect(Date.parse(sorted[i].start_time)).toBeGreaterThanOrEqual(Date.parse(sorted[i - 1].end_time));
    }
  });

  it('has planned stops of 15-60 minutes, a few a week on every line', async () => {
    const planned = (await Promise.all(DAYS.flatMap((day) => ['A', 'B', 'C'].map((code) => get(plannedByShift(day, code)))))).flat();
    for (const line of [1, 2, 3]) {
      const mine = planned.filter((p) => p.equipment_rel.line_rel.id === line);
      expect(mine.length).toBeGreaterThanOrEqual(12);
      expect(mine.length).toBeLessThanOrEqual(50);
    }
    for (const p of planned) expect([minutes(p) >= 15, minutes(p) <= 60]).toEqual([true, true]);
    expect(planned.filter((p) => p.notes).length).toBeGreaterThan(planned.length / 2);
  });

  it('has root causes on some of the longer stops, readable one by one', async () => {
    const analysed = unplanned.filter((s) => s.root_cause);
    expect(analysed.length).toBeGreaterThan(40);
    expect(analysed.every((s) => s.duration_minutes >= 15)).toBe(true);
    const one = analysed[0];
    expect(await get(`/factory/root_cause/${one.id}`)).toEqual({ stop_event_id: one.id, ...one.root_cause });
    expect(one.root_cause.root_cause.length).toBeGreaterThan(5);
  });

  it('has DBR actions on every line for the 60 days and today: some done on time, some late, some open, some due at the end of the day', async () => {
    const actions = await get(dbrRange(DAYS[0]!, TODAY));
    const shifts = new Map<number, any>((await get(`/factory/shifts-range?shop_floor_id=1&date_from=${DAYS[0]}&date_to=${TODAY}`)).map((s: any) => [s.id, s]));
    expect(actions.length).toBeGreaterThan(120);
    for (const line of [1, 2, 3]) expect(actions.filter((a: any) => a.line_name === `Linea ${line}`).length).toBeGreaterThan(30);
    const endOf = (a: any) => (a.due_shift ? Date.parse(shifts.get(a.due_shift).end_time) : DateTime.fromISO(`${a.due_date}T23:59`, { zone: 'Europe/Rome' }).toMillis());
    const done = actions.filter((a: any) => a.executed_at);
    const late = done.filter((a: any) => Date.parse(a.executed_at) > endOf(a));
    expect(done.length - late.length).toBeGreaterThan(actions.length / 3);
    expect(late.length).toBeGreaterThan(10);
    expect(actions.length - done.length).toBeGreaterThan(10);
    expect(actions.filter((a: any) => a.due_shift === null).length).toBeGreaterThan(15);
    expect(done.every((a: any) => Date.parse(a.executed_at) <= CLOCK.getTime())).toBe(true);
  });

  it('says what caused each command: every event of the history names the claim event as its cause', async () => {
    const rows = await app.deps.knex('es_events').select('event_id', 'type', 'metadata').orderBy(['transaction_id', 'global_position']);
    const claim = rows.find((r: any) => r.type === 'DemoHistorySeeded');
    expect(claim.metadata.causationId).toBeNull();
    const history = rows.filter((r: any) => r.metadata.correlationId === claim.metadata.correlationId && r.type !== 'DemoHistorySeeded');
    expect(history.length).toBeGreaterThan(1000);
    expect(new Set(history.map((r: any) => r.metadata.causationId))).toEqual(new Set([claim.event_id]));
  });

  it('leaves today to the operators', async () => {
    expect(await get(unplannedRange(TODAY, TODAY))).toEqual([]);
    for (const code of ['A', 'B', 'C']) {
      expect((await get(note(TODAY, code, 1))).revision).toBe(-1);
      expect(await get(plannedByShift(TODAY, code))).toEqual([]);
    }
  });

  describe('on a second fresh database with the same clock', () => {
    let db: TestDatabase;
    let server: RunningServer | null = null;
    const logs: string[] = [];

    beforeAll(async () => {
      db = await createTestDatabase();
      server = await startOn(db, logs);
    }, SEED_TIMEOUT);
    afterAll(async () => {
      await server?.close();
      await db?.drop();
    });

    it('logs its progress and writes the same history', async () => {
      expect(logs.filter((l) => l.startsWith('demo history: day ')).map((l) => l.replace(/\d+ events$/, 'N events'))).toEqual(
        [10, 20, 30, 40, 50, 60].map((d) => `demo history: day ${d}/60, N events`),
      );
      expect(logs.some((l) => /^demo history: \d+ events written in [\d.]+ s$/.test(l))).toBe(true);
      expect(logs.some((l) => /^demo history: read models caught up in [\d.]+ s$/.test(l))).toBe(true);
      const twin = getter(server!.url, await login(server!.url, 'support'));
      expect(await twin(unplannedRange(DAYS[0]!, TODAY))).toEqual(unplanned);
      expect(await twin(dbrRange(DAYS[0]!, TODAY))).toEqual(await get(dbrRange(DAYS[0]!, TODAY)));
      for (const day of [DAYS[3]!, DAYS[30]!, DAYS[59]!]) {
        for (const code of ['A', 'B', 'C']) {
          expect(await twin(plannedByShift(day, code))).toEqual(await get(plannedByShift(day, code)));
          for (const line of [1, 2, 3]) expect(await twin(note(day, code, line))).toEqual(await get(note(day, code, line)));
        }
      }
    });

    it('writes nothing on a restart', async () => {
      const before = await eventCount(server!);
      await server!.close();
      server = null;
      const restartLogs: string[] = [];
      server = await startOn(db, restartLogs);
      expect(await eventCount(server)).toBe(before);
      expect(restartLogs.filter((l) => l.startsWith('demo '))).toEqual([]);
      expect(await server.deps.store.readStream('demo-history')).toHaveLength(1);
      // Called again by hand (as a second instance would), the claimed marker stops it before any command.
      const again = await seedDemoHistory({ ...server.deps, log: pino({ level: 'silent' }) }, CLOCK);
      expect([again.seeded, again.events]).toEqual([false, 0]);
      expect(await eventCount(server)).toBe(before);
    });
  });
});
