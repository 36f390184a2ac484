/**
 * Bodies on a real server: multipart is refused before it is read (no file left in the
 * temporary folder), JSON and form bodies above their limits are a 413 in the error shape,
 * and bodies nested deeper than their limits a 400 that says so, on any path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { describeWith } from '../../test/support/services.js';

interface ErrorBody {
  error: { code: string; message: string };
}

/** The refusals of too deep a body, written out (api/middlewares/jsonBody.ts, input.ts). */
const JSON_TOO_DEEP = { error: { code: 'BAD_REQUEST', message: 'Corpo della richiesta annidato troppo in profondità (al massimo 32 livelli)' } };
const FORM_TOO_DEEP = { error: { code: 'BAD_REQUEST', message: 'Modulo annidato troppo in profondità (al massimo 5 livelli)' } };
/** JSON_LIMIT: 1 MB, as koa-body counts it. */
const JSON_LIMIT = 1024 * 1024;
const nested = (levels: number, inner = '') => '['.repeat(levels) + inner + ']'.repeat(levels);

/** Files in the temporary folder bigger than `bytes` and changed since `since`: what an upload would leave. */
function bigTempFiles(since: number, bytes: number): string[] {
  const dir = os.tmpdir();
  return fs.readdirSync(dir).filter((name) => {
    try {
      const st = fs.statSync(path.join(dir, name));
      return st.isFile() && st.mtimeMs >= since && st.size >= bytes;
    } catch {
      return false;
    }
  });
}

describeWith(['postgres'])('request bodies', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ redis: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a 30 MB multipart upload to /loginjwt without a login, and keeps nothing on disk', async () => {
    const since = Date.now() - 1000;
    const form = new FormData();
    form.append('username', 'frontline');
    form.append('password', 'demo');
    form.append('file', new Blob([Buffer.alloc(30 * 1024 * 1024, 0x61)]), 'big.bin');
    const res = await fetch(`${app.url}/loginjwt`, { method: 'POST', body: form });
    const body = (await res.json()) as ErrorBody;
    expect([res.status, body.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(bigTempFiles(since, 1024 * 1024)).toEqual([]);
  });

  it('refuses a small multipart login too: the login is a urlencoded form', async () => {
    const form = new FormData();
    form.append('username', 'frontline');
    form.append('password', 'demo');
    const res = await fetch(`${app.url}/loginjwt`, { method: 'POST', body: form });
    expect(res.status).toBe(415);
  });

  it('answers 413 in the error shape for a JSON body over 1 MB', async () => {
    const token = await app.login('frontline');
    const res = await fetch(`${app.url}/factory/stop_events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ failure_mode: 'x'.repeat(1_100_000) }),
    });
    const body = (await res.json()) as ErrorBody;
    expect([res.status, body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('answers 413 for a form over 64 KB', async () => {
    const res = await fetch(`${app.url}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=frontline&password=${'x'.repeat(70_000)}`,
    });
    const body = (await res.json()) as ErrorBody;
    expect([res.status, body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it.each([
    ['gzip', 'x'],
    ['deflate', '{}'],
    ['br', '{}'],
  ])('answers 400 in the error shape for a body that is not the %s it claims to be, also without a login', async (encoding, body) => {
    const res = await fetch(`${app.url}/loginjwt`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body });
    const answer = (await res.json()) as ErrorBody;
    expect([res.status, answer.error.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('reads a body that is the gzip it claims to be, and counts the 1 MB limit on what it inflates to', async () => {
    const login = await fetch(`${app.url}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: new Uint8Array(gzipSync(JSON.stringify({ username: 'frontline', password: 'demo' }))),
    });
    expect(login.status).toBe(200);
    const bomb = await fetch(`${app.url}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: new Uint8Array(gzipSync(Buffer.alloc(10 * 1024 * 1024, ' '))),
    });
    expect([bomb.status, ((await bomb.json()) as ErrorBody).error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('does not parse text bodies', async () => {
    const res = await fetch(`${app.url}/loginjwt`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'username=frontline&password=demo' });
    expect(res.status).toBe(400);
  });

  const post = async (url: string, body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const healthy = async () => (await fetch(`${app.url}/health`)).status;

  it('refuses 400 KB of nested arrays on an unknown path, the login and a command with 400, and still serves', async () => {
    const deep = nested(200_000);
    const token = await app.login('frontline');
    expect(await post('/no/such/path', deep)).toEqual({ status: 400, body: JSON_TOO_DEEP });
    expect(await post('/loginjwt', deep)).toEqual({ status: 400, body: JSON_TOO_DEEP });
    expect(await post('/factory/stop_events', deep, { authorization: `Bearer ${token}` })).toEqual({ status: 400, body: JSON_TOO_DEEP });
    const several = await Promise.all(Array.from({ length: 6 }, () => post('/no/such/path', deep)));
    expect(several.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(await healthy()).toBe(200);
  });

  it('takes a body nested 32 levels and refuses one nested 33, brackets inside strings not counted', async () => {
    const token = await app.login('frontline');
    const stop = (failureMode: string) => post('/factory/stop_events', `{"failure_mode": ${failureMode}}`, { authorization: `Bearer ${token}` });
    // The body object is the first level: 31 arrays inside it make 32, read and refused by the route's validation.
    const at = await stop(nested(31, '"x"'));
    expect([at.status, (at.body as ErrorBody).error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await stop(nested(32, '"x"'))).toEqual({ status: 400, body: JSON_TOO_DEEP });
    const quoted = await stop(JSON.stringify('['.repeat(100)));
    expect([quoted.status, (quoted.body as ErrorBody).error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('counts the size before the depth: nested arrays one byte over 1 MB are a 413, at 1 MB a 400', async () => {
    const over = await post('/no/such/path', nested(JSON_LIMIT / 2) + ' ');
    expect([over.status, (over.body as ErrorBody).error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await post('/no/such/path', nested(JSON_LIMIT / 2))).toEqual({ status: 400, body: JSON_TOO_DEEP });
    expect(await healthy()).toBe(200);
  });

  it('refuses a JSON body with a __proto__ key, and one that is not an object or an array', async () => {
    const refused = { status: 400, body: { error: { code: 'BAD_REQUEST', message: 'Richiesta non valida' } } };
    expect(await post('/loginjwt', '{"username": "frontline", "password": "demo", "x": {"__proto__": {"admin": true}}}')).toEqual(refused);
    expect(await post('/loginjwt', '"frontline"')).toEqual(refused);
    expect((await post('/loginjwt', '{"username": "frontline", "password": "demo"}')).status).toBe(200);
  });

  it('takes a login form nested 5 levels and refuses one nested 6', async () => {
    const login = async (extra: string) => {
      const res = await fetch(`${app.url}/loginjwt`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `username=frontline&password=demo&${extra}`,
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect((await login('x[a][b][c][d][e]=1')).status).toBe(200);
    expect(await login('x[a][b][c][d][e][f]=1')).toEqual({ status: 400, body: FORM_TOO_DEEP });
    expect(await login('x.a.b.c.d.e.f=1')).toEqual({ status: 400, body: FORM_TOO_DEEP });
  });

  it('reads a query string flat: a key of a thousand brackets is one key, not a thousand levels', async () => {
    const token = await app.login('frontline');
    const res = await fetch(`${app.url}/factory/shop_floors?${'a'}${'[b]'.repeat(1000)}=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });
});
