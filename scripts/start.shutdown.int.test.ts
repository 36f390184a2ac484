/**
 * A clean stop keeps the machines' hour in progress: `npm start` (embedded PostgreSQL, its own
 * mosquitto) takes counts for the current hour, is stopped with a terminal's Ctrl-C (SIGINT to
 * its whole process group) and later with SIGTERM (docker stop), and after each restart
 * GET /factory/line_hours has every piece. A cumulative counter sent across the restarts counts
 * from the last total taken before the stop. Real processes, loopback ports, every wait bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import mqtt from 'mqtt';
import { isAlive, readPidFile } from '../infra/embedded/leftovers.js';
import { freePort } from '../infra/embedded/ports.js';
import { describeWith } from '../test/support/services.js';

const DEMO_PASSWORD = 'demo delle prove';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

const GATEWAY = { username: 'gateway-l1', password: 'gateway-password-of-the-test' };

// Demo plant: shop floor 1, line 1's Cartoner (3) and line 2's Cartoner (6) count their lines' pieces.
describeWith(['postgres', 'mosquitto'])('npm start stopped with counts in the hour in progress', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-shutdown-'));
  fs.chmodSync(dataDir, 0o777);
  let env: NodeJS.ProcessEnv;
  let port: number;
  let mqttPort: number;
  const runs: Run[] = [];

  beforeAll(async () => {
    port = await freePort();
    mqttPort = await freePort();
    env = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_REDIS_PORT: String(await freePort()),
      EMBEDDED_MQTT_PORT: String(mqttPort),
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      SEED_DEMO_HISTORY: 'false',
      DEMO_SIMULATOR: 'false',
      LOG_LEVEL: 'info',
      // In production the broker takes only known logins: the test publishes as a gateway of the plant's.
      MQTT_GATEWAYS: `${GATEWAY.username}:${GATEWAY.password}`,
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.MQTT_URL;
  });

  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null && r.child.signalCode === null) process.kill(-r.child.pid!, 'SIGKILL');
    for (const file of [path.join(dataDir, 'postgres', 'postmaster.pid'), path.join(dataDir, 'redis', 'redis-server.pid'), path.join(dataDir, 'mosquitto', 'mosquitto.pid')]) {
      const pid = readPidFile(file);
      if (pid !== null && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  /** Started in a process group of its own, as a terminal runs it, so the test can Ctrl-C the group. */
  function start(): Run {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout!.on('data', (d) => (out += String(d)));
    child.stderr!.on('data', (d) => (out += String(d)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const run = { child, output: () => out, exited };
    runs.push(run);
    return run;
  }

  /**
   * fetch keeps connections alive between calls, and one kept from the app that was just stopped can
   * be handed out before its close is seen ('other side closed'): such a call is made again.
   */
  async function call(url: string, init?: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(url, init);
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  }

  const health = async () => (await (await call(`http://127.0.0.1:${port}/health`)).json()) as { mqtt: { connected: boolean; accepted: number; recordFailed?: number } };

  async function ready(run: Run): Promise<void> {
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (run.child.exitCode !== null) throw new Error(`npm start exited ${run.child.exitCode}:\n${run.output()}`);
      const h = await health().catch(() => null);
      if (h?.mqtt.connected) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`not serving with its broker within 150 s:\n${run.output()}`);
  }

  async function stop(run: Run, how: 'ctrl-c' | 'sigterm'): Promise<void> {
    if (how === 'ctrl-c') process.kill(-run.child.pid!, 'SIGINT');
    else run.child.kill('SIGTERM');
    const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000).unref());
    expect(await Promise.race([run.exited, timeout])).not.toBe('timeout');
    expect(run.output()).not.toContain('recording failed');
    const pgPid = readPidFile(path.join(dataDir, 'postgres', 'postmaster.pid'));
    expect(pgPid === null || !isAlive(pgPid)).toBe(true);
  }

  /** Publishes as a gateway would and waits until the app has taken every message. */
  async function publish(messages: Array<[topic: string, payload: object]>): Promise<void> {
    const before = (await health()).mqtt.accepted;
    const gateway = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0, ...GATEWAY });
    for (const [topic, payload] of messages) await gateway.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    await gateway.endAsync();
    const deadline = Date.now() + 20_000;
    while ((await health()).mqtt.accepted < before + messages.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await health()).mqtt.accepted).toBe(before + messages.length);
  }

  async function hourOf(lineId: number, at: DateTime): Promise<{ good: number; reject: number; counted: boolean }> {
    const login = await call(`http://127.0.0.1:${port}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const r = await call(`http://127.0.0.1:${port}/factory/line_hours?shop_floor_id=1&line_id=${lineId}&day=${at.toISODate()}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(r.status).toBe(200);
    const hours = (await r.json()) as Array<{ hour: string; good: number; reject: number; counted: boolean }>;
    const hour = hours.find((h) => Date.parse(h.hour) === at.startOf('hour').toMillis());
    return { good: hour!.good, reject: hour!.reject, counted: hour!.counted };
  }

  async function taken<T>(read: () => Promise<T>, expected: T): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && JSON.stringify(await read()) !== JSON.stringify(expected)) await new Promise((r) => setTimeout(r, 200));
    expect(await read()).toEqual(expected);
  }

  /** Now in the plant, a few seconds into the hour at least, so the messages' times below stay in it. */
  async function now(): Promise<DateTime> {
    const t = DateTime.now().setZone('Europe/Rome');
    if (t.diff(t.startOf('hour')).as('seconds') >= 5) return t;
    await new Promise((r) => setTimeout(r, 5_000));
    return DateTime.now().setZone('Europe/Rome');
  }
  const ago = (t: DateTime, seconds: number) => t.minus({ seconds }).toISO()!;

  /** The pieces each line's counting machine made, by hour, as the test sent them. */
  const made = new Map<string, { good: number; reject: number }>();
  const add = (line: number, at: string, good: number, reject: number) => {
    const key = `${line}|${DateTime.fromISO(at).startOf('hour').toMillis()}`;
    const was = made.get(key) ?? { good: 0, reject: 0 };
    made.set(key, { good: was.good + good, reject: was.reject + reject });
  };
  async function everyHourAsMade(): Promise<void> {
    for (const [key, pieces] of made) {
      const [line, hour] = key.split('|').map(Number) as [number, number];
      expect(await hourOf(line, DateTime.fromMillis(hour, { zone: 'Europe/Rome' }))).toEqual({ ...pieces, counted: true });
    }
  }

  it('records the hour in progress before PostgreSQL stops, after Ctrl-C and after SIGTERM; a running total counts on from before', async () => {
    let run = start();
    await ready(run);
    const t1 = await now();
    await publish([
      ['linea/1/1/3/count', { good: 1443, reject: 7, at: ago(t1, 3) }],
      ['linea/1/2/6/count', { good: 1351, reject: 0, at: ago(t1, 2) }],
      ['linea/1/1/3/count', { good: 57, reject: 1, at: ago(t1, 1) }],
    ]);
    add(1, ago(t1, 3), 1500, 8);
    add(2, ago(t1, 2), 1351, 0);
    // The tracker takes what arrived every second: the hour in progress shows it from memory.
    await taken(() => hourOf(1, t1), { good: 1500, reject: 8, counted: true });
    await stop(run, 'ctrl-c');

    run = start();
    await ready(run);
    // Nothing in memory after the restart: the figures are the folds recorded at the stop.
    await everyHourAsMade();

    // Line 2's Cartoner goes on with deltas; line 1's sends its running totals from now on: the first
    // total is where counting starts, the second counts 120 and 5.
    const t2 = await now();
    await publish([
      ['linea/1/2/6/count', { good: 49, reject: 2, at: ago(t2, 3) }],
      ['linea/1/1/3/count', { total_good: 90_000, total_reject: 400, at: ago(t2, 2) }],
      ['linea/1/1/3/count', { total_good: 90_120, total_reject: 405, at: ago(t2, 1) }],
    ]);
    add(2, ago(t2, 3), 49, 2);
    add(1, ago(t2, 1), 120, 5);
    const [line1, line2] = [made.get(`1|${t2.startOf('hour').toMillis()}`)!, made.get(`2|${t2.startOf('hour').toMillis()}`)!];
    await taken(() => hourOf(2, t2), { ...line2, counted: true });
    await taken(() => hourOf(1, t2), { ...line1, counted: true });
    await stop(run, 'sigterm');

    run = start();
    await ready(run);
    await everyHourAsMade();
    // The first total after the restart counts from the last one recorded before it: 80 and 1.
    const t3 = await now();
    await publish([['linea/1/1/3/count', { total_good: 90_200, total_reject: 406, at: ago(t3, 1) }]]);
    add(1, ago(t3, 1), 80, 1);
    await taken(() => hourOf(1, t3), { ...made.get(`1|${t3.startOf('hour').toMillis()}`)!, counted: true });
    await stop(run, 'sigterm');
  }, 600_000);
});
