import { DEMO_ROLES as ROLES } from '../../../domain/users/roles.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

/** The structure endpoints over the demo plant that a fresh server seeds on first start. */
describeWith(['postgres'])('plant structure endpoints', () => {
  let app: TestApp;
  let token: string;
  const get = async (path: string, as = token) => {
    const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${as}` } });
    return { status: res.status, body: (await res.json()) as any };
  };
  const expect400 = async (path: string, field: string) => {
    const r = await get(path);
    expect([path, r.status, r.body.error?.code]).toEqual([path, 400, 'VALIDATION_FAILED']);
    expect(Object.keys(r.body.error.fields)).toContain(field);
  };
  const expect404 = async (path: string) => {
    const r = await get(path);
    expect([path, r.status, r.body.error?.code]).toEqual([path, 404, 'NOT_FOUND']);
  };

  beforeAll(async () => {
    app = await startTestApp();
    token = await app.login('frontline');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the shop floors, optionally by name (case-insensitive)', async () => {
    expect(await get('/factory/shop_floors')).toEqual({ status: 200, body: [{ id: 1, name: 'Confezionamento', manageExtraShift: true }] });
    expect((await get('/factory/shop_floors?name=confezionamento')).body).toEqual([{ id: 1, name: 'Confezionamento', manageExtraShift: true }]);
    expect((await get('/factory/shop_floors?name=Magazzino')).body).toEqual([]);
  });

  it('is readable by every role', async () => {
    for (const role of ROLES) expect([role, (await get('/factory/shop_floors', await app.login(role))).status]).toEqual([role, 200]);
  });

  it('lists lines, all or of one shop floor', async () => {
    const all = await get('/factory/lines');
    expect(all.body).toEqual([1, 2, 3].map((n) => ({ id: n, name: `Linea ${n}`, shop_floor_id: 1 })));
    expect((await get('/factory/lines?shop_floor_id=1')).body).toEqual(all.body);
    expect((await get('/factory/lines?shop_floor_id=')).body).toEqual(all.body);
    await expect400('/factory/lines?shop_floor_id=abc', 'shop_floor_id');
    await expect404('/factory/lines?shop_floor_id=99');
  });

  it('lists the equipment of a line and gives its reference machine', async () => {
    expect((await get('/factory/equipments?line_id=2')).body).toEqual([
      { id: 4, name: 'Filler', line_id: 2 },
      { id: 5, name: 'Capper', line_id: 2 },
      { id: 6, name: 'Cartoner', line_id: 2 },
    ]);
    expect(await get('/factory/line_ref_machine/2')).toEqual({ status: 200, body: { name: 'Riempitrice L2' } });
    await expect400('/factory/equipments', 'line_id');
    await expect400('/factory/equipments?line_id=1&line_id=2', 'line_id');
    await expect400('/factory/equipments?line_id=1.5', 'line_id');
    await expect404('/factory/equipments?line_id=99');
    await expect400('/factory/line_ref_machine/abc', 'line_id');
    await expect404('/factory/line_ref_machine/99');
  });

  it('lists the workpoints of an equipment and the stop codes of a workpoint', async () => {
    const workpoints = await get('/factory/workpoints?equipment_id=2');
    expect(workpoints.body.map((w: any) => w.name)).toEqual(['Alimentazione tappi', 'Testa di tappatura', 'Controllo visione tappi']);
    expect(workpoints.body[0]).toEqual({ id: 4, name: 'Alimentazione tappi', equipment_id: 2 });
    const codes = await get('/factory/stop_codes?workpoint_id=5');
    expect(codes.body.map((c: any) => c.name)).toEqual(['Tappo storto', 'Coppia di serraggio fuori tolleranza', 'Usura pinze', 'Tappo mancante']);
    expect(codes.body[0]).toEqual({ id: expect.any(Number), name: 'Tappo storto', workpoint_id: 5 });
    await expect400('/factory/workpoints?equipment_id=', 'equipment_id');
    await expect404('/factory/workpoints?equipment_id=999');
    await expect400('/factory/stop_codes?workpoint_id=x', 'workpoint_id');
    await expect404('/factory/stop_codes?workpoint_id=999');
  });

  it('lists triggering events and planned stop reasons', async () => {
    const events = await get('/factory/triggering_events');
    expect(events.body).toHaveLength(8);
    expect(events.body[0]).toEqual({ id: 1, name: 'Cambio formato' });
    // The demo plant's reasons with the documented default categories (docs/oee.md).
    expect((await get('/factory/planned_stop_reasons')).body).toEqual([
      { id: 1, name: 'Cambio formato', oee_category: 'loss' },
      { id: 2, name: 'Pulizia programmata', oee_category: 'loss' },
      { id: 3, name: 'Manutenzione preventiva', oee_category: 'excluded' },
      { id: 4, name: 'Pausa mensa', oee_category: 'excluded' },
      { id: 5, name: 'Riunione di reparto', oee_category: 'excluded' },
      { id: 6, name: 'Formazione', oee_category: 'excluded' },
      { id: 7, name: 'Prova tecnica', oee_category: 'loss' },
      { id: 8, name: 'Mancanza ordini', oee_category: 'excluded' },
    ]);
  });

  it('gives a shop floor’s units of measurement and report labels', async () => {
    expect(await get('/factory/units_of_measurement/1')).toEqual({ status: 200, body: { unit1: 'pz', unit2: 'cartoni', unit3: 'pallet', shopfloor_id: 1 } });
    expect(await get('/factory/report_labels/1')).toEqual({ status: 200, body: ['Macchina', 'Nota'] });
    await expect400('/factory/units_of_measurement/uno', 'shop_floor_id');
    await expect404('/factory/units_of_measurement/99');
    await expect400('/factory/report_labels/0', 'shop_floor_id');
    await expect404('/factory/report_labels/99');
  });
});
