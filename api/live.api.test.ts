/**
 * GET /live (issue 24, docs/live.md): a signed-in stream that says which read models moved, resumes
 * after Last-Event-ID, keeps at most LIVE_MAX_STREAMS_PER_USER per user, and ends for a user switched off.
 */
import { DateTime } from 'luxon';
import { callApi } from '../test/support/apiClient.js';
import { startTestApp, type TestApp } from '../test/support/app.js';
import { movedIncluding, openLive } from '../test/support/liveStream.js';
import { describeWith } from '../test/support/services.js';

describeWith(['postgres'])('the live channel', () => {
  let app: TestApp;
  let support: string;
  let admin: string;
  const day = DateTime.now().setZone('Europe/Rome').toISODate()!;
  const addAction = (activity: string) => callApi(app.url, support, 'POST', '/factory/dbr_actions', { day, shop_floor_id: 1, line: 'Linea 1', owner: 'Rossi', activity });

  beforeAll(async () => {
    app = await startTestApp({ redis: false, env: { LIVE_HEARTBEAT_SECONDS: '1', LIVE_MAX_STREAMS_PER_USER: '2' } });
    support = await app.login('support');
    admin = await app.login('admin');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('needs a login', async () => {
    const res = await fetch(`${app.url}/live`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });

  it('says which read models moved after a write, and resumes after Last-Event-ID', async () => {
    const live = await openLive(app.url, support);
    expect(live.status).toBe(200);
    const ready = await live.next((e) => e.event === 'ready');
    expect(ready.id).toMatch(/^\d+\.\d+$/);
    expect((await addAction('Pulizia rulli')).status).toBe(201);
    const moved = await live.next(movedIncluding('dbr_actions'), 5000);
    // Only read models whose data the write changed: the stop list read no event of it.
    expect(JSON.parse(moved.data).read_models).not.toContain('stops');
    expect(JSON.parse(moved.data)).toMatchObject({ position: expect.objectContaining({ commit: expect.any(Number) }) });
    live.close();

    // Away since `ready`: the reconnect names at once what moved meanwhile.
    const back = await openLive(app.url, support, ready.id!);
    const missed = await back.next((e) => e.event === 'moved', 3000);
    expect(JSON.parse(missed.data).read_models).toContain('dbr_actions');
    back.close();

    // Resuming from the latest position: nothing was missed, so no 'moved' before 'ready'.
    const current = await openLive(app.url, support, moved.id!);
    const first = await current.next(() => true, 3000);
    expect(first.event).toBe('ready');
    current.close();
  });

  it('marks each read with where the read models stood; a stream resumed from it names only what moved after', async () => {
    const read = async () => {
      const res = await fetch(`${app.url}/factory/dbr_actions-range?shop_floor_id=1&date_from=${day}&date_to=${day}&lines=Linea 1`, {
        headers: { authorization: `Bearer ${support}` },
      });
      expect(res.status).toBe(200);
      return res.headers.get('x-live-position')!;
    };
    await app.deps.engine.settle();
    // The hub hears the settled positions through the database's notifications, a moment after
    // the engine applied them: read until two reads agree, so the floor is the settled one.
    let before = await read();
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const again = await read();
      if (again === before) break;
      before = again;
    }
    expect(before).toMatch(/^\d+\.\d+$/);
    // Nothing moved since the read: the resumed stream says 'ready' first.
    const quiet = await openLive(app.url, support, before);
    expect((await quiet.next(() => true, 3000)).event).toBe('ready');
    quiet.close();
    // A write after the read: its read models are named first.
    expect((await addAction('Controllo guarnizioni')).status).toBe(201);
    await app.deps.engine.settle();
    // The hub hears the new position a moment after the engine applied it, as above.
    let after = await read();
    for (let i = 0; i < 50 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await read();
    }
    expect(after).not.toBe(before);
    // A refused or failed read says nothing of where the store stands.
    const unknownFloor = await fetch(`${app.url}/factory/dbr_actions-range?shop_floor_id=99&date_from=${day}&date_to=${day}&lines=Linea 1`, {
      headers: { authorization: `Bearer ${support}` },
    });
    const anonymous = await fetch(`${app.url}/factory/dbr_actions-range?shop_floor_id=1&date_from=${day}&date_to=${day}&lines=Linea 1`);
    expect([unknownFloor.status, unknownFloor.headers.get('x-live-position'), anonymous.status, anonymous.headers.get('x-live-position')]).toEqual([404, null, 401, null]);
    const resumed = await openLive(app.url, support, before);
    const first = await resumed.next(() => true, 3000);
    expect([first.event, JSON.parse(first.data).read_models]).toEqual(['moved', expect.arrayContaining(['dbr_actions'])]);
    resumed.close();
  });

  it('starts afresh when Last-Event-ID is no position of ours', async () => {
    for (const junk of ['abc', '1.2.3', '-1.5', `${'9'.repeat(16)}.1`, ' ']) {
      const live = await openLive(app.url, support, junk);
      expect(live.status).toBe(200);
      expect((await live.next(() => true, 3000)).event).toBe('ready');
      live.close();
    }
  });

  it('keeps the newest streams of a user within the bound, ending the oldest', async () => {
    const token = await app.login('demoit');
    const a = await openLive(app.url, token);
    await a.next((e) => e.event === 'ready');
    const b = await openLive(app.url, token);
    await b.next((e) => e.event === 'ready');
    const c = await openLive(app.url, token);
    await c.next((e) => e.event === 'ready');
    await expect(a.ended).resolves.toBeUndefined();
    expect((await addAction('Cambio formato')).status).toBe(201);
    await expect(c.next(movedIncluding('dbr_actions'), 5000)).resolves.toBeDefined();
    b.close();
    c.close();
  });

  it('ends the stream of a user who is switched off', async () => {
    const created = await callApi(app.url, admin, 'POST', '/admin/users', {
      username: 'lverdi',
      display_name: 'Luca Verdi',
      role: 'support',
      password: 'linea di confezionamento 7',
    });
    expect(created.status).toBe(201);
    // A new account must change its password before the stream opens to it (docs/accounts.md).
    const first = await app.login('lverdi', 'linea di confezionamento 7');
    const changed = await callApi<{ access_token: string }>(app.url, first, 'POST', '/me/password', {
      current_password: 'linea di confezionamento 7',
      new_password: 'linea di confezionamento 8',
    });
    expect(changed.status).toBe(200);
    const token = changed.body.access_token;
    const live = await openLive(app.url, token);
    await live.next((e) => e.event === 'ready');
    expect((await callApi(app.url, admin, 'PATCH', '/admin/users/lverdi', { active: false })).status).toBe(200);
    // The user cache (5 s) and one heartbeat (1 s here) bound how long the stream outlives the account.
    await expect(Promise.race([live.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 15_000))])).resolves.toBe('ended');
  });
});
