/**
 * A read model parked at an event its projection cannot apply, seen from outside: /health says
 * 'degraded' (still 200) and where it stopped, the admin list says the same, the other read models
 * serve, and a command that touches it answers without waiting on it.
 */
import { spawn } from 'node:child_process';
import type { RecordedEvent } from '../domain/shared/eventStore.js';
import { newEvent } from '../test/contract/eventstore.contract.js';
import { eventually } from '../test/support/pageActions.js';
import { startTestApp, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';
import { waitForReadModels } from './commandBus.js';

describeWith(['postgres'])('a parked read model', () => {
  let app: TestApp;
  let admin: string;
  let bad: RecordedEvent;
  const get = async (path: string) => {
    const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${admin}` } });
    return { status: res.status, body: (await res.json()) as any };
  };
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.login('admin');
    // Stored past validation (an import, an older bug): shopFloorId must be a positive integer.
    // Only the 'stations' read model handles this type.
    await app.deps.store.appendToStream('station-ghost', [newEvent('DefaultStationChosen', { username: 'ghost', shopFloorId: 'uno', lineId: 1, equipmentId: null })], {
      expectedRevision: 'no_stream',
    });
    bad = (await app.deps.store.readStream('station-ghost'))[0]!;
    app.deps.scheduler.wake(['stations']);
    await eventually(async () => expect((await app.deps.engine.status()).find((s) => s.name === 'stations')!.state).toBe('failed'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('/health answers 200 degraded with where it stopped and why; the rest are live', async () => {
    const res = await fetch(`${app.url}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; projections: Array<{ name: string; state: string; position: unknown; failure?: Record<string, unknown> }> };
    expect(body.status).toBe('degraded');
    const stations = body.projections.find((p) => p.name === 'stations')!;
    expect(stations).toMatchObject({ state: 'failed', failure: { position: bad.position, eventType: 'DefaultStationChosen', stream: 'station-ghost', duringRebuild: false } });
    expect(stations.failure!.message).toMatch(/shopFloorId/);
    expect(body.projections.filter((p) => p.state !== 'live').map((p) => p.name)).toEqual(['stations']);
  });

  it('the admin list shows the same read model, position, event type and message', async () => {
    const r = await get('/admin/projections');
    expect(r.status).toBe(200);
    const stations = r.body.find((p: { name: string }) => p.name === 'stations');
    expect(stations).toMatchObject({ state: 'failed', failure: { position: bad.position, eventType: 'DefaultStationChosen', stream: 'station-ghost', eventId: bad.id } });
    expect(stations.failure.message).toMatch(/shopFloorId/);
  });

  it('`npm run projections -- status` shows the same', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATABASE_URL: app.db.url, LOG_LEVEL: 'warn' };
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/projections.ts', 'status'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    const where = `${bad.position.commit}/${bad.position.prepare}`;
    expect(out).toMatch(new RegExp(`│ [^│]*'stations'[^\\n]*'failed'[^\\n]*'${where} DefaultStationChosen'`));
    expect(out).toContain(`stations: parked at event ${where} (DefaultStationChosen, stream station-ghost, id ${bad.id}): shopFloorId: `);
  });

  it('a command that touches it answers, and nothing waits on it', async () => {
    const res = await fetch(`${app.url}/factory/default_station`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopFloorId: 1, lineId: 1, equipmentId: 1 }),
    });
    expect(res.status).toBe(200);
    const written = (await app.deps.store.readStream('station-admin')).at(-1)!;
    expect(app.deps.engine.affectedBy([written.type])).toEqual(['stations']);
    // It will never reach the command's position, and counts as reached: the wait ends at once, true.
    expect(await app.deps.engine.reached(['stations'], written.position)).toEqual(['stations']);
    await expect(waitForReadModels(app.deps, ['stations'], written.position)).resolves.toBe(true);
    // Still parked where it was.
    expect((await app.deps.engine.status()).find((s) => s.name === 'stations')!.failure!.position).toEqual(bad.position);
  });
});
