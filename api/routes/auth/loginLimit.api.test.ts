/**
 * The login limit against the attacks of issue 11: a rotating X-Forwarded-For without a
 * proxy in front, and guesses spread over two instances of the app on one database.
 */
import { startSecondInstance, startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

const login = (url: string, username: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/loginjwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ username, password }),
  });

describeWith(['postgres'])('the login limit', () => {
  describe('without TRUST_PROXY, on two instances of one database', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp({ redis: false, env: { LOGIN_MAX_ATTEMPTS: '4' } });
      b = await startSecondInstance(a, { redis: false, env: { LOGIN_MAX_ATTEMPTS: '4' } });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('ignores a rotating X-Forwarded-For: the fifth wrong password is a 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await login(a.url, 'support', 'wrong', { 'x-forwarded-for': `10.0.0.${i}` })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
      // While blocked, the right password with another forwarded address does not get in.
      expect((await login(a.url, 'support', 'demo', { 'x-forwarded-for': '1.2.3.4' })).status).toBe(429);
    });

    it('shares one allowance between the instances', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 === 0 ? a.url : b.url, 'demoit', 'wrong')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      expect((await login(b.url, 'demoit', 'demo')).status).toBe(429);
      expect((await login(a.url, 'demoit', 'demo')).status).toBe(429);
    });

    it('clears the count on a successful login', async () => {
      for (let i = 0; i < 3; i++) expect((await login(a.url, 'demoen', 'wrong')).status).toBe(401);
      expect((await login(b.url, 'demoen', 'demo')).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(a.url, 'demoen', 'wrong')).status).toBe(401);
    });
  });

  describe('with TRUST_PROXY=1', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ redis: false, env: { LOGIN_MAX_ATTEMPTS: '2', TRUST_PROXY: '1' } });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('keys the limit on the address the proxy forwarded', async () => {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      expect((await login(app.url, 'admin', 'wrong', from('5.5.5.5'))).status).toBe(401);
      expect((await login(app.url, 'admin', 'wrong', from('5.5.5.5'))).status).toBe(401);
      expect((await login(app.url, 'admin', 'demo', from('5.5.5.5'))).status).toBe(429);
      // A spoofed left-hand entry is not believed: the proxy appended the real client last.
      expect((await login(app.url, 'admin', 'demo', from('9.9.9.9, 5.5.5.5'))).status).toBe(429);
      expect((await login(app.url, 'admin', 'demo', from('6.6.6.6'))).status).toBe(200);
    });
  });
});
