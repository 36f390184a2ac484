import { tokenRole } from './login.js';

/** base64url of a JSON object, as a JWT's parts are written. */
const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('tokenRole', () => {
  it('reads the role a token was signed for, and nothing from what is not a token', () => {
    expect(tokenRole(`${part({ alg: 'HS256' })}.${part({ sub: 'u1', role: 'display', username: 'tv-linea1' })}.sig`)).toBe('display');
    expect(tokenRole(`${part({ alg: 'HS256' })}.${part({ sub: 'u1', username: 'àèì' })}.sig`)).toBeNull();
    expect(tokenRole('not a token')).toBeNull();
  });
});
