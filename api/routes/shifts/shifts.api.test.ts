import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

/** Shift lists and the admin's generation over the demo plant (shop floor 1: A, B, C and the managed Turno E). */
describeWith(['postgres'])('shifts endpoints', () => {
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
  const generate = (body: unknown, as = 'admin') => call('POST', '/admin/generate-shifts', as, body);
  const calendarLength = async () => (await app.deps.store.readStream('shift-calendar-1')).length;

  beforeAll(async () => {
    app = await startTestApp();
    for (const role of ['admin', 'frontline', 'support']) tokens[role] = await app.login(role);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('seeds the demo calendar around today: GET /factory/shifts gives the day’s shifts with the spec’s fields', async () => {
    const today = DateTime.now().setZone(PLANT_ZONE).toISODate();
    const r = await call('GET', `/factory/shifts?day=${today}&shop_floor_id=1`, 'frontline');
    expect(r.status).toBe(200);
    expect(r.body.map((s: any) => s.name)).toEqual(['Turno A', 'Turno E', 'Turno B', 'Turno C']);
    expect(Object.keys(r.body[0]).sort()).toEqual(['code', 'end_time', 'id', 'name', 'shift_day', 'start_time']);
    expect(r.body.every((s: any) => s.shift_day === today && s.id > 1_000_000)).toBe(true);
  });

  it('generates shifts for admins only', async () => {
    for (const role of ['frontline', 'support']) {
      const r = await generate({ shop_floor_id: 1, start_date: '2031-03-29', end_date: '2031-03-31' }, role);
      expect([role, r.status, r.body.error.code]).toEqual([role, 403, 'FORBIDDEN']);
    }
  });

  it('never duplicates a shift when overlapping ranges are generated', async () => {
    expect((await generate({ shop_floor_id: 1, start_date: '2031-03-29', end_date: '2031-03-31' })).body).toEqual({
      shop_floor_id: 1,
      start_date: '2031-03-29',
      end_date: '2031-03-31',
      created: 12,
    });
    expect((await generate({ shop_floor_id: '1', start_date: '2031-03-30', end_date: '2031-04-01' })).body.created).toBe(4);
    expect((await generate({ shop_floor_id: 1, start_date: '2031-03-29', end_date: '2031-04-01' })).body.created).toBe(0);
    const range = await call('GET', '/factory/shifts-range?date_from=2031-03-29&date_to=2031-04-01&shop_floor_id=1&extraShift=true', 'frontline');
    expect(range.body).toHaveLength(16);
    expect(new Set(range.body.map((s: any) => `${s.shift_day}|${s.code}`)).size).toBe(16);
  });

  it('shifts-range includes Turno E only with extraShift=true (default false)', async () => {
    const path = '/factory/shifts-range?date_from=2031-03-29&date_to=2031-04-01&shop_floor_id=1';
    expect((await call('GET', `${path}&extraShift=false`, 'frontline')).body).toHaveLength(12);
    const without = (await call('GET', path, 'frontline')).body;
    expect(without).toHaveLength(12);
    expect(without.some((s: any) => s.name === 'Turno E')).toBe(false);
  });

  it('gives a night shift to the day it starts, across the change to summer time', async () => {
    const day = (await call('GET', '/factory/shifts?day=2031-03-29&shop_floor_id=1', 'frontline')).body;
    expect(day.find((s: any) => s.code === 'C')).toMatchObject({ shift_day: '2031-03-29', start_time: '2031-03-29T22:00:00+01:00', end_time: '2031-03-30T06:00:00+02:00' });
    const next = (await call('GET', '/factory/shifts?day=2031-03-30&shop_floor_id=1', 'frontline')).body;
    expect(next.filter((s: any) => s.code === 'C').map((s: any) => s.start_time)).toEqual(['2031-03-30T22:00:00+02:00']);
  });

  it('accepts 366 days and refuses 367, writing nothing', async () => {
    expect((await generate({ shop_floor_id: 1, start_date: '2032-01-01', end_date: '2032-12-31' })).body.created).toBe(366 * 3 + 366);
    const before = await calendarLength();
    const r = await generate({ shop_floor_id: 1, start_date: '2033-01-01', end_date: '2034-01-02' });
    expect([r.status, r.body.error.message]).toEqual([400, 'Intervallo troppo lungo: al massimo 366 giorni']);
    expect(await calendarLength()).toBe(before);
  });

  it('refuses a start after the end and malformed input with 400, unknown shop floors with 404', async () => {
    const before = await calendarLength();
    const swapped = await generate({ shop_floor_id: 1, start_date: '2031-05-02', end_date: '2031-05-01' });
    expect([swapped.status, Object.keys(swapped.body.error.fields)]).toEqual([400, ['end_date']]);
    const malformed = await generate({ shop_floor_id: 'uno', start_date: '2031-13-01' });
    expect([malformed.status, Object.keys(malformed.body.error.fields).sort()]).toEqual([400, ['end_date', 'shop_floor_id', 'start_date']]);
    expect((await generate({ shop_floor_id: 99, start_date: '2031-05-01', end_date: '2031-05-01' })).status).toBe(404);
    expect(await calendarLength()).toBe(before);
  });

  it('validates the list parameters', async () => {
    const bad = async (path: string, field: string) => {
      const r = await call('GET', path, 'frontline');
      expect([path, r.status, Object.keys(r.body.error.fields ?? {})]).toEqual([path, 400, [field]]);
    };
    await bad('/factory/shifts?day=2031-02-30&shop_floor_id=1', 'day');
    await bad('/factory/shifts?day=2031-02-03', 'shop_floor_id');
    await bad('/factory/shifts-range?date_from=2031-02-03&date_to=2031-02-01&shop_floor_id=1', 'date_to');
    await bad('/factory/shifts-range?date_from=2031-02-01&date_to=2031-02-03&shop_floor_id=1&extraShift=maybe', 'extraShift');
    expect((await call('GET', '/factory/shifts?day=2031-02-03&shop_floor_id=99', 'frontline')).status).toBe(404);
    expect((await call('GET', '/factory/shifts-range?date_from=2031-02-01&date_to=2031-02-03&shop_floor_id=99', 'frontline')).status).toBe(404);
  });
});
