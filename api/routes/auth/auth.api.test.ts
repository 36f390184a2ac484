import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';
import { DEMO_ROLES as ROLES } from '../../../domain/users/roles.js';

/** The demo accounts' display names: the role's Italian label (issue 21) and '(demo)'. */
const DEMO_NAMES: Record<string, string> = {
  frontline: 'Operatore (demo)',
  support: 'Supporto operativo (demo)',
  demoit: 'Demo IT (demo)',
  demoen: 'Demo EN (demo)',
  admin: 'Amministratore (demo)',
};

const form = (o: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(o),
});

describeWith(['postgres'])('POST /loginjwt and GET /me', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS: '4' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(ROLES)('logs in the demo user %s with form data and /me returns username and role', async (role) => {
    const res = await fetch(`${app.url}/loginjwt`, form({ username: role, password: 'demo' }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string; must_change_password: boolean };
    expect([body.token_type, body.must_change_password]).toEqual(['bearer', false]);
    const me = await fetch(`${app.url}/me`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ username: role, role, display_name: DEMO_NAMES[role], must_change_password: false, demo: true });
  });

  it('refuses multipart form data with 415: the login form is urlencoded and no route takes files (issue 11)', async () => {
    const fd = new FormData();
    fd.set('username', 'admin');
    fd.set('password', 'demo');
    const res = await fetch(`${app.url}/loginjwt`, { method: 'POST', body: fd });
    expect(res.status).toBe(415);
  });

  it('refuses a wrong password and an unknown user with 401 Credenziali non valide', async () => {
    for (const body of [
      { username: 'support', password: 'nope' },
      { username: 'ghost', password: 'demo' },
    ]) {
      const res = await fetch(`${app.url}/loginjwt`, form(body));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Credenziali non valide' } });
    }
  });

  it('answers 400 naming the fields when username or password is missing', async () => {
    const res = await fetch(`${app.url}/loginjwt`, form({ username: '' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(['password', 'username']);
  });

  it('limits failed attempts per username and address with 429', async () => {
    for (let i = 0; i < 4; i++) expect((await fetch(`${app.url}/loginjwt`, form({ username: 'demoit', password: 'x' }))).status).toBe(401);
    const blocked = await fetch(`${app.url}/loginjwt`, form({ username: 'demoit', password: 'demo' }));
    expect(blocked.status).toBe(429);
    // Another name from the same address is not blocked.
    expect((await fetch(`${app.url}/loginjwt`, form({ username: 'demoen', password: 'demo' }))).status).toBe(200);
  });

  it('rejects /me without a token, with a malformed one and with a token signed by another secret', async () => {
    expect((await fetch(`${app.url}/me`)).status).toBe(401);
    expect((await fetch(`${app.url}/me`, { headers: { authorization: 'Bearer abc.def.ghi' } })).status).toBe(401);
    const other = await startTestApp({ env: { JWT_SECRET: 'another-secret-long-enough-123' } });
    try {
      const foreign = await other.login('admin');
      const res = await fetch(`${app.url}/me`, { headers: { authorization: `Bearer ${foreign}` } });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    } finally {
      await other.close();
    }
  });

  it('sends security headers and a correlation id', async () => {
    const res = await fetch(`${app.url}/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});
