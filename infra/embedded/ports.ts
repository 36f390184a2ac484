import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { readPidFile, stopOrphan } from './leftovers.js';

/** The servers `npm start` and the tests run beside the app (redis-server, mosquitto): finding, waiting for and stopping them. */

/** A server started beside the app. */
export interface EmbeddedServer {
  url: string;
  /** Its process id (fault tests kill it). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Before a server starts on a data folder: stops the one a previous run left there (its pid
 * file names it; only while it is still that program: leftovers.ts), then checks nobody else
 * holds the port (`setting` names the variable to change in the message).
 */
export async function clearLeftover(
  what: { label: string; program: string; mustMention: string; setting: string },
  pidFile: string,
  port: number,
  log: (message: string) => void,
): Promise<void> {
  const orphan = readPidFile(pidFile);
  if (orphan !== null) {
    const did = await stopOrphan(orphan, what.program, what.mustMention, 'SIGTERM');
    if (did) log(`embedded ${what.label}: ${did}`);
    fs.rmSync(pidFile, { force: true });
  }
  if (await isListening(port)) throw new Error(`Port ${port} (${what.setting}) is held by another program: stop it or choose another port`);
}

/** Path of a program on PATH, or null. */
export function findOnPath(program: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
  const p = r.stdout.trim();
  return r.status === 0 && p ? p : null;
}

/** Stops a server we spawned and waits for it to exit. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    // Already gone (exited, or killed by a signal: then exitCode stays null).
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function isListening(port: number): Promise<boolean> {
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
    if (await isListening(port)) return;
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
