/**
 * Hostile text on a real server: NUL bytes and lone surrogates in a query, a form, a JSON
 * body or the path are a 400 that names the field, never a 5xx, and nothing is appended.
 */
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { describeWith } from '../../test/support/services.js';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describeWith(['postgres'])('unstorable characters in any input', () => {
  let app: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp({ redis: false });
    auth = { authorization: `Bearer ${await app.login('frontline')}` };
  });
  afterAll(async () => {
    await app?.close();
  });

  async function expect400(res: Response, field: string): Promise<void> {
    const body = (await res.json()) as ErrorBody;
    expect([res.status, body.error.code, Object.keys(body.error.fields ?? {})]).toEqual([400, 'VALIDATION_FAILED', [field]]);
  }

  it('refuses a NUL in the login form without a login', async () => {
    const res = await fetch(`${app.url}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=a%00b&password=x',
    });
    await expect400(res, 'username');
  });

  it('refuses a NUL in a query parameter', async () => {
    await expect400(await fetch(`${app.url}/factory/shop_floors?name=%00`, { headers: auth }), 'name');
    await expect400(await fetch(`${app.url}/factory/shop_floors?ids=1&ids=a%00`, { headers: auth }), 'ids.1');
  });

  it('refuses a NUL in a path segment', async () => {
    await expect400(await fetch(`${app.url}/factory/stop_events/delete_unplanned/1%00`, { method: 'DELETE', headers: auth }), 'path');
  });

  it.each([
    ['a NUL', 'guasto\u0000nastro'],
    ['a lone surrogate', 'guasto \ud800 nastro'],
  ])('refuses %s in a stop text and appends nothing', async (_label, text) => {
    const before = await app.deps.store.head();
    const res = await fetch(`${app.url}/factory/stop_events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ workpoint_id: 1, stop_code_id: 1, triggering_event_id: 1, failure_mode: text, corrective_action: 'ok' }),
    });
    await expect400(res, 'failure_mode');
    expect(await app.deps.store.head()).toEqual(before);
  });

  it('names a nested field of a JSON body', async () => {
    const res = await fetch(`${app.url}/factory/stop_events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: [{ text: 'a' }, { text: 'b\u0000' }] }),
    });
    await expect400(res, 'notes.1.text');
  });

  it('leaves ordinary accented text and emoji alone', async () => {
    const res = await fetch(`${app.url}/factory/shop_floors?name=${encodeURIComponent('perché 🚧')}`, { headers: auth });
    expect(res.status).toBe(200);
  });
});
