/**
 * The app under `npm run load`: started as `npm start` starts it, in a child process so the
 * load generator never shares the server's event loop, and the calls the load makes before it
 * starts (login, the plant's lists).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../infra/embedded/redis.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Where the app's warnings and errors go, beside its data folder. */
export const appLog = (dataDir: string) => path.join(path.dirname(dataDir), 'app.log');

/** The real app as `npm start` runs it, on our PostgreSQL and Redis, API only, in a child process. */
export async function startApp(databaseUrl: string, redisUrl: string | null, dataDir: string, stops: { push(stop: () => Promise<void>): void }): Promise<string> {
  const port = await freePort();
  const webDir = path.join(dataDir, 'no-web');
  fs.mkdirSync(webDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Not 'production': the bench logs in as the demo accounts, which a production start does not create.
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    DATA_DIR: dataDir,
    WEB_DIST: webDir,
    JWT_SECRET: 'load-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'warn',
  };
  // The app's log (warnings and errors) goes to a file: the commands that waited the whole read-your-writes bound are counted from it.
  // LOAD_CPU_PROF=DIR writes a V8 CPU profile of the app (not of this script) there when it stops.
  const profile = process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.LOAD_CPU_PROF)}`] : [];
  const logFd = fs.openSync(appLog(dataDir), 'w');
  const child: ChildProcess = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [...profile, path.join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', logFd, 'inherit'],
  });
  fs.closeSync(logFd);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  stops.push(async () => {
    if (exited) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
    if (!exited) child.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error('the app exited during its start');
    try {
      // Up, and every read model has caught up with the demo history the start wrote: a load that
      // began earlier would measure the catch-up (commands waiting for read models still replaying it).
      const res = await fetch(`${url}/health`);
      const health = res.status === 200 ? ((await res.json()) as { projections: Array<{ lag: number }> }) : null;
      if (health && health.projections.length > 0 && health.projections.every((p) => p.lag === 0)) return url;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 540_000) throw new Error('the app did not answer /health within 9 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function getJson<T>(url: string, token: string, p: string): Promise<T> {
  const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
