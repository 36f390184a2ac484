import { isDatabaseUnavailable } from './unavailable.js';

/** Which failures are "the database is away" (503) and which are bugs (500): written out from PostgreSQL's error codes and node-postgres/knex messages. */
describe('isDatabaseUnavailable', () => {
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['admin_shutdown (server stopping)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['cannot_connect_now (server starting)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['a connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    ["knex's pool timeout", named('KnexTimeoutError', 'Knex: Timeout acquiring a connection. The pool is probably full.')],
    ['a refusal wrapped as a cause', new Error('query failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })],
  ])('is true for %s', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
    ['a syntax error in a query', Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('is false for %s', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
