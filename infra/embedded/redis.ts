import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { readPidFile, stopOrphan } from './leftovers.js';

export interface EmbeddedRedis {
  url: string;
  /** The redis-server's process id (fault tests kill it). */
  pid: number;
  stop(): Promise<void>;
}

/** Path of a redis-server binary on PATH, or null. */
export function findRedisServer(): string | null {
  const r = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const p = r.stdout.trim();
  return r.status === 0 && p ? p : null;
}

/**
 * Starts redis-server on loopback. With `dir` it persists (append-only file) there;
 * without, it keeps everything in memory (tests).
 */
export async function startRedisServer(binary: string, port: number, dir?: string, log: (message: string) => void = () => undefined): Promise<EmbeddedRedis> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes', '--daemonize', 'no'];
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    // The pid file lets the next start find and stop this server if we are killed without stopping it.
    const pidFile = path.join(path.resolve(dir), 'redis-server.pid');
    const orphan = readPidFile(pidFile);
    if (orphan !== null) {
      const did = await stopOrphan(orphan, 'redis-server', `:${port}`, 'SIGTERM');
      if (did) log(`embedded Redis: ${did}`);
      fs.rmSync(pidFile, { force: true });
    }
    if (await isListening(port)) throw new Error(`Port ${port} (EMBEDDED_REDIS_PORT) is held by another program: stop it or choose another port`);
    args.push('--dir', dir, '--pidfile', pidFile, '--appendonly', 'yes', '--save', '');
  } else {
    args.push('--save', '', '--appendonly', 'no');
  }
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  await waitForPort(port, 10_000, () => (child.exitCode !== null ? `redis-server exited: ${stderr}` : null));
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        // Already gone (exited, or killed by a signal: then exitCode stays null).
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function isListening(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

export async function waitForPort(port: number, timeoutMs: number, failed: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = failed();
    if (why) throw new Error(why);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A free TCP port on loopback, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}
