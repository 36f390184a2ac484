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
