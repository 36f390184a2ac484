import { readDemoPlantFile } from '../../../seed/demoPlant.js';
import { importPlant } from '../../../seed/plantImport.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

/**
 * GET /factory/shop_floors says whether each shop floor manages the extra shift (foundations §3:
 * manageExtraShift, false by default), from the plant's events: the demo's 'Confezionamento'
 * manages 'Turno E'; a shop floor added without saying so does not, until its settings say it does.
 */
describeWith(['postgres'])('shop floors and their extra shift', () => {
  let app: TestApp;
  let token: string;
  const get = async (path: string) => {
    const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as any };
  };
  const importWith = async (floor: Record<string, unknown>) => {
    const raw = readDemoPlantFile() as any;
    raw.shopFloors.push({ name: 'Preparazione sciroppi', units: { unit1: 'kg' }, shifts: [{ name: 'Turno A', code: 'A', start: '06:00', end: '14:00' }], ...floor });
    await importPlant(app.deps, raw);
    await app.deps.engine.settle();
  };

  beforeAll(async () => {
    app = await startTestApp();
    token = await app.login('support');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers manageExtraShift for every shop floor, false where the plant never set it', async () => {
    expect(await get('/factory/shop_floors')).toEqual({ status: 200, body: [{ id: 1, name: 'Confezionamento', manageExtraShift: true }] });
    await importWith({});
    expect((await get('/factory/shop_floors')).body).toEqual([
      { id: 1, name: 'Confezionamento', manageExtraShift: true },
      { id: 2, name: 'Preparazione sciroppi', manageExtraShift: false },
    ]);
    expect((await get('/factory/shop_floors?name=preparazione sciroppi')).body).toEqual([{ id: 2, name: 'Preparazione sciroppi', manageExtraShift: false }]);
  });

  it('follows the shop floor’s settings when they change', async () => {
    await importWith({ manageExtraShift: true });
    expect((await get('/factory/shop_floors?name=Preparazione sciroppi')).body).toEqual([{ id: 2, name: 'Preparazione sciroppi', manageExtraShift: true }]);
  });
});
