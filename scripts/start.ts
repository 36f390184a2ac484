/**
 * `npm start`: runs the whole product with embedded defaults. PostgreSQL is
 * embedded unless DATABASE_URL is set; Redis is REDIS_URL, else a redis-server
 * found on PATH started on loopback, else the in-process queue; the machines' MQTT broker
 * is MQTT_URL, else a mosquitto found on PATH started on loopback (with the demo, the line simulator
 * publishes the demo machines to it), else none. Builds the web app
 * when it is missing, logs the URL and the demo logins (a JSON line); Ctrl-C stops it all.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startServer } from '../api/server.js';
import { DEMO_ROLES } from '../domain/users/roles.js';
import { ConfigError, parseConfig } from '../infra/config.js';
import { startEmbeddedPostgres } from '../infra/embedded/postgres.js';
import { brokerLogins, brokerUrlWithLogin, findMosquitto, MQTT_APP_USER, startMosquitto } from '../infra/embedded/mosquitto.js';
import { findRedisServer, startRedisServer } from '../infra/embedded/redis.js';
import { runsDemoSimulator, startLineSimulator } from '../seed/lineSimulator.js';

/** The project's folder: this file's parent, or its grandparent when compiled into dist/scripts. */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = fs.existsSync(path.join(here, '..', 'package.json')) ? path.resolve(here, '..') : path.resolve(here, '..', '..');
const stops: Array<() => Promise<void>> = [];

async function main(): Promise<void> {
  const config = parseConfig();
  const log = pino({ level: config.LOG_LEVEL, base: undefined });
  fs.mkdirSync(config.DATA_DIR, { recursive: true });

  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    log.info({ dir: path.join(config.DATA_DIR, 'postgres') }, 'starting embedded PostgreSQL');
    // Stopped last, by shutdown() below: the app records the machines' hours in progress first.
    const pg = await startEmbeddedPostgres(path.join(config.DATA_DIR, 'postgres'), config.EMBEDDED_PG_PORT, { log: (m) => log.warn(m), stopOnSignals: false });
    stops.push(pg.stop);
    databaseUrl = pg.url;
  }

  let redisUrl = config.REDIS_URL ?? null;
  if (!redisUrl) {
    const bin = findRedisServer();
    if (bin) {
      const redis = await startRedisServer(bin, config.EMBEDDED_REDIS_PORT, path.join(config.DATA_DIR, 'redis'), (m) => log.warn(m));
      stops.push(redis.stop);
      redisUrl = redis.url;
      log.info({ url: redisUrl }, 'started redis-server on loopback');
    }
  }

  let mqttUrl = config.MQTT_URL === 'off' ? null : (config.MQTT_URL ?? null);
  let embeddedBroker = false;
  if (!config.MQTT_URL) {
    const bin = findMosquitto();
    if (bin) {
      // In production only authenticated clients: the app's own login and one per gateway (docs/machine-signals.md).
      const logins = config.NODE_ENV === 'production' ? brokerLogins(config.DATA_DIR, config.MQTT_APP_PASSWORD, config.MQTT_GATEWAYS) : null;
      const broker = await startMosquitto(bin, config.EMBEDDED_MQTT_PORT, path.join(config.DATA_DIR, 'mosquitto'), (m) => log.warn(m), logins?.users);
      // Stopped before the databases: the app's last hour folds are recorded while they still answer.
      stops.unshift(broker.stop);
      mqttUrl = logins ? brokerUrlWithLogin(broker.url, MQTT_APP_USER, logins.appPassword) : broker.url;
      embeddedBroker = true;
      log.info({ url: mqttUrl }, 'started the mosquitto MQTT broker on loopback for the machine signals');
    } else {
      log.warn('No MQTT broker: set MQTT_URL or install mosquitto (apt-get install mosquitto); no machine signals are read (docs/machine-signals.md).');
    }
  }

  // WEB_DIST names a built app to serve as it is (or none, for an API-only instance); unset, web/dist
  // is built when stale, except in production, which serves the app the image was built with.
  const webDist = config.WEB_DIST ?? path.join(root, 'web', 'dist');
  if (!config.WEB_DIST && config.NODE_ENV !== 'production' && webBuildIsStale(webDist)) {
    log.info('building the web app (missing or older than its sources)');
    const r = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  }

  const server = await startServer({ config, databaseUrl, redisUrl, mqttUrl, log, webDist });
  stops.unshift(server.close);
  if (mqttUrl && runsDemoSimulator(config, embeddedBroker)) await startDemoSimulator(mqttUrl, log);
  // One JSON line like every other: the URL readable in its msg, the demo logins beside it.
  const password = config.DEMO_PASSWORD === 'demo' ? 'demo' : '(DEMO_PASSWORD)';
  const logins = config.SEED_DEMO ? { demoLogins: DEMO_ROLES.map((username) => ({ username, password })) } : {};
  // Without the demo (production) the accounts are the admin's: 'Utenti', or `npm run users`.
  const accounts = config.SEED_DEMO ? '' : ' (accounts: ADMIN → Utenti, or npm run users -- --help)';
  log.info({ url: server.url, ...logins }, `Linea is running at ${server.url}${accounts}`);
}

/** The demo's line simulator on the embedded broker, stopped first; a failure costs the demo its signals, not the start. */
async function startDemoSimulator(url: string, log: pino.Logger): Promise<void> {
  try {
    const simulator = await startLineSimulator(url);
    stops.unshift(simulator.stop);
    log.info({ machines: simulator.machines }, 'the line simulator publishes the demo machines (DEMO_SIMULATOR=false turns it off; docs/machine-signals.md)');
  } catch (err) {
    log.warn({ err }, 'the line simulator did not start: no demo machine signals');
  }
}

/** True when web/dist is missing or any file under web/ changed after it was built. */
function webBuildIsStale(dist: string): boolean {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return true;
  const builtAt = fs.statSync(index).mtimeMs;
  const newer = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? newer(p) : fs.statSync(p).mtimeMs > builtAt;
    });
  return [path.join(root, 'web', 'src'), path.join(root, 'web', 'public'), path.join(root, 'web', 'index.html')].some((p) =>
    fs.existsSync(p) ? (fs.statSync(p).isDirectory() ? newer(p) : fs.statSync(p).mtimeMs > builtAt) : false,
  );
}

let stopping = false;
/**
 * Stops in order: the simulator, the app (which records the machines' hours in progress), the
 * broker, then the databases. Ctrl-C, SIGTERM (docker stop, compose) and SIGHUP (a closed
 * terminal) all come here; the embedded servers run in process groups of their own, so a
 * terminal's Ctrl-C does not stop them before the app is done with them.
 */
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const stop of stops) await stop().catch((err: unknown) => console.error(err));
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

main().catch(async (err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  await shutdown(1);
});
