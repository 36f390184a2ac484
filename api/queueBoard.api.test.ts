import { startTestApp, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';

/**
 * bull-board behind our login: the admin gets a short-lived cookie from POST /admin/queues-session
 * and opens the board with it, as a browser tab does; anonymous gets 401, other roles 403, and
 * a session token of another role cannot get the cookie either.
 */
describeWith(['postgres', 'redis'])('queue board (bull-board)', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  const session = (token?: string) => fetch(`${app.url}/admin/queues-session`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const board = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}/admin/queues${path}`, { headers, redirect: 'manual' });
  const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;

  beforeAll(async () => {
    app = await startTestApp();
    for (const role of ['admin', 'support', 'frontline']) tokens[role] = await app.login(role);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives the admin a short-lived HttpOnly cookie for the board only, and the board with it', async () => {
    const res = await session(tokens.admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: '/admin/queues/', expires_in: 600 });
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(/^linea_queues=[^;]+; path=\/admin\/queues; expires=[^;]+; samesite=strict; httponly$/i);

    const page = await board('/', { cookie: cookieOf(res) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<base href="/admin/queues/" />');
    expect(html).toContain('<title>Linea – code</title>');
    expect((await board('/static/favicon-32x32.png', { cookie: cookieOf(res) })).status).toBe(200);
    expect((await board('/static/favicon-32x32.png')).status).toBe(401);
    const queues = await board('/api/queues', { cookie: cookieOf(res) });
    expect(queues.status).toBe(200);
    expect(((await queues.json()) as { queues: Array<{ name: string }> }).queues.map((q) => q.name)).toEqual(['projections']);
  });

  it('answers anonymous with 401 and every other role with 403', async () => {
    expect((await board('/')).status).toBe(401);
    expect((await board('/api/queues')).status).toBe(401);
    expect((await board('/', { cookie: 'linea_queues=forged.token.value' })).status).toBe(401);
    // A session token is not a board cookie.
    expect((await board('/', { cookie: `linea_queues=${tokens.admin}` })).status).toBe(401);
    for (const role of ['support', 'frontline']) {
      expect((await session(tokens[role])).status).toBe(403);
      expect((await board('/', { authorization: `Bearer ${tokens[role]}` })).status).toBe(403);
    }
    expect((await session()).status).toBe(401);
  });
});
