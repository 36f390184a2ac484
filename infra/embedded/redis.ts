import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readPidFile, stopOrphan } from './leftovers.js';
import { findOnPath, isListening, stopChild, waitForPort } from './ports.js';

export { freePort, waitForPort } from './ports.js';

export interface EmbeddedRedis {
  url: string;
  /** The redis-server's process id (fault tests kill it). */
  pid: number;
  stop(): Promise<void>;
}

/** Path of a redis-server binary on PATH, or null. */
export const findRedisServer = (): string | null => findOnPath('redis-server');

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
    stop: () => stopChild(child),
  };
}
