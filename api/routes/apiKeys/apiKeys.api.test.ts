/**
 * Service accounts' API keys (issue 36, docs/accounts.md "API keys") on a real server: made by
 * the admin and shown once, used as `Authorization: Bearer <key>` with the key's role, never
 * reaching account or key administration, revoked within the user cache's time, and neither the
 * key nor its hash in the event store or the logs.
 */
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { hashApiKey } from '../../../infra/auth/apiKeys.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

type Answer = { status: number; body: any };
const LOCAL_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+0[12]:00$/;

describeWith(['postgres'])('API keys: /admin/api-keys', () => {
  let app: TestApp;
  let admin: string;
  const logLines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    // Every line the server logs, down to debug, is kept to look for keys in.
    app = await startTestApp({ redis: false, log: pino({ level: 'debug' }, sink) });
    admin = await app.login('admin');
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
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
  }
  const newKey = async (name: string, role: string) => {
    const created = await call('POST', '/admin/api-keys', admin, { name, role });
    expect([name, created.status]).toEqual([name, 201]);
    return created.body as { id: string; name: string; role: string; key: string };
  };
  const keys: string[] = [];

  it('makes a key shown once (201), and lists name, role, created and last use, never the key', async () => {
    const created = await call('POST', '/admin/api-keys', admin, { name: 'ERP SAP', role: 'support' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'ERP SAP', role: 'support', key: expect.stringMatching(/^linea_[A-Za-z0-9_-]{43}$/) });
    keys.push(created.body.key);
    const list = await call('GET', '/admin/api-keys', admin);
    expect(list).toEqual({
      status: 200,
      body: [{ id: created.body.id, name: 'ERP SAP', role: 'support', created_at: expect.stringMatching(LOCAL_TIME), created_by: 'admin', last_used_at: null }],
    });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
  });

  it('lets the key call as its role, and records its last use', async () => {
    const key = keys[0]!;
    expect((await call('GET', '/factory/shop_floors', key)).status).toBe(200);
    // support may not generate shifts: the key's role, not more.
    expect((await call('POST', '/admin/generate-shifts', key, {})).status).toBe(403);
    const [listed] = (await call('GET', '/admin/api-keys', admin)).body as Array<{ last_used_at: string | null }>;
    expect(listed!.last_used_at).toMatch(LOCAL_TIME);
  });

  it('refuses an unknown key, or a session token with the prefix, with 401', async () => {
    expect((await call('GET', '/factory/shop_floors', 'linea_nonesiste')).status).toBe(401);
    expect((await call('GET', '/factory/shop_floors', `linea_${admin}`)).status).toBe(401);
  });

  it('keeps even an admin key away from user and key administration, password changes and the queue board', async () => {
    const { key } = await newKey('Gateway linea 1', 'admin');
    const closed = { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Una chiave API non può fare questa operazione' } } };
    expect(await call('GET', '/admin/users', key)).toEqual(closed);
    expect(await call('POST', '/admin/users', key, { username: 'intruso', display_name: 'X', role: 'admin', password: 'rulliera ferma sabato' })).toEqual(closed);
    expect(await call('PATCH', '/admin/users/admin', key, { active: false })).toEqual(closed);
    expect(await call('POST', '/admin/users/admin/reset-password', key)).toEqual(closed);
    expect(await call('GET', '/admin/api-keys', key)).toEqual(closed);
    expect(await call('POST', '/admin/api-keys', key, { name: 'altra', role: 'admin' })).toEqual(closed);
    expect(await call('DELETE', '/admin/api-keys/00000000-0000-4000-8000-000000000000', key)).toEqual(closed);
    expect(await call('POST', '/me/password', key, { current_password: 'x', new_password: 'rulliera ferma sabato' })).toEqual(closed);
    expect((await fetch(`${app.url}/admin/queues/api/queues`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    // What the admin role may do otherwise stays open to it.
    expect((await call('GET', '/admin/projections', key)).status).toBe(200);
    const users = (await call('GET', '/admin/users', admin)).body as Array<{ username: string }>;
    expect(users.map((u) => u.username)).not.toContain('intruso');
  });

  it.each([
    ['an empty name', { name: ' ', role: 'support' }, 'name'],
    ['a name starting with a dot', { name: '.erp', role: 'support' }, 'name'],
    ['a name too long', { name: 'x'.repeat(61), role: 'support' }, 'name'],
    ['an unknown role', { name: 'MES', role: 'root' }, 'role'],
  ])('refuses %s with 400 naming the field, and makes no key', async (_what, body, field) => {
    const before = ((await call('GET', '/admin/api-keys', admin)).body as unknown[]).length;
    const answer = await call('POST', '/admin/api-keys', admin, body);
    expect([answer.status, Object.keys(answer.body.error.fields ?? {})]).toEqual([400, [field]]);
    expect(((await call('GET', '/admin/api-keys', admin)).body as unknown[]).length).toBe(before);
  });

  it('refuses a second key of a name in force (any case) with 409', async () => {
    const answer = await call('POST', '/admin/api-keys', admin, { name: 'erp sap', role: 'frontline' });
    expect([answer.status, answer.body.error.code]).toEqual([409, 'API_KEY_EXISTS']);
  });

  it('revokes a key: 404 for an unknown one, and the key is refused once the cache time (5 s) has passed', async () => {
    const { id, key } = await newKey('MES revocato', 'frontline');
    expect((await call('GET', '/factory/shop_floors', key)).status).toBe(200);
    expect((await call('DELETE', '/admin/api-keys/00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
    expect(await call('DELETE', `/admin/api-keys/${id}`, admin)).toEqual({ status: 200, body: { id } });
    expect((await call('DELETE', `/admin/api-keys/${id}`, admin)).status).toBe(404);
    expect(((await call('GET', '/admin/api-keys', admin)).body as Array<{ name: string }>).map((k) => k.name)).not.toContain('MES revocato');
    // The bound, on the check's own clock: still answered from the cache just before 5 s, refused at 5 s.
    const seenAt = Date.now();
    const keys5s = app.deps.apiKeys;
    const second = await newKey('MES orologio', 'frontline');
    expect(await keys5s.principal(second.key, seenAt)).toMatchObject({ name: 'MES orologio' });
    await call('DELETE', `/admin/api-keys/${second.id}`, admin);
    expect(await keys5s.principal(second.key, seenAt + 4_999)).toMatchObject({ name: 'MES orologio' });
    expect(await keys5s.principal(second.key, seenAt + 5_000)).toBeNull();
    // And over HTTP: the revoked key ends (the suite fails if it never does).
    for (;;) {
      const status = (await call('GET', '/factory/shop_floors', key)).status;
      if (status === 401) break;
      expect(status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  it('keeps neither a key nor its hash in the event store or the logs', async () => {
    const made = await newKey('Controllo segreti', 'support');
    expect((await call('GET', '/factory/shop_floors', made.key)).status).toBe(200);
    expect((await call('GET', '/factory/shop_floors', `${made.key}x`)).status).toBe(401);
    const secrets = [made.key, hashApiKey(made.key), ...keys, ...keys.map(hashApiKey)];
    const client = new pg.Client(app.db.url);
    await client.connect();
    try {
      const { rows } = await client.query<{ row: string }>('select row_to_json(e)::text as row from es_events e');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => secrets.some((s) => r.row.includes(s)))).toEqual([]);
      const stored = await client.query<{ key_hash: string }>('select key_hash from api_keys where name = $1', ['Controllo segreti']);
      expect(stored.rows).toEqual([{ key_hash: hashApiKey(made.key) }]);
    } finally {
      await client.end();
    }
    expect(logLines.some((l) => l.includes('API key created'))).toBe(true);
    expect(logLines.filter((l) => secrets.some((s) => l.includes(s)))).toEqual([]);
  });
});
