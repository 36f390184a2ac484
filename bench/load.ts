/**
 * A bounded load for the latency benchmark, generated in the same run so the idle and
 * the loaded figures meet the same machine: other clients' commands (appends that wake
 * and feed the same projection, each waiting for its read model like `runWithReadYourWrites`) and
 * busy loops in worker threads that take CPU from the server and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { waitForReadModels } from '../api/commandBus.js';
import type { RunningServer } from '../api/server.js';
import type { CommandContext } from '../commands/handleCommand.js';
import { handleChangeRole, handleRegisterUser } from '../commands/users/handlers.js';
import { userStream } from '../domain/users/events.js';

export interface LoadOptions {
  /** Concurrent clients, each toggling its own user's role and waiting for the read model. */
  writers: number;
  /** Worker threads that spin (each takes up to one core). */
  spinners: number;
  /** Hard bound: the load stops itself after this long even if nobody stops it. */
  maxMs: number;
}

export const defaultLoadOptions: LoadOptions = { writers: 4, spinners: 1, maxMs: 60_000 };

export interface LoadStats {
  commands: number;
  seconds: number;
}

export interface RunningLoad {
  stop(): Promise<LoadStats>;
}

const SPIN = `
const { workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.flag);
const end = Date.now() + workerData.maxMs;
let x = 0;
while (Atomics.load(flag, 0) === 0 && Date.now() < end) {
  for (let i = 0; i < 100000; i++) x = (x * 31 + i) | 0;
}
`;

const context = (): CommandContext => ({ userId: 'bench-load', username: 'admin', role: 'admin', correlationId: randomUUID(), now: new Date() });

/** Registers the writers' users (once per server), then starts the load. */
export async function startLoad(server: RunningServer, o: LoadOptions = defaultLoadOptions): Promise<RunningLoad> {
  const deps = server.deps;
  const users = Array.from({ length: o.writers }, (_, i) => `benchload${i}`);
  for (const username of users) {
    const existing = await deps.store.readStream(userStream(username));
    if (existing.length === 0) {
      await handleRegisterUser(deps, { userId: randomUUID(), username, role: 'support', displayName: username, mustChangePassword: false }, context());
    }
  }

  const started = performance.now();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const spinners = Array.from({ length: o.spinners }, () => new Worker(SPIN, { eval: true, workerData: { flag: flag.buffer, maxMs: o.maxMs } }));
  let stopped = false;
  let commands = 0;
  const writers = users.map(async (username) => {
    for (let i = 0; !stopped && performance.now() - started < o.maxMs; i++) {
      const role = i % 2 === 0 ? 'frontline' : 'support';
      const r = await handleChangeRole(deps, { username, role }, context());
      if (r.position) await waitForReadModels(deps, deps.engine.affectedBy(r.events.map((e) => e.type)), r.position);
      commands += 1;
    }
  });

  return {
    async stop() {
      stopped = true;
      Atomics.store(flag, 0, 1);
      await Promise.all(writers);
      await Promise.all(spinners.map((w) => w.terminate()));
      return { commands, seconds: (performance.now() - started) / 1000 };
    },
  };
}
