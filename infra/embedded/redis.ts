import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clearLeftover, findOnPath, stopChild, waitForPort, type EmbeddedServer } from './ports.js';

export { freePort, waitForPort } from './ports.js';

export type EmbeddedRedis = EmbeddedServer;

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
    await clearLeftover({ label: 'Redis', program: 'redis-server', mustMention: `:${port}`, setting: 'EMBEDDED_REDIS_PORT' }, pidFile, port, log);
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
