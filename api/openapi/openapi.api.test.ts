/**
 * GET /openapi.json against the server's own route list: every route the router mounts is
 * described and every described operation is a route (the expected set comes from allRoutes,
 * the document from the HTTP call); the document is OpenAPI 3.1 in structure; and a few calls
 * read as the spec and docs say (docs/line-log.md, docs/dbr-actions.md, README Operations).
 */
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { describeWith } from '../../test/support/services.js';
import { allRoutes } from '../routes/index.js';

type Doc = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describeWith(['postgres'])('GET /openapi.json', () => {
  let app: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    app = await startTestApp({ redis: false });
    const res = await fetch(`${app.url}/openapi.json`, { headers: { authorization: `Bearer ${await app.login('frontline')}` } });
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
  });
  afterAll(async () => {
    await app?.close();
  });

  const operations = (d: Doc) =>
    Object.entries(d.paths as Record<string, Doc>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => METHODS.includes(k))
        .map((m) => ({ key: `${m.toUpperCase()} ${path}`, op: item[m] as Doc, path })),
    );
  const op = (key: string) => operations(doc).find((o) => o.key === key)?.op;

  it('describes every route of the server and nothing else', () => {
    const server = allRoutes(app.deps)
      .map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(
      operations(doc)
        .map((o) => o.key)
        .sort(),
    ).toEqual(server);
    expect(server).toContain('GET /openapi.json');
  });

  it('is OpenAPI 3.1 in structure: version, info, paths, and responses on every operation', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info?.title).toBe('string');
    expect(typeof doc.info?.version).toBe('string');
    const ids = new Set<string>();
    for (const { key, op: o, path } of operations(doc)) {
      expect([key, path.startsWith('/')]).toEqual([key, true]);
      expect([key, Object.keys(o.responses ?? {}).length > 0]).toEqual([key, true]);
      for (const code of Object.keys(o.responses)) expect([key, code]).toEqual([key, expect.stringMatching(/^([1-5]\d\d|[1-5]XX|default)$/)]);
      // A templated path names each of its parameters as a required path parameter.
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (o.parameters ?? []).filter((p: Doc) => p.in === 'path');
      expect([key, declared.map((p: Doc) => p.name).sort(), declared.every((p: Doc) => p.required === true)]).toEqual([key, inPath, true]);
      expect([key, ids.has(o.operationId)]).toEqual([key, false]);
      ids.add(o.operationId);
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs.map((r) => r.slice(8, -1)))) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<any>((node, part) => node?.[part], doc);
      expect([ref, target !== undefined]).toEqual([ref, true]);
    }
  });

  it('gives the action and the roles of the permission map, and the bearer login everywhere but /loginjwt and /health', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const del = op('DELETE /factory/dbr_actions/{id}')!;
    expect(del['x-action']).toBe('dbr_actions:write');
    expect([...del['x-roles']].sort()).toEqual(['admin', 'demoen', 'demoit', 'support']);
    expect(del.security).toEqual([{ bearerAuth: [] }]);
    expect(del.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(op('PATCH /factory/dbr_actions/{id}/mark-executed')!['x-roles'].sort()).toEqual(['admin', 'demoen', 'demoit', 'frontline', 'support']);
    expect(op('GET /health')!.security).toEqual([]);
    for (const probe of ['GET /health/live', 'GET /health/ready', 'GET /metrics']) expect([probe, op(probe)?.security]).toEqual([probe, []]);
    expect(op('POST /loginjwt')!.security).toEqual([]);
  });

  it('takes the login as a form with username and password', () => {
    const body = op('POST /loginjwt')!.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['password', 'username']);
    expect([...body.required].sort()).toEqual(['password', 'username']);
  });

  it("describes a body that becomes its command's input by the fields a client sends, with the spec's names", () => {
    const sent: Array<[string, string[], string[]]> = [
      ['POST /factory/planned_stops', ['end_time', 'equipment_id', 'notes', 'planned_reason_id', 'start_time'], ['end_time', 'equipment_id', 'planned_reason_id', 'start_time']],
      ['POST /factory/stop_events/update_unplanned_details', ['field', 'id', 'value'], ['field', 'id', 'value']],
      ['POST /factory/stop_events/update_planned_note', ['id', 'notes'], ['id']],
      ['POST /factory/root_cause', ['category', 'root_cause', 'stop_event_id', 'troubleshooting', 'whys'], ['stop_event_id']],
      ['POST /admin/generate-shifts', ['end_date', 'shop_floor_id', 'start_date'], ['end_date', 'shop_floor_id', 'start_date']],
      ['POST /factory/dbr_actions', ['activity', 'day', 'due_shift', 'equipment', 'line', 'owner', 'shop_floor_id', 'supportBy', 'target_equipment', 'target_stop_code'], ['day']],
    ];
    for (const [key, fields, required] of sent) {
      const body = op(key)!.requestBody.content['application/json'].schema;
      expect([key, Object.keys(body.properties).sort(), [...(body.required ?? [])].sort()]).toEqual([key, fields, required]);
    }
  });

  it("lists the stop list's query parameters as docs/line-log.md names them: the range required, shift_id, shift_codes and paging optional, the lists as lists", () => {
    const params = Object.fromEntries(op('GET /factory/stop_events/unplanned')!.parameters.map((p: Doc) => [p.name, p]));
    expect(Object.keys(params).sort()).toEqual(['after', 'date_from', 'date_to', 'limit', 'lines_id', 'shift_codes', 'shift_id', 'shop_floor_id']);
    for (const name of ['shop_floor_id', 'date_from', 'date_to']) expect([name, params[name].in, params[name].required]).toEqual([name, 'query', true]);
    for (const name of ['shift_id', 'shift_codes', 'limit', 'after']) expect([name, params[name].in, params[name].required]).toEqual([name, 'query', false]);
    for (const name of ['lines_id', 'shift_id']) expect([name, params[name].schema.type]).toEqual([name, 'array']);
  });

  it('answers 201 for a creation, 202 for a rebuild, and the one error shape for 400, 401, 403, 404 and 409', () => {
    expect(Object.keys(op('POST /factory/stop_events')!.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '409']));
    expect(Object.keys(op('POST /admin/projections/{name}/rebuild')!.responses)).toContain('202');
    const body = op('POST /factory/stop_events')!.requestBody.content['application/json'].schema;
    expect([...body.required].sort()).toEqual(['corrective_action', 'end_time', 'failure_mode', 'start_time', 'stop_code_id', 'triggering_event_id', 'workpoint_id']);
    const error = doc.components.schemas.Error;
    expect(error.required).toEqual(['error']);
    expect(Object.keys(error.properties.error.properties).sort()).toEqual(['code', 'fields', 'message']);
  });

  it('is for signed-in users: 401 without a token', async () => {
    const res = await fetch(`${app.url}/openapi.json`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as Doc).error.code).toBe('UNAUTHENTICATED');
  });
});
