import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

/** The default station, saved per user on the server (demo plant: line 2 has equipments 4, 5, 6). */
describeWith(['postgres'])('GET and PUT /factory/default_station', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (method: string, as: string, body?: unknown) => {
    const res = await fetch(`${app.url}/factory/default_station`, {
      method,
      headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const streamLength = async (username: string) => (await app.deps.store.readStream(`station-${username}`)).length;

  beforeAll(async () => {
    app = await startTestApp();
    for (const role of ['frontline', 'support', 'demoit']) tokens[role] = await app.login(role);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 200 with null before a station is saved: no station yet is not an error', async () => {
    const res = await fetch(`${app.url}/factory/default_station`, { headers: { authorization: `Bearer ${tokens.frontline}` } });
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'application/json; charset=utf-8', 'null']);
  });

  it('saves the station with its names and reads it back from another session', async () => {
    const expected = { shopFloorId: 1, lineId: 2, equipmentId: 5, shopFloorName: 'Confezionamento', lineName: 'Linea 2', equipmentName: 'Capper' };
    expect(await call('PUT', 'frontline', { shopFloorId: 1, lineId: 2, equipmentId: 5 })).toEqual({ status: 200, body: expected });
    tokens.frontline = await app.login('frontline');
    expect(await call('GET', 'frontline')).toEqual({ status: 200, body: expected });
    expect(await call('GET', 'demoit')).toEqual({ status: 200, body: null });
  });

  it('accepts ids as strings, as local storage keeps them', async () => {
    const r = await call('PUT', 'demoit', { shopFloorId: '1', lineId: '1', equipmentId: '1' });
    expect(r.body).toMatchObject({ lineId: 1, equipmentId: 1, equipmentName: 'Filler' });
  });

  it('lets support save a station without equipment', async () => {
    expect(await call('PUT', 'support', { shopFloorId: 1, lineId: 3, equipmentId: null })).toEqual({
      status: 200,
      body: { shopFloorId: 1, lineId: 3, equipmentId: null, shopFloorName: 'Confezionamento', lineName: 'Linea 3', equipmentName: null },
    });
    expect((await call('GET', 'support')).body).toMatchObject({ lineId: 3, equipmentId: null });
  });

  it('refuses with 400 naming the fields, and writes nothing', async () => {
    const before = await streamLength('frontline');
    const cases: Array<[unknown, string[]]> = [
      [{ shopFloorId: 1, lineId: 2 }, ['equipmentId']],
      [{ shopFloorId: 1, lineId: 2, equipmentId: 1 }, ['equipmentId']],
      [{ shopFloorId: 2, lineId: 2, equipmentId: 5 }, ['lineId', 'shopFloorId']],
      [{ shopFloorId: 1, lineId: 99, equipmentId: 5 }, ['equipmentId', 'lineId']],
      [{ shopFloorId: 'abc', lineId: 2.5 }, ['lineId', 'shopFloorId']],
      [{}, ['lineId', 'shopFloorId']],
    ];
    for (const [body, fields] of cases) {
      const r = await call('PUT', 'frontline', body);
      expect([body, r.status, Object.keys(r.body.error.fields).sort()]).toEqual([body, 400, fields]);
    }
    expect(await streamLength('frontline')).toBe(before);
    expect((await call('GET', 'frontline')).body).toMatchObject({ lineId: 2, equipmentId: 5 });
  });

  it('records nothing when the same station is saved again', async () => {
    const before = await streamLength('frontline');
    expect((await call('PUT', 'frontline', { shopFloorId: 1, lineId: 2, equipmentId: 5 })).status).toBe(200);
    expect(await streamLength('frontline')).toBe(before);
  });
});
