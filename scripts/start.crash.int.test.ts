/**
 * Fault: `npm start`'s process is killed with SIGKILL (an out-of-memory kill), so it never
 * stops the embedded PostgreSQL and redis-server it started. The next start must recover
 * those leftovers itself, say so, and serve again with nothing lost. Real processes, loopback
 * ports chosen by the kernel, every wait bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findRedisServer, freePort } from '../infra/embedded/redis.js';
import { isAlive, readPidFile } from '../infra/embedded/leftovers.js';
import { describeWith } from '../test/support/services.js';

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
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO_HISTORY: 'false',
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
  });

  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    // Whatever the test left behind, by the pids our own servers wrote.
    for (const file of [path.join(dataDir, 'postgres', 'postmaster.pid'), path.join(dataDir, 'redis', 'redis-server.pid')]) {
      const pid = readPidFile(file);
      if (pid !== null && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
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
      body: new URLSearchParams({ username: 'admin', password: 'demo' }),
    });

  it('stops the orphaned servers, says so, and serves again; twice in a row', async () => {
    let run = start();
    await healthy(run, 150_000);
    expect((await login()).status).toBe(200);

    for (let round = 0; round < 2; round++) {
      run.child.kill('SIGKILL');
      await new Promise((r) => run.child.once('exit', r));
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
    }

    run.child.kill('SIGTERM');
    await new Promise((r) => run.child.once('exit', r));
    const pgPid = readPidFile(path.join(dataDir, 'postgres', 'postmaster.pid'));
    expect(pgPid === null || !isAlive(pgPid)).toBe(true);
  }, 600_000);
});
