/**
 * What an attack on the front door found (issue 36), each on a real server with PostgreSQL and
 * Redis: the queue board under the rules of every call, a busy hashing gate answered 503 on
 * every route, a login flood that cannot keep a person out, a limit on guessing the current
 * password, and the calls still open to a user who must change the password.
 */
import { startTestApp, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';

type Answer = { status: number; body: any; headers: Headers };

const ADDRESS_MAX = 5;
const ATTEMPTS_MAX = 3;

describeWith(['postgres', 'redis'])('the session rules on every way in (issue 36)', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp({
      env: {
        // The account checks are read fresh on every call, so no test waits out a cache.
        AUTH_USER_CACHE_SECONDS: '0',
        PASSWORD_HASH_CONCURRENCY: '1',
        PASSWORD_HASH_QUEUE: '2',
        LOGIN_MAX_ATTEMPTS: String(ATTEMPTS_MAX),
        LOGIN_ADDRESS_MAX_ATTEMPTS: String(ADDRESS_MAX),
        TRUST_PROXY: '1',
      },
    });
    admin = await app.login('admin');
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call(method: string, path: string, auth: { token?: string; cookie?: string } | null, body?: unknown): Promise<Answer> {
    const res = await fetch(`${app.url}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(auth?.token ? { authorization: `Bearer ${auth.token}` } : {}),
        ...(auth?.cookie ? { cookie: auth.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    // An event stream (GET /live let through) would never end: its status is enough.
    if (res.headers.get('content-type')?.includes('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, body: null, headers: res.headers };
    }
    const text = await res.text();
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : null, headers: res.headers };
  }
  const login = async (username: string, password: string, from = '127.0.0.1'): Promise<Answer> => {
    const res = await fetch(`${app.url}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
      body: new URLSearchParams({ username, password }),
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  };
  const tokenOf = async (username: string, password: string) => {
    const answer = await login(username, password);
    expect([username, answer.status]).toEqual([username, 200]);
    return answer.body.access_token as string;
  };
  /** A new account of `role` that has chosen its own password; answers its session token. */
  async function account(username: string, role: string, password: string): Promise<string> {
    expect((await call('POST', '/admin/users', { token: admin }, { username, display_name: username, role, password: 'temporanea di prova 1' })).status).toBe(201);
    const first = await tokenOf(username, 'temporanea di prova 1');
    const changed = await call('POST', '/me/password', { token: first }, { current_password: 'temporanea di prova 1', new_password: password });
    expect(changed.status).toBe(200);
    return changed.body.access_token as string;
  }
  const boardCookie = async (token: string) => {
    const res = await fetch(`${app.url}/admin/queues-session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  };
  const refusal = (answer: Answer) => [answer.status, answer.body?.error?.code];
  /** Holds the gate's one slot until the returned function is called. */
  const holdGate = () => {
    let release = () => {};
    const held = app.deps.hashing.run(() => new Promise<void>((resolve) => (release = resolve)));
    return async () => {
      release();
      await held;
    };
  };
  const until = async (check: () => boolean) => {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > 10_000) throw new Error('condition never met');
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  describe('the queue board (bull-board)', () => {
    it('refuses a new admin who has not changed the password yet, by token and on the pause call', async () => {
      expect(
        (await call('POST', '/admin/users', { token: admin }, { username: 'nuovocapo', display_name: 'Nuovo', role: 'admin', password: 'temporanea di prova 1' })).status,
      ).toBe(201);
      const token = await tokenOf('nuovocapo', 'temporanea di prova 1');
      const required = [403, 'PASSWORD_CHANGE_REQUIRED'];
      expect(refusal(await call('GET', '/admin/queues/api/queues', { token }))).toEqual(required);
      expect(refusal(await call('PUT', '/admin/queues/api/queues/projections/pause', { token }))).toEqual(required);
      expect(refusal(await call('POST', '/admin/queues-session', { token }))).toEqual(required);
      // The queue was not paused.
      const queues = await call('GET', '/admin/queues/api/queues', { token: admin });
      expect([queues.status, queues.body.queues.map((q: { name: string; isPaused: boolean }) => [q.name, q.isPaused])]).toEqual([200, [['projections', false]]]);
    });

    it('ends the board cookie and the token of an admin whose password was reset', async () => {
      const token = await account('capo.reset', 'admin', 'bobina gialla giovedi');
      const cookie = await boardCookie(token);
      expect((await call('GET', '/admin/queues/api/queues', { cookie })).status).toBe(200);
      expect((await call('POST', '/admin/users/capo.reset/reset-password', { token: admin })).status).toBe(200);
      expect(refusal(await call('GET', '/admin/queues/api/queues', { cookie }))).toEqual([401, 'UNAUTHENTICATED']);
      expect(refusal(await call('GET', '/admin/queues/api/queues', { token }))).toEqual([401, 'UNAUTHENTICATED']);
      expect(refusal(await call('PUT', '/admin/queues/api/queues/projections/pause', { cookie }))).toEqual([401, 'UNAUTHENTICATED']);
    });

    it('ends the board cookie and the token of a switched-off admin', async () => {
      const token = await account('capo.spento', 'admin', 'bobina verde venerdi');
      const cookie = await boardCookie(token);
      expect((await call('GET', '/admin/queues/api/queues', { cookie })).status).toBe(200);
      expect((await call('PATCH', '/admin/users/capo.spento', { token: admin }, { active: false })).status).toBe(200);
      expect(refusal(await call('GET', '/admin/queues/api/queues', { cookie }))).toEqual([401, 'ACCOUNT_DISABLED']);
      expect(refusal(await call('GET', '/admin/queues/api/queues', { token }))).toEqual([401, 'ACCOUNT_DISABLED']);
    });
  });

  it('keeps GET /live and GET /openapi.json closed to a user who must change the password; GET /me stays open', async () => {
    expect(
      (await call('POST', '/admin/users', { token: admin }, { username: 'prima.volta', display_name: 'Prima', role: 'frontline', password: 'temporanea di prova 1' })).status,
    ).toBe(201);
    const token = await tokenOf('prima.volta', 'temporanea di prova 1');
    const required = [403, 'PASSWORD_CHANGE_REQUIRED'];
    expect(refusal(await call('GET', '/live', { token }))).toEqual(required);
    expect(refusal(await call('GET', '/openapi.json', { token }))).toEqual(required);
    expect((await call('GET', '/me', { token })).status).toBe(200);
    expect((await call('GET', '/openapi.json', { token: admin })).status).toBe(200);
  });

  it('answers 503 BUSY with Retry-After on POST /me/password and POST /admin/users while the hashing gate is full, writing nothing', async () => {
    const release = holdGate();
    // Two signed-in tasks wait: the queue (2) is full for anyone who weighs as much.
    const waiting = [app.deps.hashing.run(async () => undefined), app.deps.hashing.run(async () => undefined)];
    const busy = [503, '1', { error: { code: 'BUSY', message: 'Troppe operazioni in corso: riprova tra qualche secondo' } }];
    const change = await call('POST', '/me/password', { token: admin }, { current_password: 'demo', new_password: 'rulliera ferma sabato' });
    expect([change.status, change.headers.get('retry-after'), change.body]).toEqual(busy);
    const created = await call('POST', '/admin/users', { token: admin }, { username: 'troppi', display_name: 'Troppi', role: 'frontline', password: 'rulliera ferma sabato' });
    expect([created.status, created.headers.get('retry-after'), created.body]).toEqual(busy);
    await release();
    await Promise.all(waiting);
    const users = (await call('GET', '/admin/users', { token: admin })).body as Array<{ username: string }>;
    expect(users.map((u) => u.username)).not.toContain('troppi');
    expect((await login('admin', 'demo')).status).toBe(200);
  });

  it(`limits guesses of the current password on POST /me/password like logins: 429 after ${ATTEMPTS_MAX}, also for the right one`, async () => {
    const token = await account('indovino', 'frontline', 'pallet blu domenica');
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS_MAX + 2; i++)
      statuses.push((await call('POST', '/me/password', { token }, { current_password: `sbagliata ${i}`, new_password: 'pallet rosso domenica' })).status);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    const right = await call('POST', '/me/password', { token }, { current_password: 'pallet blu domenica', new_password: 'pallet rosso domenica' });
    expect([right.status, right.body]).toEqual([429, { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Troppi tentativi: riprova tra qualche minuto' } }]);
  });

  describe('a login flood', () => {
    const name = () => `nessuno-${Math.random().toString(36).slice(2, 10)}`;

    it('cannot keep a person out: their login takes the place of a flooding address in the full queue', async () => {
      // Two flooding addresses have already tried 3 times each.
      for (const from of ['10.36.0.1', '10.36.0.2']) for (let i = 0; i < 3; i++) expect((await login(name(), 'sbagliata', from)).status).toBe(401);
      const release = holdGate();
      const first = login(name(), 'sbagliata', '10.36.0.1');
      await until(() => app.deps.hashing.queued === 1);
      const second = login(name(), 'sbagliata', '10.36.0.2');
      await until(() => app.deps.hashing.queued === 2);
      const person = login('support', 'demo', '192.168.36.7');
      // One flooding login was refused for the person (the latest of the two heaviest).
      const refused = await second;
      expect([refused.status, refused.body.error.code, refused.headers.get('retry-after')]).toEqual([503, 'LOGIN_BUSY', '1']);
      await release();
      expect((await person).status).toBe(200);
      expect((await first).status).toBe(401);
    });

    it(`counts busy refusals against the address: past ${ADDRESS_MAX} the address gets 429 without waiting`, async () => {
      const release = holdGate();
      const waiting = [app.deps.hashing.run(async () => undefined), app.deps.hashing.run(async () => undefined)];
      const statuses: number[] = [];
      for (let i = 0; i < ADDRESS_MAX + 2; i++) statuses.push((await login(name(), 'sbagliata', '10.36.0.9')).status);
      await release();
      await Promise.all(waiting);
      expect(statuses).toEqual([503, 503, 503, 503, 503, 429, 429]);
      expect((await login('support', 'demo', '10.36.0.9')).status).toBe(429);
      // The person's own address is untouched.
      expect((await login('support', 'demo', '192.168.36.8')).status).toBe(200);
    });
  });
});
