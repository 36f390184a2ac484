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

  describe('per address, across usernames (issue 19: random usernames from one address)', () => {
    const ADDRESS_MAX = 5;
    let app: TestApp;
    let hashed = 0;
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const randomName = () => `nessuno-${Math.random().toString(36).slice(2, 10)}`;
    beforeAll(async () => {
      app = await startTestApp({ redis: false, env: { LOGIN_ADDRESS_MAX_ATTEMPTS: String(ADDRESS_MAX), TRUST_PROXY: '1' } });
      // Counts the password checks the route sends through the real gate.
      const run = app.deps.hashing.run.bind(app.deps.hashing);
      app.deps.hashing.run = (task) => {
        hashed++;
        return run(task);
      };
    });
    afterAll(async () => {
      await app?.close();
    });

    it('answers 429 past 5 failed logins from one address with a new username each time, checking no password for them', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await login(app.url, randomName(), 'wrong', from('7.7.7.1'))).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      expect(hashed).toBe(5);
      const refused = await login(app.url, 'support', 'demo', from('7.7.7.1'));
      expect([refused.status, await refused.json()]).toEqual([429, { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Troppi tentativi di accesso: riprova tra qualche minuto' } }]);
      expect(hashed).toBe(5);
    });

    it('leaves another address alone', async () => {
      expect((await login(app.url, 'support', 'demo', from('7.7.7.2'))).status).toBe(200);
      expect((await login(app.url, randomName(), 'wrong', from('7.7.7.2'))).status).toBe(401);
    });

    it('does not let a success wash away the address’s failures: it only takes back its own attempt', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await login(app.url, randomName(), 'wrong', from('7.7.7.3'))).status);
      statuses.push((await login(app.url, 'admin', 'demo', from('7.7.7.3'))).status);
      for (let i = 0; i < 3; i++) statuses.push((await login(app.url, randomName(), 'wrong', from('7.7.7.3'))).status);
      expect(statuses).toEqual([401, 401, 401, 200, 401, 401, 429]);
    });

    it('never counts successful logins against the address (a plant’s tablets behind one address)', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await login(app.url, 'frontline', 'demo', from('7.7.7.4'))).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    });
  });

  describe('while every password check allowed is running', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ redis: false, env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0', LOGIN_MAX_ATTEMPTS: '2' } });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('refuses a login at once with 503 and Retry-After, without using up the account’s attempts', async () => {
      let release = () => {};
      const held = app.deps.hashing.run(() => new Promise<void>((resolve) => (release = resolve)));
      for (let i = 0; i < 3; i++) {
        const busy = await login(app.url, 'support', 'demo');
        expect([busy.status, busy.headers.get('retry-after'), await busy.json()]).toEqual([
          503,
          '1',
          { error: { code: 'LOGIN_BUSY', message: 'Troppi accessi in corso: riprova tra qualche secondo' } },
        ]);
      }
      release();
      await held;
      expect((await login(app.url, 'support', 'demo')).status).toBe(200);
    });
  });
});
