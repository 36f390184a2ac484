/**
 * Fault: the redis-server the app uses is killed with SIGKILL in the middle of a run of
 * writes and does not come back. Every acknowledged write must become readable within
 * 10 s without restarting the app (the engine runs in-process while Redis is away), and
 * /health says degraded while it keeps answering, and the loss goes to the app's log, not raw to
 * the console. A redis-server of its own, on loopback.
 */
import type { Context } from 'koa';
import { runWithReadYourWrites } from '../api/commandBus.js';
import { handleRegisterUser } from '../commands/users/handlers.js';
import { findRedisServer, freePort, startRedisServer, type EmbeddedRedis } from '../infra/embedded/redis.js';
import { startTestApp, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';

const adminCtx = { state: { user: { userId: 'id-admin', username: 'admin', role: 'admin' }, correlationId: 'corr-12345678' } } as unknown as Context;

describeWith(['postgres', 'redis'])('Redis killed during writes', () => {
  let redis: EmbeddedRedis;
  let app: TestApp;
  const consoleError = console.error;
  const printed: unknown[][] = [];
  beforeAll(async () => {
    redis = await startRedisServer(findRedisServer()!, await freePort());
    app = await startTestApp({ redisUrl: redis.url });
  });
  afterAll(async () => {
    console.error = consoleError;
    await app?.close();
    await redis?.stop();
  });

  it('keeps the read side up: every acknowledged write readable within 10 s, health degraded', async () => {
    expect(app.deps.scheduler.kind).toBe('bullmq');
    console.error = (...args: unknown[]) => void printed.push(args);
    const acknowledged: string[] = [];
    for (let i = 0; i < 30; i++) {
      if (i === 10) process.kill(redis.pid, 'SIGKILL');
      const username = `worker-${i}`;
      await runWithReadYourWrites(app.deps, adminCtx, (c) =>
        handleRegisterUser(
          app.deps,
          {
            userId: `id-worker-${i}`,
            username,
            displayName: username,
            role: 'frontline',
            mustChangePassword: false,
          },
          c,
        ),
      );
      acknowledged.push(username);
    }

    const visible = async () => (await app.deps.knex('users').whereIn('username', acknowledged).pluck('username')) as string[];
    const deadline = Date.now() + 10_000;
    let seen = await visible();
    while (seen.length < acknowledged.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      seen = await visible();
    }
    expect(seen.sort()).toEqual([...acknowledged].sort());

    const health = await fetch(`${app.url}/health`);
    const body = (await health.json()) as { status: string; redis: unknown; projections: Array<{ lag: number }> };
    expect([health.status, body.status, body.redis]).toEqual([200, 'degraded', false]);
    // The app keeps writing and reading with Redis still gone.
    await runWithReadYourWrites(app.deps, adminCtx, (c) =>
      handleRegisterUser(app.deps, { userId: 'id-worker-last', username: 'worker-last', displayName: 'Worker', role: 'support', mustChangePassword: false }, c),
    );
    expect(await app.deps.knex('users').where({ username: 'worker-last' }).first()).toBeTruthy();
    expect(printed.map((args) => String(args[0]))).toEqual([]);
  }, 180_000);
});
