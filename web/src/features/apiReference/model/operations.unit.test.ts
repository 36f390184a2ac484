import { filterOperations, groupOperations, typeOf, type ApiDescription } from './operations.js';

/** A small description in the server's form (api/openapi/document.ts), written out by hand. */
const DOC: ApiDescription = {
  openapi: '3.1.0',
  info: { title: 'Linea API', version: '1' },
  paths: {
    '/loginjwt': {
      post: {
        tags: ['auth'],
        'x-action': 'public',
        parameters: [],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { username: { type: 'string' }, password: { type: 'string' } }, required: ['username', 'password'] },
            },
          },
        },
        responses: { '200': {}, '400': {} },
      },
    },
    '/factory/dbr_actions/{id}': {
      delete: {
        tags: ['dbr_actions'],
        'x-action': 'dbr_actions:write',
        'x-roles': ['support', 'admin'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { anyOf: [{ type: 'number' }, { type: 'string', pattern: '^\\d+$' }] } }],
        responses: { '200': {}, '404': {} },
      },
    },
    '/factory/dbr_actions': {
      post: {
        tags: ['dbr_actions'],
        'x-action': 'dbr_actions:write',
        'x-roles': ['admin'],
        requestBody: { content: { 'application/json': { schema: { anyOf: [{ type: 'array', items: { type: 'number' } }, { type: 'object' }] } } } },
        responses: { '201': {} },
      },
    },
  },
};

describe('the API reference model', () => {
  it('groups operations by their first tag, in the order of the description', () => {
    const groups = groupOperations(DOC);
    expect(groups.map((g) => [g.tag, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['auth', ['POST /loginjwt']],
      ['dbr_actions', ['DELETE /factory/dbr_actions/{id}', 'POST /factory/dbr_actions']],
    ]);
  });

  it('gives each operation its action, roles, fields, body type and success status', () => {
    const [auth, dbr] = groupOperations(DOC);
    expect(auth!.operations[0]).toEqual({
      method: 'POST',
      path: '/loginjwt',
      action: 'public',
      roles: [],
      bodyType: 'application/x-www-form-urlencoded',
      bodyShape: null,
      success: '200',
      fields: [
        { name: 'username', where: 'body', required: true, type: 'string' },
        { name: 'password', where: 'body', required: true, type: 'string' },
      ],
    });
    expect(dbr!.operations[0]!.fields).toEqual([{ name: 'id', where: 'path', required: true, type: 'number | string' }]);
    expect(dbr!.operations[0]!.roles).toEqual(['support', 'admin']);
    expect(dbr!.operations[1]!).toMatchObject({ success: '201', bodyType: 'application/json', bodyShape: 'number[] | object (chiave: valore)', fields: [] });
  });

  it('writes schemas in a few words', () => {
    expect(typeOf({})).toBe('any');
    expect(typeOf({ description: 'x' })).toBe('any');
    expect(typeOf({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(typeOf({ type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'string' }] } })).toBe('(number | string)[]');
    expect(typeOf({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeOf({ enum: ['failure_mode', 'corrective_action'] })).toBe('"failure_mode" | "corrective_action"');
  });

  it('filters by path, method or action and drops empty groups', () => {
    expect(filterOperations(groupOperations(DOC), 'DELETE').map((g) => [g.tag, g.operations.length])).toEqual([['dbr_actions', 1]]);
    expect(filterOperations(groupOperations(DOC), 'public').map((g) => g.tag)).toEqual(['auth']);
    expect(filterOperations(groupOperations(DOC), '  ').length).toBe(2);
    expect(filterOperations(groupOperations(DOC), 'nothing-like-this')).toEqual([]);
  });
});
