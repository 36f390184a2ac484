/**
 * Property-based fuzzing of every route through the real HTTP server and PostgreSQL, as an
 * authorised user (admin may call every route; half the requests go as the operator, whose
 * rules differ and who gets 403 where the route is not theirs). For each route a request is built from a
 * valid one (docs/line-log.md, docs/plant.md, docs/dashboard.md, docs/dbr-actions.md) and
 * then spoiled: fields replaced by hostile values (wrong types, huge strings, NUL and control
 * characters, lone surrogates, unicode, negative/NaN/huge numbers), fields dropped, fields
 * added, path parameters and queries spoiled the same way, bodies that are not JSON, not
 * objects, or of another content type. Whatever comes, the server must:
 *  - never answer 5xx;
 *  - answer every 4xx in the one error shape `{ error: { code, message, fields? } }`;
 *  - append nothing to the event store when it answers 4xx.
 *
 * Bounded: FUZZ_RUNS (default 12) requests per route; the seed is printed in a failure's
 * message (fast-check's "seed: N, path: …"); FUZZ_SEED=N replays a run. Bugs found here
 * stay as literal `examples`, replayed on every run before the random ones.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describeWith } from '../test/support/services.js';
import { startStopsKit, unplannedBody, plannedBody, type StopsKit } from '../test/builders/stopsTestKit.js';
import { allRoutes } from './routes/index.js';

/** One request, fully serialised: what goes over the wire. */
interface Req {
  path: string;
  contentType?: string;
  /** Content-Encoding of the body as sent (which is never really compressed). */
  encoding?: string;
  body?: string | Buffer;
  /** Sent as the operator (`frontline`) instead of admin: other rules (a submitted shift's lock, 403s) on the same input. */
  asOperator?: boolean;
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** FUZZ_STATS=1 prints how many answers of each status every route gave (to see that the fuzz reaches past validation). */
const STATS: Record<string, Record<number, number>> | null = process.env.FUZZ_STATS ? {} : null;
const BASE_SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

/** Values that have broken servers before: types, sizes, characters and numbers at the edges. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b\u001f\u007f',
  '\t\r\n',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202e',
  '💥🏭',
  'Linea\u00a01',
  'È già lì',
  '-1',
  '0',
  '00',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '2147483648',
  '9007199254740993',
  '9'.repeat(30),
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  '%00',
  '%',
  "' or 1=1 --",
  '"; drop table es_events; --',
  '2031-02-30',
  '0000-00-00',
  '9999-12-31',
  '-000001-01-01',
  '+275760-09-13',
  '2030-06-05T25:61',
  '2030-06-05T08:10:00+99:99',
  'x'.repeat(300),
  'é'.repeat(5000),
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.constantFrom(20_000, 200_000, 1_200_000).map((n) => 'ä'.repeat(n)) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1.5, 2147483647, 2147483648, 4294967296, 1e15, 1e16, 1e20, 1e300, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const nastyLeaf = fc.oneof(nastyString, nastyNumber, fc.constantFrom(true, false, null));

/** A JSON value of any type, leaves from above. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyLeaf },
  { weight: 1, arbitrary: fc.array(nastyLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(nastyNumber, { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyLeaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Bodies that are not a JSON object at all, sent as JSON. */
const MALFORMED_JSON = [
  '{"a":',
  '{',
  '[',
  'nul',
  '"\\u0000"',
  '{"id": 1e999}',
  '{"id": -}',
  '{"__proto__": {"x": 1}}',
  '\u0000',
  '{"a":"\\ud800"}',
  '12',
  'true',
  'null',
  '[]',
  ' ',
];

const DELETE = Symbol('delete');
const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'id', 'revision', '\u0000', '', 'a'.repeat(200)];

/** Sets, drops or adds fields of `seed` (an object) with hostile values. */
function spoil(seed: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...Object.keys(seed), ...EXTRA_KEYS];
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), fc.oneof({ weight: 4, arbitrary: nastyValue }, { weight: 1, arbitrary: fc.constant(DELETE) })), { minLength: 1, maxLength: 3 })
    .map((changes) => {
      const out: Record<string, unknown> = { ...seed };
      for (const [k, v] of changes) {
        if (v === DELETE) delete out[k];
        else Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
      }
      return out;
    });
}

/** A query string from a seed query: values spoiled (strings only), keys dropped, added or repeated. */
function spoilQuery(seed: Record<string, string>): fc.Arbitrary<string> {
  const keys = [...Object.keys(seed), ...EXTRA_KEYS];
  const value = fc.oneof(nastyString, fc.array(nastyString, { minLength: 2, maxLength: 3 }), fc.constant(DELETE));
  return fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 3 }).map((changes) => {
    const q: Record<string, string | string[]> = { ...seed };
    for (const [k, v] of changes) {
      if (v === DELETE) delete q[k];
      else q[k] = v as string | string[];
    }
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
    const s = params.toString();
    return s ? `?${s}` : '';
  });
}

/** Every byte of the UTF-8 form as %XX (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percentEncode = (s: string): string => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** Path parameters: the valid value, a hostile one (encoded), or raw percent-escapes. */
function spoilPath(template: string, seeds: Record<string, string>): fc.Arbitrary<string> {
  const names = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(template);
  const one = (name: string) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant(seeds[name] ?? '1') },
      { weight: 3, arbitrary: nastyString.filter((s) => s.length < 4000).map(percentEncode) },
      { weight: 1, arbitrary: fc.constantFrom('%00', '%ZZ', '%', '%C0%AF', '%ED%A0%80', '..%2F..', '1%2F2', '-1', '1.0', '0x10', '1e3', '9'.repeat(20)) },
    );
  return fc.tuple(...names.map(one)).map((values) => {
    let i = 0;
    return template.replace(/:(\w+)/g, () => values[i++]!);
  });
}

/** The body part of a request: the seed spoiled, or any JSON, or not JSON, or not a JSON content type. */
function spoilBody(seed: unknown): fc.Arbitrary<Pick<Req, 'contentType' | 'body' | 'encoding'>> {
  const json = (a: fc.Arbitrary<unknown>) => a.map((v) => ({ contentType: 'application/json', body: JSON.stringify(v) ?? 'null' }));
  const options: Array<fc.WeightedArbitrary<Pick<Req, 'contentType' | 'body' | 'encoding'>>> = [
    { weight: 1, arbitrary: json(nastyValue) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((body) => ({ contentType: 'application/json', body })) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data; boundary=x'),
          nastyString,
        )
        .map(([contentType, body]) => ({ contentType, body })),
    },
    {
      // A body that claims an encoding it does not have, or one nobody knows.
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown', 'gzip, gzip'), fc.constantFrom('{}', '\u001f\u008b\u0008\u0000garbage', 'x'))
        .map(([encoding, body]) => ({ contentType: 'application/json', encoding, body })),
    },
  ];
  if (seed && typeof seed === 'object' && !Array.isArray(seed)) {
    const obj = seed as Record<string, unknown>;
    options.push({ weight: 6, arbitrary: json(spoil(obj)) });
    // The same fields as a form post (the login and shift notes take forms).
    options.push({
      weight: 1,
      arbitrary: spoil(obj).map((o) => ({
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')])).toString(),
      })),
    });
  } else if (seed !== undefined) {
    options.push({ weight: 4, arbitrary: json(fc.oneof(fc.constant(seed), fc.array(nastyValue, { maxLength: 4 }))) });
  }
  return fc.oneof(...options);
}

interface RouteSeed {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * Literal requests that once broke the server (5xx or a 4xx out of shape), replayed before
 * the random ones. Keyed by `METHOD path`.
 */
const json = (body: unknown): Req['body'] => JSON.stringify(body);
const J = 'application/json';
const FORM = 'application/x-www-form-urlencoded';
const REGRESSIONS: Record<string, Req[]> = {
  // NUL bytes gave 500 on every text field and query parameter, also without a login.
  'POST /loginjwt': [
    { path: '/loginjwt', contentType: FORM, body: 'username=a%00b&password=x' },
    { path: '/loginjwt', contentType: J, encoding: 'br', body: '{}' },
    {
      path: '/loginjwt',
      contentType: 'multipart/form-data; boundary=x',
      body: `--x\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n${'a'.repeat(2000)}\r\n--x--\r\n`,
    },
  ],
  'GET /factory/shop_floors': [{ path: '/factory/shop_floors?name=%00' }],
  // A body that is not the Content-Encoding it names: zlib's error reached the client as 500 (now 400).
  'PUT /factory/shift_notes/update': [{ path: '/factory/shift_notes/update', contentType: J, encoding: 'deflate', body: '\u001f\b\u0000garbage' }],
  'POST /factory/root_cause': [
    { path: '/factory/root_cause', contentType: J, encoding: 'br', body: '{}' },
    { path: '/factory/root_cause', contentType: J, body: json({ stop_event_id: 9007199254740991, root_cause: 'x' }) },
  ],
  // A line id of 10 to 15 digits in a list passed validation and failed in PostgreSQL: 500 (now 400).
  'GET /factory/dashboard/default-dates': [{ path: '/factory/dashboard/default-dates?shop_floor_id=1&line_id=2147483648' }],
  'GET /factory/volumes-history': [{ path: '/factory/volumes-history?shop_floor_id=1&line_id=1,999999999999999' }],
  'GET /factory/stop_events/unplanned_by_shift': [{ path: '/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=2147483648&shift_code=A&day=2030-06-05' }],
  // Ids past PostgreSQL's integer and past JavaScript's safe integers, in bodies, paths and queries.
  'PUT /factory/default_station': [{ path: '/factory/default_station', contentType: J, body: json({ shopFloorId: 2147483648, lineId: 1, equipmentId: 1e20 }) }],
  // A JSON line id past PostgreSQL's integer reached the database: 500 (now 400, idParam is bounded).
  'POST /factory/dbr_constants/average': [{ path: '/factory/dbr_constants/average', contentType: J, body: json([2147483648, 4294967296]) }],
  'GET /factory/root_cause/:stopEventId': [{ path: '/factory/root_cause/9999999999999999' }],
  'POST /factory/stop_events': [
    // Ten megabytes of JSON whitespace in ten kilobytes of gzip: the body limit counts what is inflated.
    { path: '/factory/stop_events', contentType: J, encoding: 'gzip', body: gzipSync(Buffer.alloc(10 * 1024 * 1024, ' ')) },
    {
      path: '/factory/stop_events',
      contentType: J,
      body: json({
        workpoint_id: 2147483648,
        stop_code_id: 2147483648,
        triggering_event_id: 2147483648,
        failure_mode: 'a',
        corrective_action: 'b',
        start_time: '2030-06-05T08:10',
        end_time: '2030-06-05T08:20',
      }),
    },
  ],
  'POST /factory/planned_stops': [
    { path: '/factory/planned_stops', contentType: J, body: json({ equipment_id: 1, planned_reason_id: 1, start_time: '+275760-09-13T00:00Z', end_time: '-271821-04-20T00:00Z' }) },
  ],
  'POST /factory/dbr_actions': [
    {
      path: '/factory/dbr_actions',
      contentType: J,
      body: json({ day: '2030-06-05', due_shift: 9007199254740991, line: 'Linea 1', equipment: 2147483648, owner: 'a', activity: 'b', shop_floor_id: 2147483648 }),
    },
  ],
  'GET /factory/dbr/action-effectiveness': [{ path: '/factory/dbr/action-effectiveness?shop_floor_id=1&date_from=0001-01-01&date_to=9999-12-31&lines=%E2%80%AE&days=-1' }],
  'PATCH /factory/dbr_actions/:id/target': [
    { path: '/factory/dbr_actions/1/target', contentType: J, body: json({ target_equipment: 2147483648, target_stop_code: '9'.repeat(30) }) },
  ],
  'GET /factory/dbr_actions-range': [{ path: '/factory/dbr_actions-range?shop_floor_id=1&date_from=0001-01-01&date_to=9999-12-31&shifts=999999999999999' }],
  'GET /factory/stop_events/unplanned': [
    { path: '/factory/stop_events/unplanned?shop_floor_id=1&date_from=0001-01-01&date_to=9999-12-31&lines_id=999999999999999&limit=100000&after=x' },
  ],
  'GET /factory/dashboard-improvement': [{ path: '/factory/dashboard-improvement?shop_floor_id=1&date_from=0001-01-01&date_to=9999-12-31&shifts=999999999999999&lines=%E2%80%AE' }],
  'GET /factory/oee': [
    { path: '/factory/oee?shop_floor_id=1&date_from=0001-01-01&date_to=9999-12-31&shifts=999999999999999&lines=%E2%80%AE&group_by=planet&minor_stop_minutes=-1' },
  ],
  'GET /factory/detected_stops': [{ path: '/factory/detected_stops?shop_floor_id=1&line_id=1&day=2030-06-05&shift_id=999999999999999&state=%00' }],
  'GET /factory/line_hours': [
    { path: '/factory/line_hours?shop_floor_id=1&line_id=2147483648&day=9999-12-31' },
    { path: '/factory/line_hours?shop_floor_id=1&line_id=1&shift_id=999999999999999' },
  ],
  'GET /factory/oee/pareto': [{ path: '/factory/oee/pareto?shop_floor_id=1&date_from=2026-02-30&date_to=2026-01-01&lines=Linea%201&by=%00' }],
  'POST /admin/generate-shifts': [{ path: '/admin/generate-shifts', contentType: J, body: json({ shop_floor_id: 2147483648, start_date: '9999-12-31', end_date: '9999-12-31' }) }],
  'POST /factory/shift_notes/save': [
    {
      path: '/factory/shift_notes/save',
      contentType: J,
      body: json({
        day: '2030-06-05',
        shift_code: 'A',
        line_name: 'Linea 1',
        machine_notes: Array.from({ length: 5000 }, () => ({ a: 'x' })),
        production_volume: 1e308,
        waste: -1e308,
        working_time: 5e-324,
      }),
    },
    {
      path: '/factory/shift_notes/save',
      contentType: FORM,
      body: 'day=2030-06-05&shift_code=A&line_name=Linea%201&machine_notes=%5B%7B%22__proto__%22%3A1%7D%5D&revision=999999999',
    },
  ],
  'PUT /factory/dbr_constants/:line_id': [{ path: '/factory/dbr_constants/2147483648', contentType: J, body: json({}) }],
};

describeWith(['postgres'])('fuzzing every route: never 5xx, the error shape on 4xx, nothing written on 4xx', () => {
  let kit: StopsKit;
  let token: string;
  let operatorToken: string;
  let seeds: Record<string, RouteSeed>;

  beforeAll(async () => {
    kit = await startStopsKit();
    token = await kit.app.login('admin');
    operatorToken = await kit.app.login('frontline');
    const day = kit.day;
    const stop = await kit.call('POST', '/factory/stop_events', 'admin', unplannedBody(kit));
    const planned = await kit.call('POST', '/factory/planned_stops', 'admin', plannedBody(kit));
    const action = await kit.call('POST', '/factory/dbr_actions', 'admin', {
      day,
      due_shift: null,
      line: 'Linea 1',
      equipment: null,
      owner: 'Rossi',
      supportBy: null,
      activity: 'Pulizia coclea',
      shop_floor_id: 1,
    });
    // An account of its own for the accounts calls, so a spoiled change never locks out the fuzz's own users.
    const account = await kit.call('POST', '/admin/users', 'admin', { username: 'fuzz', display_name: 'Fuzz', role: 'frontline', password: 'una password lunga e sicura' });
    if (stop.status !== 201 || planned.status !== 201 || action.status !== 201 || account.status !== 201)
      throw new Error(`seed data: ${stop.status} ${planned.status} ${action.status} ${account.status} ${JSON.stringify(action.body)}`);
    const report = {
      day,
      shift_code: 'A',
      line_name: 'Linea 1',
      notes: 'Tutto regolare',
      machine_notes: [{ macchina: 'Filler', nota: 'ok' }],
      production_volume: 1200,
      waste: 3,
      working_time: 7.5,
    };
    const constants = Object.fromEntries(
      Object.keys((await kit.call('GET', '/factory/dbr_constants/1', 'admin')).body)
        .filter((k) => k !== 'line_id')
        .map((k) => [k, 1]),
    );
    const lines = { shop_floor_id: '1', line_id: '1' };
    const range = { shop_floor_id: '1', date_from: day, date_to: kit.nextDay };
    seeds = {
      'POST /loginjwt': { body: { username: 'admin', password: 'sbagliata' } },
      'GET /auth/oidc/callback': { query: { state: 'stato', code: 'codice' } },
      'POST /admin/api-keys': { body: { name: 'erp-di-prova', role: 'support' } },
      'DELETE /admin/api-keys/:id': { params: { id: '0192e0a0-0000-7000-8000-000000000001' } },
      'POST /admin/projections/:name/rebuild': { params: { name: 'nothing' } },
      'GET /admin/projections/rebuilds/:jobId': { params: { jobId: '1' } },
      'GET /factory/shift_notes': { query: { day, shift_code: 'A', line_name: 'Linea 1' } },
      'POST /factory/shift_notes/save': { body: report },
      'POST /factory/shift_notes/submit': { body: report },
      'PUT /factory/shift_notes/update': { body: report },
      'GET /factory/shifts': { query: { day, shop_floor_id: '1' } },
      'GET /factory/shifts-range': { query: { ...range, extraShift: 'true' } },
      'GET /factory/board': { query: { shop_floor_id: '1', line_id: '1' } },
      'GET /factory/start/operator': { query: { shop_floor_id: '1', line_id: '1', day } },
      'GET /factory/start/support': { query: { shop_floor_id: '1' } },
      'POST /admin/generate-shifts': { body: { shop_floor_id: 1, start_date: day, end_date: day } },
      'GET /admin/plant/history': { query: { kind: 'line', id: '1' } },
      'POST /admin/plant/preview': { body: { plant: { shopFloors: [{ id: 1, name: 'Confezionamento', units: { unit1: 'pz' }, lines: [] }] } } },
      // A revision the plant is past: the apply is refused (409) unless a mutation hits the current one.
      'PUT /admin/plant': { body: { revision: 0, plant: { shopFloors: [{ id: 1, name: 'Confezionamento', units: { unit1: 'pz' }, lines: [] }] } } },
      'PUT /factory/default_station': { body: { shopFloorId: 1, lineId: 1, equipmentId: 1 } },
      'GET /factory/root_cause/:stopEventId': { params: { stopEventId: String(stop.body.id) } },
      'POST /factory/root_cause': { body: { stop_event_id: stop.body.id, root_cause: 'Usura', troubleshooting: 'Sostituita' } },
      'GET /factory/shop_floors': { query: { name: 'Reparto' } },
      'GET /factory/lines': { query: { shop_floor_id: '1' } },
      'GET /factory/equipments': { query: { line_id: '1' } },
      'GET /factory/line_ref_machine/:line_id': { params: { line_id: '1' } },
      'GET /factory/workpoints': { query: { equipment_id: '1' } },
      'GET /factory/stop_codes': { query: { workpoint_id: String(kit.ids.workpoint) } },
      'GET /factory/units_of_measurement/:shop_floor_id': { params: { shop_floor_id: '1' } },
      'GET /factory/report_labels/:shop_floor_id': { params: { shop_floor_id: '1' } },
      // Valid stops at a time of their own, so a spoiled one that still passes is a 201, not always a 409.
      'POST /factory/stop_events': { body: unplannedBody(kit, { start_time: kit.at('12:00'), end_time: kit.at('12:05') }) },
      'POST /factory/stop_events/update_unplanned_details': { body: { id: stop.body.id, field: 'failure_mode', value: 'Coclea bloccata' } },
      'DELETE /factory/stop_events/delete_unplanned/:id': { params: { id: '1' } },
      'GET /factory/stop_events/unplanned_by_shift': { query: { shop_floor_id: '1', lines_id: '1', shift_code: 'A', day } },
      'GET /factory/stop_events/planned_by_shift': { query: { shop_floor_id: '1', lines_id: '1', shift_code: 'A', day } },
      'GET /factory/stop_events/unplanned': { query: { ...range, lines_id: '1,2', shift_id: '', limit: '10' } },
      'POST /factory/planned_stops': { body: plannedBody(kit, { start_time: kit.at('13:00'), end_time: kit.at('13:30') }) },
      'POST /factory/stop_events/update_planned_note': { body: { id: planned.body.id, notes: 'Cambio formato' } },
      'DELETE /factory/stop_events/delete_planned/:id': { params: { id: '1' } },
      'GET /factory/dbr_constants/:line_id': { params: { line_id: '1' } },
      'PUT /factory/dbr_constants/:line_id': { params: { line_id: '1' }, body: constants },
      'POST /factory/dbr_constants/average': { body: { line_ids: [1, 2] } },
      'GET /factory/dbr_actions-range': { query: { ...range, lines: 'Linea 1', shifts: '' } },
      'POST /factory/dbr_actions': {
        body: { day, due_shift: null, line: 'Linea 1', equipment: null, owner: 'Rossi', supportBy: 'Bianchi', activity: 'Regolare guide', shop_floor_id: 1 },
      },
      'PATCH /factory/dbr_actions/:id/mark-executed': { params: { id: String(action.body.id) } },
      'PATCH /factory/dbr_actions/:id/unmark-executed': { params: { id: String(action.body.id) } },
      'PATCH /factory/dbr_actions/:id/target': { params: { id: String(action.body.id) }, body: { target_equipment: 1, target_stop_code: null } },
      'GET /factory/dbr/action-effectiveness': { query: { ...range, lines: 'Linea 1', days: '30' } },
      'DELETE /factory/dbr_actions/:id': { params: { id: '1' } },
      'GET /factory/dashboard-improvement': { query: { ...range, lines: 'Linea 1,Linea 2', shifts: '' } },
      'GET /factory/oee': { query: { ...range, lines: 'Linea 1,Linea 2', shifts: '', group_by: 'line' } },
      'GET /factory/oee/pareto': { query: { ...range, lines: 'Linea 1', shifts: '', by: 'equipment' } },
      'GET /factory/volumes-history': { query: { ...lines, days: '30' } },
      'GET /factory/dashboard/default-dates': { query: lines },
      'GET /factory/dashboard/last-production-date': { query: lines },
      'GET /factory/dashboard/last-stop-date': { query: lines },
      'GET /factory/pareto-fermate': { query: { ...lines, month: day.slice(0, 7) } },
      'GET /factory/detected_stops': { query: { shop_floor_id: '1', line_id: '1', day, state: 'unclassified' } },
      'GET /factory/line_hours': { query: { shop_floor_id: '1', line_id: '1', day } },
      'POST /admin/queues-session': {},
      'GET /factory/shift_notes/history': { query: { day, shift_code: 'A', line_name: 'Linea 1' } },
      'GET /factory/stop_events/:id/history': { params: { id: String(stop.body.id) } },
      'GET /factory/planned_stops/:id/history': { params: { id: String(planned.body.id) } },
      'GET /factory/root_cause/:stopEventId/history': { params: { stopEventId: String(stop.body.id) } },
      'GET /factory/dbr_actions/:id/history': { params: { id: String(action.body.id) } },
      'POST /admin/users': { body: { username: 'fuzz2', display_name: 'Fuzz due', role: 'support', password: 'un altra password lunga' } },
      'PATCH /admin/users/:username': { params: { username: 'fuzz' }, body: { display_name: 'Fuzz uno', role: 'support', active: true } },
      'POST /admin/users/:username/reset-password': { params: { username: 'fuzz' } },
      'GET /admin/users/:username/history': { params: { username: 'fuzz' } },
      // A wrong current password: a spoiled variant never guesses the caller's, so no session of the fuzz ends.
      'POST /me/password': { body: { current_password: 'non è la password', new_password: 'una nuova password lunga' } },
    };
    // The reads that take a moment (docs/audit.md) get one too, so the fuzz spoils `as_of` as well.
    const asOf = new Date().toISOString();
    for (const key of [
      'GET /factory/shift_notes',
      'GET /factory/stop_events/unplanned_by_shift',
      'GET /factory/stop_events/planned_by_shift',
      'GET /factory/dashboard-improvement',
    ]) {
      seeds[key] = { ...seeds[key], query: { ...seeds[key]!.query, as_of: asOf } };
    }
  });
  afterAll(async () => {
    await kit?.close();
  });

  async function send(method: string, req: Req): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { authorization: `Bearer ${req.asOperator ? operatorToken : token}` };
    if (req.contentType) headers['content-type'] = req.contentType;
    if (req.encoding) headers['content-encoding'] = req.encoding;
    const res = await fetch(`${kit.app.url}${req.path}`, {
      method,
      headers,
      body: method === 'GET' || req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : new Uint8Array(req.body),
    });
    // The live channel's answer is a stream that does not end: its status and headers are the answer.
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, text: '' };
    }
    return { status: res.status, text: await res.text() };
  }

  /** Why an answer breaks the properties, or null when it keeps them. */
  function broken(status: number, text: string, written: number): string | null {
    if (status >= 500) return `${status} ${text.slice(0, 300)}`;
    if (status < 400) return null;
    if (written !== 0) return `${status} but ${written} event(s) appended`;
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      return `${status} with a body that is not JSON: ${text.slice(0, 100)}`;
    }
    const e = body?.error;
    const ok =
      Object.keys(body).length === 1 &&
      typeof e?.code === 'string' &&
      /^[A-Z][A-Z_]*$/.test(e.code) &&
      typeof e.message === 'string' &&
      e.message.length > 0 &&
      Object.keys(e).every((k) => ['code', 'message', 'fields'].includes(k)) &&
      (e.fields === undefined || (typeof e.fields === 'object' && Object.values(e.fields).every((m) => typeof m === 'string')));
    return ok ? null : `${status} out of the error shape: ${text.slice(0, 200)}`;
  }

  it('has a seed for every route the server has that takes input', () => {
    const withInput = allRoutes(kit.app.deps)
      .filter(
        (r) =>
          r.path.includes(':') ||
          ![
            'GET /me',
            'GET /admin/users',
            'GET /admin/projections',
            'GET /admin/machine_signals',
            'GET /admin/plant',
            'GET /health',
            'GET /health/live',
            'GET /health/ready',
            'GET /metrics',
            'GET /factory/default_station',
            'GET /factory/triggering_events',
            'GET /factory/planned_stop_reasons',
            'GET /openapi.json',
            'GET /live',
            'GET /login/options',
            'GET /auth/oidc/start',
            'GET /admin/api-keys',
          ].includes(`${r.method.toUpperCase()} ${r.path}`),
      )
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(withInput.filter((k) => !seeds[k])).toEqual([]);
  });

  // Every route, in the server's own list (the route × role table in permissions.api.test.ts names the same).
  const routeKeys = (): string[] => allRoutes(kit.app.deps).map((r) => `${r.method.toUpperCase()} ${r.path}`);

  it('keeps the three properties on every route', async () => {
    const failures: string[] = [];
    for (const [i, key] of routeKeys().entries()) {
      const [method, template] = key.split(' ') as [string, string];
      const seed = seeds[key] ?? {};
      const query = method === 'GET' || seed.query ? spoilQuery(seed.query ?? {}) : fc.constant('');
      const withBody = method !== 'GET';
      const req: fc.Arbitrary<Req> = fc
        .tuple(spoilPath(template, seed.params ?? {}), query, withBody ? spoilBody(seed.body) : fc.constant({}), fc.boolean())
        .map(([path, q, b, asOperator]) => ({ path: `${path}${q}`, ...b, ...(asOperator ? { asOperator } : {}) }));
      const examples = (REGRESSIONS[key] ?? []).map((r) => [r] as [Req]);
      const seedNumber = (BASE_SEED + i) % 2_147_483_647;
      const result = await fc.check(
        fc.asyncProperty(req, async (r) => {
          const before = await kit.eventCount();
          const { status, text } = await send(method, r);
          if (STATS) (STATS[key] ??= {})[status] = (STATS[key]![status] ?? 0) + 1;
          const why = broken(status, text, (await kit.eventCount()) - before);
          if (why) throw new Error(why);
        }),
        { numRuns: RUNS, seed: seedNumber, examples, endOnFailure: true },
      );
      if (result.failed) {
        const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(`${key} (seed ${seedNumber}, path ${result.counterexamplePath}): ${cause}\n    request: ${JSON.stringify(result.counterexample?.[0]).slice(0, 400)}`);
      }
    }
    if (STATS)
      console.log(
        Object.entries(STATS)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
          .join('\n'),
      );
    expect(failures).toEqual([]);
  }, 600_000);
});
