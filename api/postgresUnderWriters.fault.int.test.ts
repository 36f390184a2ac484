/**
 * Fault: PostgreSQL stops with a fast shutdown (what `pg_ctl stop -m fast` does: SIGINT to the
 * postmaster, every backend terminated mid-transaction) while eight clients keep writing
 * through the HTTP API: DBR actions, unplanned stops and report autosaves. Three rounds, so
 * connections die in every state (idle, checked out between statements, mid-query). The app
 * is `npm start`'s own script in a process of its own, so a crash ends the test: the same
 * process must answer every request during the outage with 503 in the error shape, answer
 * 2xx again once PostgreSQL is back, and every write it acknowledged must be in the events.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPg } from '../infra/embedded/postgres.js';
import { freePort } from '../infra/embedded/redis.js';
import { isAlive, readPidFile } from '../infra/embedded/leftovers.js';
import { describeWith } from '../test/support/services.js';

const DEMO_PASSWORD = 'demo delle prove';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The app's answer for "the database is away" (api/middlewares/errors.ts STATUS_ERRORS[503], written out). */
const UNAVAILABLE = { error: { code: 'UNAVAILABLE', message: 'Servizio momentaneamente non disponibile: riprova tra poco' } };
const WRITERS = 8;
const ROUNDS = 3;

interface Answer {
  writer: number;
  label: string;
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeWith(['postgres'])('PostgreSQL stopped under eight writers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-pg-writers-'));
  fs.chmodSync(dir, 0o777);
  const pgDir = path.join(dir, 'pg');
  const appDir = path.join(dir, 'app');
  let pgPort: number;
  let db: EmbeddedPg | null = null;
  let child: ChildProcess;
  let output = '';
  let base: string;

  const alive = () => child.exitCode === null && child.signalCode === null;
  const expectAlive = () => expect({ alive: alive(), output: alive() ? '' : output }).toEqual({ alive: true, output: '' });

  beforeAll(async () => {
    pgPort = await freePort();
    db = await startEmbeddedPostgres(pgDir, pgPort);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      DATA_DIR: appDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      EMBEDDED_REDIS_PORT: String(await freePort()),
      WEB_DIST: path.join(appDir, 'no-web'),
      // Production seeds the demo only when asked, and never with the public password 'demo'.
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      SEED_DEMO_HISTORY: 'false',
      LOG_LEVEL: 'warn',
    };
    delete env.REDIS_URL;
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += String(d)));
    child.stderr!.on('data', (d) => (output += String(d)));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (!alive()) throw new Error(`the app exited while starting:\n${output}`);
      if ((await fetch(`${base}/health`).catch(() => null))?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`no healthy answer within 120 s:\n${output}`);
      await sleep(250);
    }
  }, 180_000);

  afterAll(async () => {
    if (child && alive()) {
      let timer: NodeJS.Timeout | undefined;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer);
      if (alive()) child.kill('SIGKILL');
    }
    const redisPid = readPidFile(path.join(appDir, 'redis', 'redis-server.pid'));
    if (redisPid !== null && isAlive(redisPid)) process.kill(redisPid, 'SIGKILL');
    await db?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const send = async (method: string, url: string, token: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };

  it('keeps the same process serving: 503 while PostgreSQL is away, 2xx after, nothing acknowledged lost', async () => {
    const login = await fetch(`${base}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'demoit', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const today = DateTime.now().setZone('Europe/Rome').startOf('day');
    const ids = async (url: string) => ((await (await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ id: number }>).map((r) => r.id);
    const [workpoint] = await ids('/factory/workpoints?equipment_id=1');
    const [stopCode] = await ids(`/factory/stop_codes?workpoint_id=${workpoint}`);

    /** Writer w's n-th write: three write DBR actions, three record stops (each on a day of its own), two autosave a report. */
    const write = (w: number, n: number) => {
      const label = `[w${w}#${n}]`;
      if (w < 3)
        return {
          label,
          call: send('POST', '/factory/dbr_actions', token, { day: today.toISODate(), shop_floor_id: 1, line: 'Linea 1', owner: 'Rossi', activity: `Azione ${label}` }),
        };
      if (w < 6) {
        const start = today.minus({ days: 2 + w }).plus({ minutes: n });
        return {
          label,
          call: send('POST', '/factory/stop_events', token, {
            workpoint_id: workpoint,
            stop_code_id: stopCode,
            triggering_event_id: 1,
            failure_mode: `Guasto ${label}`,
            corrective_action: 'Riavviata la linea',
            action_material_change: false,
            action_cleaning: false,
            action_setting_adjustment: false,
            action_component_restore: false,
            start_time: start.toISO(),
            end_time: start.plus({ seconds: 30 }).toISO(),
          }),
        };
      }
      return {
        label,
        call: send('POST', '/factory/shift_notes/save', token, {
          day: today.minus({ days: 1 }).toISODate(),
          shift_code: w === 6 ? 'A' : 'B',
          line_name: 'Linea 1',
          notes: `Bozza ${label}`,
          machine_notes: [],
          confirmed: false,
        }),
      };
    };

    const answers: Answer[] = [];
    let writing = true;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let n = 0; writing; n++) {
        const { label, call } = write(w, n);
        const r = await call.catch((err: unknown) => ({ status: 0, body: String(err) }));
        answers.push({ writer: w, label, ...r });
        if (r.status === 0) return;
        if (r.status === 503) await sleep(100);
      }
    });
    const acksSince = (from: number) =>
      new Set(
        answers
          .slice(from)
          .filter((a) => a.status >= 200 && a.status < 300)
          .map((a) => a.writer),
      );
    const waitFor = async (what: string, ok: () => boolean | Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      let done = await ok();
      while (!done && Date.now() < deadline && alive()) {
        await sleep(50);
        done = await ok();
      }
      expect({ what, done, output: done ? '' : output }).toEqual({ what, done: true, output: '' });
    };

    try {
      for (let round = 0; round < ROUNDS; round++) {
        // Every writer has a write acknowledged, then the server goes down under them.
        const from = answers.length;
        await waitFor(`round ${round}: every writer acknowledged`, () => acksSince(from).size === WRITERS, 30_000);
        // Appends are held mid-transaction when it does (readers go on): a connection is
        // certainly checked out of the event store's pool, not only by chance.
        const holder = new pg.Client(db!.url);
        holder.on('error', () => undefined);
        await holder.connect();
        await holder.query('begin');
        await holder.query('lock table es_events in exclusive mode');
        const held = async () =>
          (await holder.query<{ n: number }>(`select count(*)::int as n from pg_locks where relation = 'es_events'::regclass and not granted`)).rows[0]!.n >= 3;
        try {
          await waitFor(`round ${round}: appends held`, held, 20_000);
          await db!.stop();
          db = null;
        } finally {
          await holder.end().catch(() => undefined);
        }
        const down = answers.length;
        await waitFor(
          `round ${round}: every writer refused while PostgreSQL is away`,
          () =>
            new Set(
              answers
                .slice(down)
                .filter((a) => a.status === 503)
                .map((a) => a.writer),
            ).size === WRITERS,
          20_000,
        );
        expectAlive();
        db = await startEmbeddedPostgres(pgDir, pgPort);
        const up = answers.length;
        await waitFor(`round ${round}: every writer acknowledged again`, () => acksSince(up).size === WRITERS, 30_000);
        expectAlive();
      }
    } finally {
      writing = false;
      await Promise.all(writers);
    }

    // Each answer was an acknowledgement or the 503 of "the database is away": no 500, no dropped connection.
    const odd = answers.filter((a) => !(a.status >= 200 && a.status < 300) && !(a.status === 503 && JSON.stringify(a.body) === JSON.stringify(UNAVAILABLE)));
    expect(odd).toEqual([]);
    expectAlive();

    // Every acknowledged write is stored as an event.
    const client = new pg.Client(db!.url);
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rows } = await client.query<{ data: string }>(
        `select data::text as data from es_events where type in ('DbrActionCreated', 'UnplannedStopRecorded', 'ShiftReportDraftSaved')`,
      );
      const stored = rows.map((r) => r.data).join('\n');
      const acknowledged = answers.filter((a) => a.status >= 200 && a.status < 300);
      // Each writer was acknowledged at least before and after each outage.
      expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * 2 * WRITERS);
      expect(acknowledged.filter((a) => !stored.includes(a.label)).map((a) => a.label)).toEqual([]);
    } finally {
      await client.end();
    }
  }, 240_000);
});
