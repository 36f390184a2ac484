/**
 * The accounts calls of issue 21 on a real server: create, list, change, reset, deactivate, a
 * user's own password, the last-admin rule and the end of sessions. Expected answers are
 * written out here, from the issue and docs/accounts.md.
 */
import { Writable } from 'node:stream';
import { exportEvents } from '../../../infra/eventstore/export.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

type Answer = { status: number; body: any };

describeWith(['postgres'])('accounts: /admin/users and /me/password', () => {
  let app: TestApp;
  let admin: string;
  const CACHE_SECONDS = 2;
  beforeAll(async () => {
    app = await startTestApp({ redis: false, env: { AUTH_USER_CACHE_SECONDS: String(CACHE_SECONDS) } });
    admin = await app.login('admin');
    // The reactivation reaches the session check within its cache time too.
    const started = Date.now();
    while ((await call('GET', '/me', admin)).status !== 200 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 100));
    expect(Date.now() - started).toBeLessThan(CACHE_SECONDS * 1000 + 500);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call(method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
  }
  const login = async (username: string, password: string): Promise<Answer> => {
    const res = await fetch(`${app.url}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }),
    });
    return { status: res.status, body: await res.json() };
  };
  const tokenOf = async (username: string, password: string) => {
    const answer = await login(username, password);
    expect([username, answer.status]).toEqual([username, 200]);
    return answer.body.access_token as string;
  };
  /** Polls a call with an old token until it is refused; returns the answer and how long it took. */
  async function untilRefused(token: string): Promise<{ answer: Answer; ms: number }> {
    const started = Date.now();
    for (;;) {
      const answer = await call('GET', '/me', token);
      if (answer.status !== 200 || Date.now() - started > 10_000) return { answer, ms: Date.now() - started };
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const user = async (username: string) => ((await call('GET', '/admin/users', admin)).body as Array<{ username: string }>).find((u) => u.username === username);

  const MARIO = 'tornio rosso lunedi';

  it('creates a user (201) who must change the password at the first login, and lists them', async () => {
    const created = await call('POST', '/admin/users', admin, { username: 'MRossi', display_name: 'Mario Rossi', role: 'frontline', password: MARIO });
    expect(created).toEqual({ status: 201, body: { username: 'mrossi' } });
    expect(await user('mrossi')).toEqual({ username: 'mrossi', display_name: 'Mario Rossi', role: 'frontline', active: true, must_change_password: true, last_login_at: null });
  });

  it('refuses a taken name whatever its case with 409', async () => {
    for (const username of ['mrossi', 'MROSSI', 'admin']) {
      const answer = await call('POST', '/admin/users', admin, { username, display_name: 'X', role: username === 'admin' ? 'admin' : 'frontline', password: MARIO });
      expect([username, answer.status, answer.body.error.code]).toEqual([username, 409, 'USER_EXISTS']);
    }
  });

  it.each([
    ['a short password', { password: 'corta123' }, 'password', 'Almeno 12 caratteri'],
    ['the username in the password', { username: 'lverdi', password: 'lverdi-2026-linea' }, 'password', 'Non può contenere il nome utente'],
    ['a common password', { password: 'Password1234' }, 'password', 'Password troppo comune: scegline una meno prevedibile'],
    ['an Italian common password', { password: 'forzajuventus' }, 'password', 'Password troppo comune: scegline una meno prevedibile'],
    ['a name that a URL resolves away', { username: '..' }, 'username', 'Deve iniziare con una lettera o una cifra'],
    ['a name read as the current folder', { username: '.' }, 'username', 'Deve iniziare con una lettera o una cifra'],
    ['a name read as an option', { username: '-lverdi' }, 'username', 'Deve iniziare con una lettera o una cifra'],
    ['one character repeated', { password: 'xxxxxxxxxxxxxxx' }, 'password', 'Password troppo comune: scegline una meno prevedibile'],
    ['a name with a space', { username: 'l verdi' }, 'username', 'Solo lettere, cifre, punto, trattino e trattino basso'],
    ['an unknown role', { role: 'boss' }, 'role', null],
    ['a role name with another role', { username: 'support', role: 'frontline' }, 'role', "L'utente support ha il ruolo support: i nomi dei ruoli sono riservati ai loro account"],
    ['an empty display name', { display_name: ' ' }, 'display_name', 'Obbligatorio'],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_what, change, field, message) => {
    const body = { username: 'lverdi', display_name: 'Luca Verdi', role: 'frontline', password: 'una password sicura', ...change };
    const answer = await call('POST', '/admin/users', admin, body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error.fields)).toEqual([field]);
    if (message) expect(answer.body.error.fields[field]).toBe(message);
    expect(await user('lverdi')).toBeUndefined();
  });

  it('lets a user who must change the password only check the session and change it; the old token ends', async () => {
    const first = await login('mrossi', MARIO);
    expect([first.status, first.body.must_change_password]).toEqual([200, true]);
    const token = first.body.access_token as string;
    expect((await call('GET', '/me', token)).body).toEqual({ username: 'mrossi', role: 'frontline', display_name: 'Mario Rossi', must_change_password: true, demo: true });
    expect(await call('GET', '/factory/shop_floors', token)).toEqual({
      status: 403,
      body: { error: { code: 'PASSWORD_CHANGE_REQUIRED', message: 'Cambia la password prima di continuare' } },
    });
    const wrong = await call('POST', '/me/password', token, { current_password: 'non è questa', new_password: 'fresa blu martedi' });
    expect([wrong.status, wrong.body.error.fields]).toEqual([400, { current_password: 'Password attuale errata' }]);
    const weak = await call('POST', '/me/password', token, { current_password: MARIO, new_password: 'qwerty123456' });
    expect([weak.status, weak.body.error.fields]).toEqual([400, { new_password: 'Password troppo comune: scegline una meno prevedibile' }]);
    const changed = await call('POST', '/me/password', token, { current_password: MARIO, new_password: 'fresa blu martedi' });
    expect([changed.status, changed.body.token_type]).toEqual([200, 'bearer']);
    expect((await call('GET', '/factory/shop_floors', changed.body.access_token)).status).toBe(200);
    const { answer, ms } = await untilRefused(token);
    expect([answer.status, answer.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(ms).toBeLessThan(CACHE_SECONDS * 1000 + 500);
    expect((await login('mrossi', MARIO)).status).toBe(401);
    expect((await user('mrossi')) as unknown).toMatchObject({
      must_change_password: false,
      last_login_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+0[12]:00$/),
    });
  });

  it('ends the sessions of a role change within the cache time, and the next login has the new role', async () => {
    const token = await tokenOf('mrossi', 'fresa blu martedi');
    expect((await call('PATCH', '/admin/users/mrossi', admin, { role: 'support', display_name: 'Mario Rossi (RSPP)' })).status).toBe(200);
    const { answer, ms } = await untilRefused(token);
    expect([answer.status, ms < CACHE_SECONDS * 1000 + 500]).toEqual([401, true]);
    const again = await tokenOf('mrossi', 'fresa blu martedi');
    expect((await call('GET', '/me', again)).body).toMatchObject({ role: 'support', display_name: 'Mario Rossi (RSPP)' });
  });

  it('switches a user off (their token and login get 401 Utente disattivato) and on again', async () => {
    const token = await tokenOf('mrossi', 'fresa blu martedi');
    expect((await call('PATCH', '/admin/users/MRossi', admin, { active: false })).status).toBe(200);
    const disabled = { code: 'ACCOUNT_DISABLED', message: "Utente disattivato: rivolgiti all'amministratore" };
    const { answer } = await untilRefused(token);
    expect(answer).toEqual({ status: 401, body: { error: disabled } });
    expect(await login('mrossi', 'fresa blu martedi')).toEqual({ status: 401, body: { error: disabled } });
    expect((await login('mrossi', 'una password sbagliata')).body.error.code).toBe('INVALID_CREDENTIALS');
    expect((await call('PATCH', '/admin/users/mrossi', admin, { active: true })).status).toBe(200);
    expect((await login('mrossi', 'fresa blu martedi')).status).toBe(200);
  });

  it('resets a password to a temporary one, shown once, to be changed at the next login', async () => {
    const reset = await call('POST', '/admin/users/mrossi/reset-password', admin);
    expect(reset.status).toBe(200);
    expect(reset.body.temporary_password).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){3}$/);
    expect((await login('mrossi', 'fresa blu martedi')).status).toBe(401);
    const next = await login('mrossi', reset.body.temporary_password);
    expect([next.status, next.body.must_change_password]).toEqual([200, true]);
    expect(await user('mrossi')).toMatchObject({ must_change_password: true });
  });

  it('answers 404 for an unknown user and 400 for an empty change', async () => {
    expect((await call('PATCH', '/admin/users/nessuno', admin, { active: false })).status).toBe(404);
    expect((await call('POST', '/admin/users/nessuno/reset-password', admin)).status).toBe(404);
    expect((await call('GET', '/admin/users/nessuno/history', admin)).status).toBe(404);
    expect((await call('PATCH', '/admin/users/mrossi', admin, {})).status).toBe(400);
    expect((await call('PATCH', '/admin/users/mrossi', admin, { password: 'x' })).status).toBe(400);
  });

  it('keeps the last active admin: neither deactivated nor demoted (409), until another admin exists', async () => {
    const last = { status: 409, body: { error: { code: 'LAST_ADMIN', message: "È l'ultimo amministratore attivo: prima nomina o riattiva un altro amministratore" } } };
    expect(await call('PATCH', '/admin/users/admin', admin, { active: false })).toEqual(last);
    expect((await call('POST', '/admin/users', admin, { username: 'capo', display_name: 'Capo turno', role: 'support', password: 'turno di notte A1' })).status).toBe(201);
    expect((await call('PATCH', '/admin/users/capo', admin, { role: 'admin' })).status).toBe(200);
    const capoToken = await tokenOf('capo', 'turno di notte A1');
    expect((await call('PATCH', '/admin/users/admin', admin, { active: false })).status).toBe(200);
    // Now capo is the last active admin, and cannot demote itself.
    const capo = await call('POST', '/me/password', capoToken, { current_password: 'turno di notte A1', new_password: 'turno di notte B2' });
    expect(capo.status).toBe(200);
    expect(await call('PATCH', '/admin/users/capo', capo.body.access_token, { role: 'support' })).toEqual(last);
    expect((await call('PATCH', '/admin/users/admin', capo.body.access_token, { active: true })).status).toBe(200);
    admin = await app.login('admin');
    // The reactivation reaches the session check within its cache time too.
    const started = Date.now();
    while ((await call('GET', '/me', admin)).status !== 200 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 100));
    expect(Date.now() - started).toBeLessThan(CACHE_SECONDS * 1000 + 500);
  });

  it("shows every change in the account's history with who and when, and no secret", async () => {
    const history = await call('GET', '/admin/users/mrossi/history', admin);
    expect(history.status).toBe(200);
    const rows = (history.body as Array<{ label: string; by: { username: string }; changes: Array<{ field: string; before: unknown; after: unknown }> }>).map((e) => [
      e.label,
      e.by.username,
      e.changes.map((c) => `${c.field}:${String(c.before)}>${String(c.after)}`).join(' '),
    ]);
    expect(rows).toEqual([
      ['Utente creato', 'admin', 'display_name:null>Mario Rossi role:null>Operatore active:null>Sì password:null>Temporanea'],
      ['Password cambiata', 'mrossi', 'password:Temporanea>Cambiata (rev. 1)'],
      ['Nome cambiato', 'admin', 'display_name:Mario Rossi>Mario Rossi (RSPP)'],
      ['Ruolo cambiato', 'admin', 'role:Operatore>Supporto operativo'],
      ['Utente disattivato', 'admin', 'active:Sì>No'],
      ['Utente riattivato', 'admin', 'active:No>Sì'],
      ['Password cambiata', 'admin', 'password:Cambiata (rev. 1)>Temporanea (rev. 6)'],
    ]);
    expect(JSON.stringify(history.body)).not.toMatch(/scrypt|passwordHash/);
  });

  it('exports every event of the store (npm run events -- export) with no password hash in any of them', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    await exportEvents(app.deps.store, sink, { format: 'ndjson' });
    const users = lines.map((l) => JSON.parse(l) as { type: string; data: Record<string, unknown> }).filter((e) => e.type.startsWith('User'));
    // The five demo accounts, mrossi and capo registered, and their changes.
    expect(users.filter((e) => e.type === 'UserRegistered')).toHaveLength(7);
    expect(lines.filter((l) => /scrypt|passwordHash|password_hash/i.test(l))).toEqual([]);
  });
});
