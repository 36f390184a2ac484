/**
 * Bodies on a real server: multipart is refused before it is read (no file left in the
 * temporary folder), and JSON and form bodies above their limits are a 413 in the error shape.
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
});
