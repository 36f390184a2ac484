/**
 * Every error status the app sends carries the one error shape, `{ error: { code, message } }`,
 * with the code that belongs to the status: unknown paths and files, a wrong method, headers
 * too large for Node's parser, a refused role, a body that is not JSON.
 */
import { startTestApp, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';

interface ErrorBody {
  error: { code: string; message: string };
}

describeWith(['postgres'])('one error shape for every status', () => {
  let app: TestApp;
  let frontline: string;
  beforeAll(async () => {
    app = await startTestApp({ redis: false });
    frontline = await app.login('frontline');
  });
  afterAll(async () => {
    await app?.close();
  });

  async function shape(res: Response): Promise<[number, string, boolean]> {
    const text = await res.text();
    let body: ErrorBody | null;
    try {
      body = JSON.parse(text) as ErrorBody;
    } catch {
      return [res.status, `not JSON: ${text.slice(0, 40)}`, false];
    }
    return [res.status, body.error?.code, typeof body.error?.message === 'string' && body.error.message.length > 0];
  }

  it.each([
    ['an unknown API path', '/factory/nothing-here', {}, [404, 'NOT_FOUND', true]],
    ['an empty path segment', '/factory//shop_floors', {}, [404, 'NOT_FOUND', true]],
    ['a missing hashed file', '/assets/index-00000000.js', {}, [404, 'NOT_FOUND', true]],
    ['a missing file', '/favicon-missing.png', {}, [404, 'NOT_FOUND', true]],
  ] as const)('answers %s with a JSON 404', async (_label, path, headers, expected) => {
    expect(await shape(await fetch(`${app.url}${path}`, { headers }))).toEqual(expected);
  });

  it('answers a wrong method with a JSON 405 and Allow', async () => {
    const res = await fetch(`${app.url}/loginjwt`, { method: 'PUT' });
    expect(res.headers.get('allow')).toContain('POST');
    expect(await shape(res)).toEqual([405, 'METHOD_NOT_ALLOWED', true]);
  });

  it('answers headers too large with a JSON 431', async () => {
    const res = await fetch(`${app.url}/health?q=${'x'.repeat(40_000)}`);
    expect(await shape(res)).toEqual([431, 'HEADERS_TOO_LARGE', true]);
  });

  it('answers a refused role with 403 FORBIDDEN', async () => {
    const res = await fetch(`${app.url}/admin/projections`, { headers: { authorization: `Bearer ${frontline}` } });
    expect(await shape(res)).toEqual([403, 'FORBIDDEN', true]);
  });

  it('answers a body that is not JSON with 400 in the error shape', async () => {
    const res = await fetch(`${app.url}/factory/stop_events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${frontline}`, 'content-type': 'application/json' },
      body: '{"failure_mode":',
    });
    expect(await shape(res)).toEqual([400, 'BAD_REQUEST', true]);
  });

  it('answers a path that climbs out of the web folder with an error in the shape, never a file', async () => {
    const res = await fetch(`${app.url}/..%2f..%2f..%2fetc%2fpasswd`, { headers: { accept: 'text/html' } });
    const [status, code, hasMessage] = await shape(res);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(hasMessage).toBe(true);
    expect(code).toBe({ 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND' }[status as 400 | 403 | 404]);
  });
});
