import type { Context } from 'koa';
import { runWithReadYourWrites } from '../api/commandBus.js';
import { handleChangeRole, handleRegisterUser } from '../commands/users/handlers.js';
import { userStream } from '../domain/users/events.js';
import { findUser } from '../projections/users/users.queries.js';
import { startTestApp, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';

const ctxFor = (username: string): Context => ({ state: { user: { userId: `id-${username}`, username, role: 'admin' }, correlationId: 'corr-12345678' } }) as unknown as Context;

for (const queue of ['bullmq', 'in-process'] as const) {
  describeWith(queue === 'bullmq' ? ['postgres', 'redis'] : ['postgres'])(`read-your-writes with the ${queue} queue`, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ redis: queue === 'bullmq' });
      // The demo accounts keep the role of their name; this one takes any.
      for (const username of ['ruoli', 'ruoli2'])
        await runWithReadYourWrites(app.deps, ctxFor('admin'), (c) =>
          handleRegisterUser(app.deps, { userId: `id-${username}`, username, displayName: username, role: 'frontline', mustChangePassword: false }, c),
        );
    });
    afterAll(async () => {
      await app?.close();
    });

    it('uses the queue it was given', () => {
      expect(app.deps.scheduler.kind).toBe(queue);
    });

    it('returns from a command only after the affected read model shows it', async () => {
      for (let i = 0; i < 20; i++) {
        const role = i % 2 === 0 ? 'support' : 'frontline';
        await runWithReadYourWrites(app.deps, ctxFor('admin'), (c) => handleChangeRole(app.deps, { username: 'ruoli', role }, c));
        expect((await findUser(app.deps.knex, 'ruoli'))?.role).toBe(role);
      }
    });

    it('records who did it in the event metadata', async () => {
      await runWithReadYourWrites(app.deps, ctxFor('admin'), (c) => handleChangeRole(app.deps, { username: 'ruoli2', role: 'support' }, c));
      const last = (await app.deps.store.readStream(userStream('ruoli2'))).at(-1)!;
      expect(last.type).toBe('UserRoleChanged');
      expect(last.metadata).toMatchObject({ userId: 'id-admin', username: 'admin', role: 'admin', correlationId: 'corr-12345678', causationId: null });
    });

    it('rebuilds a projection on request and reports progress to the end', async () => {
      const before = await app.deps.engine.liveRow('users');
      const jobId = await app.deps.scheduler.requestRebuild('users');
      let progress = await app.deps.scheduler.rebuildProgress(jobId);
      for (let i = 0; i < 200 && progress?.state !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        progress = await app.deps.scheduler.rebuildProgress(jobId);
      }
      expect(progress).toMatchObject({ name: 'users', state: 'completed' });
      expect(progress!.done).toBeGreaterThanOrEqual(5);
      expect(progress!.done).toBe(progress!.total);
      const after = await app.deps.engine.liveRow('users');
      expect(after!.generation).toBe(before!.generation + 1);
      expect((await findUser(app.deps.knex, 'admin'))?.role).toBe('admin');
    });
  });
}
