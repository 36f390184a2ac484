import { createCatalog } from '../../domain/catalog.js';
import { userStream } from '../../domain/users/events.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { decideOn } from '../../test/builders/decideOn.js';
import { userDecider, type UserCommand } from '../../commands/users/decider.js';
import { useTestDatabase } from '../../test/support/db.js';
import { expectSameRowsEveryWay, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { usersProjection } from './users.projection.js';

/**
 * Three accounts registered and changed by an admin over a morning, interleaved: one
 * batch holds a registration and several changes of the same account, and a chunked
 * replay changes accounts an earlier batch registered.
 */
describeWith(['postgres'])('users projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const at = (hhmm: string) => new Date(`2030-02-01T${hhmm}:00Z`);

  beforeAll(async () => {
    const register = (userId: string, username: string, role: 'frontline' | 'support', displayName: string) =>
      ({ type: 'RegisterUser', userId, username, displayName, role, mustChangePassword: true }) as const;
    const update = (username: string, o: { role?: 'admin' | 'support'; active?: boolean; displayName?: string }) =>
      ({ type: 'UpdateUser', username, anotherActiveAdmin: true, ...o }) as const;
    const steps: Array<[hhmm: string, command: UserCommand]> = [
      ['08:01', register('u-anna', 'anna', 'frontline', 'Anna')],
      ['08:02', register('u-bruno', 'bruno', 'support', 'Bruno')],
      ['08:03', { type: 'ChangePassword', username: 'anna', temporary: false }],
      ['08:04', update('anna', { role: 'support' })],
      ['08:05', { type: 'ChangePassword', username: 'bruno', temporary: true }],
      ['08:06', update('anna', { displayName: 'Anna Neri' })],
      ['08:07', register('u-carla', 'Carla', 'frontline', 'Carla')],
      ['08:08', update('anna', { role: 'admin' })],
      ['08:09', update('carla', { active: false })],
    ];
    for (const [hhmm, command] of steps) {
      await decideOn({ store, catalog }, userStream(command.username), userDecider, command, { userId: 'u-admin', username: 'admin', role: 'admin', now: at(hhmm) });
    }
  });

  const events = () => storedEvents(store, catalog);

  it('gives the same rows in one batch, one event per batch, batches of 3, and after a second pass', async () => {
    const history = await events();
    expect(history).toHaveLength(9);
    await expectSameRowsEveryWay(db.knex, usersProjection, history, 3);
  });

  it('holds each account with its name, role, state and the revision of the last change that ended its sessions, under its lower-case name', async () => {
    const { first } = await replayTwice(db.knex, usersProjection, await events());
    const row = (username: string, user_id: string, display_name: string, role: string, active: boolean, must: boolean, rev: number, reg: string, upd: string) => ({
      username,
      user_id,
      display_name,
      role,
      active,
      must_change_password: must,
      session_revision: rev,
      registered_at: at(reg),
      updated_at: at(upd),
    });
    expect(first.users).toEqual([
      row('anna', 'u-anna', 'Anna Neri', 'admin', true, false, 4, '08:01', '08:08'),
      row('bruno', 'u-bruno', 'Bruno', 'support', true, true, 1, '08:02', '08:05'),
      row('carla', 'u-carla', 'Carla', 'frontline', false, true, 1, '08:07', '08:09'),
    ]);
  });
});
