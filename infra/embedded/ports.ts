import { spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** The servers `npm start` and the tests run beside the app (redis-server, mosquitto): finding, waiting for and stopping them. */

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
