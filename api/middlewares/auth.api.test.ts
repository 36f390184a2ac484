/**
 * What a bearer token is worth on a real server: it must expire, it carries the user but
 * not their rights (the current role and existence are looked up), and what it reads is
 * never cached by the browser.
 */
import type { Context } from 'koa';
import { SignJWT } from 'jose';
import { runWithReadYourWrites } from '../commandBus.js';
import { createAccount } from '../../commands/users/accounts.js';
import { handleChangeRole } from '../../commands/users/handlers.js';
import { hashPassword } from '../../infra/auth/passwords.js';
import { findUser } from '../../projections/users/users.queries.js';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { describeWith } from '../../test/support/services.js';

const SECRET = new TextEncoder().encode('test-secret-that-is-long-enough');
const adminCtx = { state: { user: { userId: 'id-admin', username: 'admin', role: 'admin' }, correlationId: 'corr-12345678' } } as unknown as Context;

describeWith(['postgres'])('bearer tokens', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ redis: false, env: { AUTH_USER_CACHE_SECONDS: '0' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const me = (token: string) => fetch(`${app.url}/me`, { headers: { authorization: `Bearer ${token}` } });

  async function forge(claims: { sub: string; username: string; role: string }, exp: boolean): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ username: claims.username, role: claims.role, sv: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(claims.sub).setIssuedAt(now);
    if (exp) jwt.setExpirationTime(now + 3600);
    return jwt.sign(SECRET);
  }

  it('refuses a correctly signed token without exp, and accepts the same with it', async () => {
    const admin = (await findUser(app.deps.knex, 'admin'))!;
    const claims = { sub: admin.userId, username: 'admin', role: 'admin' };
    expect((await me(await forge(claims, false))).status).toBe(401);
    expect((await me(await forge(claims, true))).status).toBe(200);
  });

  it('refuses a token of a user who does not exist (any more)', async () => {
    const token = await forge({ sub: 'no-such-user', username: 'admin', role: 'admin' }, true);
    const res = await fetch(`${app.url}/factory/shop_floors`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });

  it('ends the sessions of a token issued before a role change; the next login has the new role', async () => {
    const accounts = { ...app.deps, hash: hashPassword };
    const password = 'una frase lunga abbastanza';
    await runWithReadYourWrites(app.deps, adminCtx, (c) =>
      createAccount(accounts, { username: 'gbianchi', displayName: 'Giulia Bianchi', role: 'frontline', password, mustChangePassword: false }, c),
    );
    const token = await app.login('gbianchi', password);
    const projections = (t: string) => fetch(`${app.url}/admin/projections`, { headers: { authorization: `Bearer ${t}` } });
    expect((await projections(token)).status).toBe(403);
    await runWithReadYourWrites(app.deps, adminCtx, (c) => handleChangeRole(app.deps, { username: 'gbianchi', role: 'admin' }, c));
    const ended = await projections(token);
    expect([ended.status, ((await ended.json()) as { error: { code: string } }).error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await projections(await app.login('gbianchi', password))).status).toBe(200);
  });

  it('marks authenticated JSON and the login answer no-store', async () => {
    const login = await fetch(`${app.url}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'support', password: 'demo' }),
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const { access_token } = (await login.json()) as { access_token: string };
    for (const p of ['/me', '/factory/shop_floors', '/factory/root_cause/999999']) {
      const res = await fetch(`${app.url}${p}`, { headers: { authorization: `Bearer ${access_token}` } });
      expect([p, res.headers.get('cache-control')]).toEqual([p, 'no-store']);
    }
  });
});
