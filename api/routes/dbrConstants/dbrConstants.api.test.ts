import { readDemoPlantFile } from '../../../seed/demoPlant.js';
import { importPlant } from '../../../seed/plantImport.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

const LINE_1 = {
  def_speed: 12000,
  def_uptime: 0,
  def_mtbf: 0,
  def_waste: 0,
  def_volume: 0,
  min_ut: 0,
  max_ut: 1,
  min_mtbf: 0,
  max_mtbf: 480,
  min_waste: 0,
  max_waste: 0.1,
  ut_threshold: 0.75,
  mtbf_threshold: 120,
  waste_threshold: 0.02,
};

/** The DBR constants editor and the dashboard's average over the demo plant's lines. */
describeWith(['postgres'])('DBR constants endpoints', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (method: string, path: string, as: string, body?: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const streamLength = async (lineId: number) => (await app.deps.store.readStream(`dbr-constants-${lineId}`)).length;

  beforeAll(async () => {
    app = await startTestApp();
    for (const role of ['admin', 'frontline', 'support', 'demoit']) tokens[role] = await app.login(role);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reads a line’s constants under the spec’s field names', async () => {
    expect(await call('GET', '/factory/dbr_constants/1', 'frontline')).toEqual({ status: 200, body: { line_id: 1, ...LINE_1 } });
    expect((await call('GET', '/factory/dbr_constants/abc', 'frontline')).status).toBe(400);
    expect((await call('GET', '/factory/dbr_constants/99', 'frontline')).status).toBe(404);
  });

  it('lets only admins write', async () => {
    for (const role of ['frontline', 'support', 'demoit']) {
      expect([role, (await call('PUT', '/factory/dbr_constants/3', role, LINE_1)).status]).toEqual([role, 403]);
    }
  });

  it('saves all fields, accepting decimals written as strings', async () => {
    const body = { ...LINE_1, def_speed: '9500.5', ut_threshold: 0.81, line_id: 42 };
    const r = await call('PUT', '/factory/dbr_constants/3', 'admin', body);
    expect(r).toEqual({ status: 200, body: { ...LINE_1, line_id: 3, def_speed: 9500.5, ut_threshold: 0.81 } });
    expect((await call('GET', '/factory/dbr_constants/3', 'frontline')).body).toMatchObject({ line_id: 3, def_speed: 9500.5, ut_threshold: 0.81 });
  });

  it('refuses missing or non-numeric fields with 400 naming each, and writes nothing', async () => {
    const before = await streamLength(2);
    const { def_mtbf: _m, waste_threshold: _w, ...partial } = LINE_1;
    const r = await call('PUT', '/factory/dbr_constants/2', 'admin', { ...partial, max_ut: 'uno', min_ut: '', max_waste: null });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({
      def_mtbf: 'Obbligatorio',
      waste_threshold: 'Obbligatorio',
      max_ut: 'Deve essere un numero',
      min_ut: 'Deve essere un numero',
      max_waste: 'Obbligatorio',
    });
    expect(Object.keys((await call('PUT', '/factory/dbr_constants/2', 'admin', {})).body.error.fields)).toHaveLength(14);
    expect(await streamLength(2)).toBe(before);
    expect((await call('PUT', '/factory/dbr_constants/99', 'admin', LINE_1)).status).toBe(404);
    expect((await call('PUT', '/factory/dbr_constants/x', 'admin', LINE_1)).status).toBe(400);
  });

  it('averages field by field over a list of line ids, in either body shape', async () => {
    const r = await call('POST', '/factory/dbr_constants/average', 'frontline', [1, 2]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ def_speed: 11000, ut_threshold: 0.725, mtbf_threshold: 105, line_ids: [1, 2] });
    expect(r.body.waste_threshold).toBeCloseTo(0.0225);
    expect((await call('POST', '/factory/dbr_constants/average', 'support', { line_ids: [1, 1] })).body).toMatchObject({ ...LINE_1, line_ids: [1] });
  });

  it('refuses an empty or malformed list with 400 and an unknown line with 404', async () => {
    expect((await call('POST', '/factory/dbr_constants/average', 'frontline', [])).status).toBe(400);
    expect((await call('POST', '/factory/dbr_constants/average', 'frontline', ['x'])).status).toBe(400);
    expect((await call('POST', '/factory/dbr_constants/average', 'frontline', { lines: [1] })).status).toBe(400);
    expect((await call('POST', '/factory/dbr_constants/average', 'frontline', [1, 99])).status).toBe(404);
    // The first unknown line in the order sent is named.
    const unknown = await call('POST', '/factory/dbr_constants/average', 'frontline', [1, 98, 2, 97]);
    expect([unknown.status, unknown.body.error?.message]).toEqual([404, 'Linea non trovata: 98']);
    // Ids past PostgreSQL's integer columns are malformed ids, not a database error.
    const huge = await call('POST', '/factory/dbr_constants/average', 'frontline', [1, 2147483648]);
    expect([huge.status, huge.body.error?.code, huge.body.error?.fields]).toEqual([400, 'VALIDATION_FAILED', { '1': 'Id non valido' }]);
  });

  it('gives nulls for a line without constants and leaves it out of averages', async () => {
    const raw = readDemoPlantFile() as any;
    raw.shopFloors[0].lines.push({ name: 'Linea 4', referenceMachine: 'Riempitrice L4', equipments: [] });
    await importPlant(app.deps, raw);
    await app.deps.engine.settle();
    const r = await call('GET', '/factory/dbr_constants/4', 'frontline');
    expect(r.body).toMatchObject({ line_id: 4, def_speed: null, waste_threshold: null });
    expect((await call('POST', '/factory/dbr_constants/average', 'frontline', [1, 4])).body).toMatchObject({ ...LINE_1, line_ids: [1] });
    expect((await call('POST', '/factory/dbr_constants/average', 'frontline', [4])).body).toMatchObject({ def_speed: null, line_ids: [] });
  });
});
