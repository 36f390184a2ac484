import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

describeWith(['postgres'])('admin projection endpoints', () => {
  let app: TestApp;
  let admin: string;
  const call = async (method: string, path: string, token = admin) => {
    const res = await fetch(`${app.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as any };
  };
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.login('admin');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists every projection with its position, lag and state', async () => {
    const r = await call('GET', '/admin/projections');
    expect(r.status).toBe(200);
    expect(r.body.map((p: { name: string }) => p.name)).toEqual(app.deps.engine.names());
    // The five demo users, one row each; never rebuilt since the first start.
    expect(r.body.find((p: { name: string }) => p.name === 'users')).toMatchObject({ state: 'live', liveVersion: 2, rows: 5, lastRebuildAt: null, rebuildEventsPerSecond: null });
  });

  it('rebuilds a projection as a background job whose progress reaches the end', async () => {
    const started = await call('POST', '/admin/projections/users/rebuild');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ name: 'users', job_id: expect.any(String) });
    let progress = await call('GET', `/admin/projections/rebuilds/${encodeURIComponent(started.body.job_id)}`);
    for (let i = 0; i < 200 && progress.body.state !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      progress = await call('GET', `/admin/projections/rebuilds/${encodeURIComponent(started.body.job_id)}`);
    }
    expect(progress.body).toMatchObject({ name: 'users', state: 'completed' });
    expect(progress.body.done).toBe(progress.body.total);
    expect(progress.body.etaSeconds).toBe(0);
    expect((await app.deps.engine.liveRow('users'))!.generation).toBe(2);
    const users = (await call('GET', '/admin/projections')).body.find((p: { name: string }) => p.name === 'users');
    expect(users).toMatchObject({ generation: 2, rows: 5, lag: 0 });
    expect(Date.now() - Date.parse(users.lastRebuildAt)).toBeLessThan(60_000);
    expect(users.rebuildEventsPerSecond).toBeGreaterThan(0);
  });

  it("finishes 'Ricostruisci' pressed together: three times on one read model and once on every other", async () => {
    const names = app.deps.engine.names();
    const started = await Promise.all(['users', 'users', ...names].map((name) => call('POST', `/admin/projections/${name}/rebuild`)));
    expect(started.map((s) => s.status)).toEqual(Array(names.length + 2).fill(202));
    const states = async () => Promise.all(started.map(async (s) => (await call('GET', `/admin/projections/rebuilds/${encodeURIComponent(s.body.job_id)}`)).body.state as string));
    let now = await states();
    for (let i = 0; i < 600 && now.some((s) => s !== 'completed' && s !== 'failed'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      now = await states();
    }
    expect(now).toEqual(Array(names.length + 2).fill('completed'));
    const generations = await app.deps.knex('projection_generations').select('name', 'status');
    expect(generations.filter((g) => g.status !== 'live')).toEqual([]);
    expect(generations.map((g) => g.name).sort()).toEqual([...names].sort());
    expect((await call('GET', '/admin/projections')).body.map((p: { state: string }) => p.state)).toEqual(Array(names.length).fill('live'));
  });

  it('answers 400 for an unknown projection and 404 for an unknown job, writing nothing', async () => {
    const before = await app.deps.knex('projection_generations').count<{ n: number }>('* as n').first();
    const bad = await call('POST', '/admin/projections/nope/rebuild');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('name');
    expect((await call('GET', '/admin/projections/rebuilds/no-such-job')).status).toBe(404);
    expect(await app.deps.knex('projection_generations').count<{ n: number }>('* as n').first()).toEqual(before);
  });
});
