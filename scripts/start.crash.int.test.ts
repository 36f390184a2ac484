/**
 * Fault: `npm start`'s process is killed with SIGKILL (an out-of-memory kill), so it never
 * stops the embedded PostgreSQL and redis-server it started. The next start must recover
 * those leftovers itself, say so, and serve again with nothing lost: every write acknowledged
 * before the kill (one is in flight when it lands) is listed after the restart, and every read
 * model reaches lag 0 within 30 s. Three kills in a row. Real processes, loopback
 * ports chosen by the kernel, every wait bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { findRedisServer, freePort } from '../infra/embedded/redis.js';
import { isAlive, readPidFile } from '../infra/embedded/leftovers.js';
import { describeWith } from '../test/support/services.js';

const DEMO_PASSWORD = 'demo delle prove';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

interface Run {
  child: ChildProcess;
  output: () => string;
}

describeWith(['postgres'])('npm start after the app alone was killed with SIGKILL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-crash-'));
  fs.chmodSync(dataDir, 0o777);
  let env: NodeJS.ProcessEnv;
  let port: number;
  const runs: Run[] = [];
  const hasRedis = findRedisServer() !== null;

  beforeAll(async () => {
    port = await freePort();
    env = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_REDIS_PORT: String(await freePort()),
      EMBEDDED_MQTT_PORT: String(await freePort()),
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Production seeds the demo only when asked, and never with the public password 'demo'.
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      SEED_DEMO_HISTORY: 'false',
      // The writes counted are the test's own: no machine signals from the demo's line simulator.
      DEMO_SIMULATOR: 'false',
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
  });

  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    // Whatever the test left behind, by the pids our own servers wrote.
    // A SIGKILLed start leaves its broker running too, still writing its data under DATA_DIR.
    for (const file of [path.join(dataDir, 'postgres', 'postmaster.pid'), path.join(dataDir, 'redis', 'redis-server.pid'), path.join(dataDir, 'mosquitto', 'mosquitto.pid')]) {
      const pid = readPidFile(file);
      if (pid !== null && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  function start(): Run {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += String(d)));
    child.stderr!.on('data', (d) => (out += String(d)));
    const run = { child, output: () => out };
    runs.push(run);
    return run;
  }

  async function healthy(run: Run, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (run.child.exitCode !== null) throw new Error(`npm start exited ${run.child.exitCode}:\n${run.output()}`);
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      if (res?.status === 200) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no healthy answer within ${timeoutMs} ms:\n${run.output()}`);
  }

  const login = () =>
    fetch(`http://127.0.0.1:${port}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: DEMO_PASSWORD }),
    });

  const token = async () => ((await (await login()).json()) as { access_token: string }).access_token;
  // Today in the plant's zone: the actions are the daily DBR activities of shop floor 1.
  const day = DateTime.now().setZone('Europe/Rome').toISODate()!;
  const createAction = (bearer: string, activity: string) =>
    fetch(`http://127.0.0.1:${port}/factory/dbr_actions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ day, shop_floor_id: 1, line: 'Linea 1', owner: 'Rossi', activity }),
    }).then(async (r) => ({ status: r.status, body: await r.text() }));
  const listedActivities = async (bearer: string) => {
    const r = await fetch(`http://127.0.0.1:${port}/factory/dbr_actions-range?shop_floor_id=1&date_from=${day}&date_to=${day}&lines=Linea%201`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as Array<{ activity: string }>).map((a) => a.activity);
  };
  /** Every read model has read every event (lag 0 in /health), waited for at most 30 s. */
  async function lagZero(): Promise<Array<{ name: string; lag: number }>> {
    const deadline = Date.now() + 30_000;
    let projections: Array<{ name: string; lag: number }>;
    do {
      const body = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { projections: Array<{ name: string; lag: number }> };
      projections = body.projections;
      if (projections.length > 0 && projections.every((p) => p.lag === 0)) break;
      await new Promise((r) => setTimeout(r, 500));
    } while (Date.now() < deadline);
    return projections;
  }

  it('stops the orphaned servers, says so, and serves again with nothing lost; three times in a row', async () => {
    let run = start();
    await healthy(run, 150_000);
    expect((await login()).status).toBe(200);
    const acknowledged: string[] = [];

    for (let round = 0; round < 3; round++) {
      // Writes keep coming while the process dies: the kill lands with one in flight.
      const bearer = await token();
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const activity = `Giro ${round} azione ${i}`;
          const r = await createAction(bearer, activity).catch(() => null);
          if (r?.status === 201) acknowledged.push(activity);
          else break;
        }
      })();
      const ackedBefore = acknowledged.length;
      const deadline = Date.now() + 60_000;
      while (acknowledged.length < ackedBefore + 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(acknowledged.length).toBeGreaterThanOrEqual(ackedBefore + 3);
      const exited = new Promise((r) => run.child.once('exit', r));
      run.child.kill('SIGKILL');
      writing = false;
      await writer;
      await exited;
      // The leftovers are real: the old PostgreSQL (and redis-server) are still running.
      const pgPid = readPidFile(path.join(dataDir, 'postgres', 'postmaster.pid'));
      expect(pgPid !== null && isAlive(pgPid)).toBe(true);
      const redisPid = hasRedis ? readPidFile(path.join(dataDir, 'redis', 'redis-server.pid')) : null;
      if (hasRedis) expect(redisPid !== null && isAlive(redisPid)).toBe(true);

      run = start();
      await healthy(run, 150_000);
      expect(run.output()).toContain(`embedded PostgreSQL: stopped postgres (pid ${pgPid})`);
      if (hasRedis) expect(run.output()).toContain(`embedded Redis: stopped redis-server (pid ${redisPid})`);
      expect(isAlive(pgPid!)).toBe(false);
      expect((await login()).status).toBe(200);
      // Nothing acknowledged is lost, and the read models catch up with every event.
      expect((await lagZero()).filter((p) => p.lag !== 0)).toEqual([]);
      const listed = await listedActivities(await token());
      expect(acknowledged.filter((a) => !listed.includes(a))).toEqual([]);
    }

    run.child.kill('SIGTERM');
    await new Promise((r) => run.child.once('exit', r));
    const pgPid = readPidFile(path.join(dataDir, 'postgres', 'postmaster.pid'));
    expect(pgPid === null || !isAlive(pgPid)).toBe(true);
  }, 600_000);
});
