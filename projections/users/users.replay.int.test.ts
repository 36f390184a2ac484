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
    const steps: Array<[hhmm: string, command: UserCommand]> = [
      ['08:01', { type: 'RegisterUser', userId: 'u-anna', username: 'anna', role: 'frontline', passwordHash: 'hash-a1' }],
      ['08:02', { type: 'RegisterUser', userId: 'u-bruno', username: 'bruno', role: 'support', passwordHash: 'hash-b1' }],
      ['08:03', { type: 'ChangePassword', username: 'anna', passwordHash: 'hash-a2' }],
      ['08:04', { type: 'ChangeRole', username: 'anna', role: 'support' }],
      ['08:05', { type: 'ChangePassword', username: 'bruno', passwordHash: 'hash-b2' }],
      ['08:06', { type: 'ChangePassword', username: 'anna', passwordHash: 'hash-a3' }],
      ['08:07', { type: 'RegisterUser', userId: 'u-carla', username: 'Carla', role: 'frontline', passwordHash: 'hash-c1' }],
      ['08:08', { type: 'ChangeRole', username: 'anna', role: 'admin' }],
      ['08:09', { type: 'ChangeRole', username: 'carla', role: 'support' }],
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

  it('holds each account with its last role and password, under its lower-case name', async () => {
    const { first } = await replayTwice(db.knex, usersProjection, await events());
    expect(first.users).toEqual([
      { username: 'anna', user_id: 'u-anna', role: 'admin', password_hash: 'hash-a3', registered_at: at('08:01'), updated_at: at('08:08') },
      { username: 'bruno', user_id: 'u-bruno', role: 'support', password_hash: 'hash-b2', registered_at: at('08:02'), updated_at: at('08:05') },
      { username: 'carla', user_id: 'u-carla', role: 'support', password_hash: 'hash-c1', registered_at: at('08:07'), updated_at: at('08:09') },
    ]);
  });
});
