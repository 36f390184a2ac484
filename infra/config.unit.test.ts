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
