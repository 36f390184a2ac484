import { startTestApp, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';
import { ROLES } from '../domain/users/roles.js';
import { allRoutes } from './routes/index.js';
import { can } from './permissions.js';

/** Walks every API route for every role: a role without the action gets 403, one with it never does. */
describeWith(['postgres'])('permissions over every route', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    app = await startTestApp();
    for (const role of ROLES) tokens[role] = await app.login(role);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('covers every route', () => {
    expect(allRoutes(app.deps).length).toBeGreaterThan(0);
  });

  it('answers 401 without a token on every non-public route', async () => {
    for (const route of allRoutes(app.deps).filter((r) => r.action !== 'public')) {
      const res = await fetch(`${app.url}${route.path.replace(/:(\w+)/g, '1')}`, { method: route.method.toUpperCase() });
      expect([route.path, res.status]).toEqual([route.path, 401]);
    }
  });

  it.each(ROLES)('enforces the map for %s', async (role) => {
    for (const route of allRoutes(app.deps).filter((r) => r.action !== 'public')) {
      const res = await fetch(`${app.url}${route.path.replace(/:(\w+)/g, '1')}`, {
        method: route.method.toUpperCase(),
        headers: { authorization: `Bearer ${tokens[role]}`, 'content-type': 'application/json' },
        body: route.method === 'get' ? undefined : '{}',
      });
      const allowed = can(role, route.action as Parameters<typeof can>[1]);
      if (allowed) expect([route.method, route.path, res.status]).not.toEqual([route.method, route.path, 403]);
      else expect([route.method, route.path, res.status]).toEqual([route.method, route.path, 403]);
      expect(res.status).not.toBe(401);
    }
  });
});
