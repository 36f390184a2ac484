/** A production start (issue 21): no demo, the first admin from the environment, and a clear stop without one. */
import { startTestAppOn, type TestApp } from '../test/support/app.js';
import { createTestDatabase, sql, type TestDatabase } from '../test/support/db.js';
import { describeWith } from '../test/support/services.js';

describeWith(['postgres'])('a production start', () => {
  const dbs: TestDatabase[] = [];
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.drop();
  });
  const fresh = async () => {
    const db = await createTestDatabase();
    dbs.push(db);
    return db;
  };

  it('stops with a message saying what to set when there is no admin and no way to make one, having created nothing', async () => {
    const db = await fresh();
    await expect(startTestAppOn(db.url, { redis: false, env: { NODE_ENV: 'production' } })).rejects.toThrow(
      'No active administrator, and NODE_ENV=production creates no demo accounts. Set ADMIN_USERNAME and ADMIN_PASSWORD',
    );
    expect(await sql(db.url, `select type from es_events`)).toEqual([]);
  });

  it('creates the first admin from ADMIN_USERNAME / ADMIN_PASSWORD and no demo account or plant; a restart leaves it alone', async () => {
    const db = await fresh();
    const env = { NODE_ENV: 'production', ADMIN_USERNAME: 'Capo', ADMIN_PASSWORD: 'turno di notte A1' };
    const app = await startTestAppOn(db.url, { redis: false, env });
    apps.push(app);
    const token = await app.login('capo', 'turno di notte A1');
    const users = await fetch(`${app.url}/admin/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await users.json()) as Array<{ username: string; role: string; must_change_password: boolean }>).map((u) => [u.username, u.role, u.must_change_password])).toEqual([
      ['capo', 'admin', false],
    ]);
    await expect(app.login('admin', 'demo')).rejects.toThrow(/401/);
    const floors = await fetch(`${app.url}/factory/shop_floors`, { headers: { authorization: `Bearer ${token}` } });
    expect(await floors.json()).toEqual([]);
    await app.close();
    apps.pop();
    const again = await startTestAppOn(db.url, { redis: false, env: { ...env, ADMIN_PASSWORD: 'un altra password lunga' } });
    apps.push(again);
    await expect(again.login('capo', 'turno di notte A1')).resolves.toEqual(expect.any(String));
    expect((await sql<{ type: string }>(db.url, `select type from es_events`)).map((r) => r.type)).toEqual(['UserRegistered']);
  });
});
