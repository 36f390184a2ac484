import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, parseConfig } from './config.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

describe('JWT_SECRET', () => {
  it.each(['change-me-this-placeholder-is-public', 'changeme-changeme-123', 'please-change-me-now', 'your-jwt-secret-here', 'supersecret123456'])(
    'refuses the published placeholder %s, naming the variable',
    (secret) => {
      expect(() => parseConfig({ JWT_SECRET: secret })).toThrow(ConfigError);
      expect(() => parseConfig({ JWT_SECRET: secret })).toThrow(/JWT_SECRET/);
    },
  );

  it('accepts a random secret and an unset one (generated into DATA_DIR)', () => {
    expect(parseConfig({ JWT_SECRET: 'f3a9c1e07b2d4e58a6c9d0b1e2f3a4b5' }).JWT_SECRET).toBe('f3a9c1e07b2d4e58a6c9d0b1e2f3a4b5');
    expect(parseConfig({}).JWT_SECRET).toBeUndefined();
  });

  it('has no default in docker-compose.yml: compose refuses to start without one', () => {
    const compose = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const line = compose.split('\n').find((l) => /^\s*JWT_SECRET:/.test(l));
    expect(line).toMatch(/\$\{JWT_SECRET:\?[^}]+\}/);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, 0],
    ['false', 0],
    ['0', 0],
    ['true', 1],
    ['2', 2],
  ])('reads %s as %s proxies', (value, hops) => {
    expect(parseConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it('refuses a value that is not a number of proxies', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});

describe('a production start (issue 21)', () => {
  const production = { NODE_ENV: 'production' };

  it('creates the demo in development and tests, and nothing demo in production unless SEED_DEMO=true', () => {
    expect([parseConfig({}).SEED_DEMO, parseConfig({ NODE_ENV: 'test' }).SEED_DEMO, parseConfig(production).SEED_DEMO]).toEqual([true, true, false]);
    expect(parseConfig({ ...production, SEED_DEMO: 'true', DEMO_PASSWORD: 'una password nostra' }).SEED_DEMO).toBe(true);
    expect(parseConfig({ ...production, SEED_DEMO: '', DEMO_PASSWORD: '' }).SEED_DEMO).toBe(false);
  });

  it('refuses DEMO_PASSWORD=demo in production, set or by default with SEED_DEMO=true', () => {
    for (const env of [
      { ...production, DEMO_PASSWORD: 'demo' },
      { ...production, SEED_DEMO: 'true' },
    ]) {
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(/DEMO_PASSWORD: "demo" is known to everyone and is refused with NODE_ENV=production/);
    }
  });

  it('takes the first admin from ADMIN_USERNAME and ADMIN_PASSWORD, both or neither, refusing a weak password', () => {
    expect(parseConfig({ ...production, ADMIN_USERNAME: 'capo', ADMIN_PASSWORD: 'turno di notte A1' })).toMatchObject({
      ADMIN_USERNAME: 'capo',
      ADMIN_PASSWORD: 'turno di notte A1',
    });
    expect(() => parseConfig({ ...production, ADMIN_USERNAME: 'capo' })).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD: set both \(the first admin\) or neither/);
    expect(() => parseConfig({ ...production, ADMIN_USERNAME: 'capo', ADMIN_PASSWORD: 'admin' })).toThrow(/ADMIN_PASSWORD: refused \(Almeno 12 caratteri\)/);
    expect(() => parseConfig({ ...production, ADMIN_USERNAME: 'capo', ADMIN_PASSWORD: 'password1234' })).toThrow(/ADMIN_PASSWORD: refused \(Password troppo comune/);
    expect(() => parseConfig({ ...production, ADMIN_USERNAME: 'capo', ADMIN_PASSWORD: 'capo-reparto-2026' })).toThrow(
      /ADMIN_PASSWORD: refused \(Non può contenere il nome utente\)/,
    );
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset by default and when empty (compose passes ${METRICS_TOKEN:-} through)', () => {
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });

  it('takes a long random token', () => {
    expect(parseConfig({ METRICS_TOKEN: '9b1c2d3e4f5a6b7c8d9e' }).METRICS_TOKEN).toBe('9b1c2d3e4f5a6b7c8d9e');
  });

  it.each(['short', 'change-me-metrics-token'])('refuses %s, naming the variable', (token) => {
    expect(() => parseConfig({ METRICS_TOKEN: token })).toThrow(/METRICS_TOKEN/);
  });
});

describe('OIDC sign-in', () => {
  const oidc = {
    OIDC_ISSUER: 'https://login.plant.example/realms/linea',
    OIDC_CLIENT_ID: 'linea',
    OIDC_CLIENT_SECRET: 's3cret-of-the-client',
    OIDC_ROLE_MAP: 'linea-admins=admin,linea-operatori=frontline',
  };

  it('is off with nothing set, on with the three and a role map', () => {
    expect(parseConfig({}).oidc).toBeNull();
    const on = parseConfig({ ...oidc, OIDC_PROVIDER_NAME: 'Keycloak' }).oidc;
    expect(on).toMatchObject({ issuer: oidc.OIDC_ISSUER, clientId: 'linea', providerName: 'Keycloak', groupsClaim: 'groups', usernameClaim: 'preferred_username' });
    expect(on?.roleMap).toEqual([
      ['linea-admins', 'admin'],
      ['linea-operatori', 'frontline'],
    ]);
  });

  it.each([
    [{ OIDC_CLIENT_SECRET: undefined }, /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three/],
    [{ OIDC_ROLE_MAP: undefined }, /OIDC_ROLE_MAP: needed/],
    [{ OIDC_ROLE_MAP: 'linea-admins=capo' }, /OIDC_ROLE_MAP: group "linea-admins": "capo" is not a role/],
    [{ OIDC_ISSUER: 'http://login.plant.example' }, /OIDC_ISSUER: must be https/],
  ])('refuses %j, naming the variable', (change, message) => {
    expect(() => parseConfig({ ...oidc, ...change })).toThrow(message);
  });

  it('takes plain http on loopback only', () => {
    expect(parseConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4010' }).oidc?.issuer).toBe('http://127.0.0.1:4010');
  });
});

describe('LDAP bind', () => {
  const ldap = {
    LDAP_URL: 'ldaps://dc1.plant.local:636',
    LDAP_BIND_DN: 'cn=linea,ou=service,dc=plant,dc=local',
    LDAP_BIND_PASSWORD: 'service-password',
    LDAP_USER_BASE: 'ou=people,dc=plant,dc=local',
    LDAP_ROLE_MAP: '{"cn=Linea Admin,ou=groups,dc=plant,dc=local":"admin"}',
  };

  it('is off with nothing set; with a service account it searches under the base', () => {
    expect(parseConfig({}).ldap).toBeNull();
    expect(parseConfig(ldap).ldap).toMatchObject({ url: ldap.LDAP_URL, bind: { dn: ldap.LDAP_BIND_DN }, userDn: null, userFilter: '(uid={username})', groupAttribute: 'memberOf' });
    expect(parseConfig({ LDAP_URL: 'ldap://dc1:389', LDAP_USER_DN: '{username}@plant.local', LDAP_ROLE_MAP: 'Linea Admin=admin' }).ldap).toMatchObject({
      bind: null,
      userDn: '{username}@plant.local',
    });
  });

  it.each([
    [{ LDAP_URL: 'http://dc1' }, /LDAP_URL must be ldaps/],
    [{ LDAP_BIND_PASSWORD: undefined }, /LDAP_BIND_DN and LDAP_BIND_PASSWORD: set both/],
    [{ LDAP_BIND_DN: undefined, LDAP_BIND_PASSWORD: undefined }, /LDAP_URL: set LDAP_BIND_DN and LDAP_BIND_PASSWORD .* or LDAP_USER_DN/],
    [{ LDAP_USER_BASE: undefined }, /LDAP_USER_BASE: needed/],
    [{ LDAP_USER_FILTER: '(sAMAccountName=x)' }, /LDAP_USER_FILTER must contain \{username\}/],
    [{ LDAP_ROLE_MAP: 'nessuno' }, /LDAP_ROLE_MAP: "nessuno" is not group=role/],
    [{ LDAP_URL: undefined }, /set LDAP_URL too/],
  ])('refuses %j, naming the variable', (change, message) => {
    expect(() => parseConfig({ ...ldap, ...change })).toThrow(message);
  });
});
