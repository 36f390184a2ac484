import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { describeWith } from '../../../test/support/services.js';
import { plannedBody, startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/**
 * The dashboard's calls over the demo plant (spec 000 §2 Dashboard, §4, §7, docs/dashboard.md):
 * two lines' reports on the kit's day (one a draft) and stops in shifts A and B.
 */
describeWith(['postgres'])('dashboard calls', () => {
  let kit: StopsKit;
  const ids: Record<string, number> = {};
  const get = async (path: string, as = 'frontline') => kit.call('GET', path, as);
  const summary = async (params: string) => get(`/factory/dashboard-improvement?shop_floor_id=1&date_from=${kit.day}&date_to=${kit.day}&${params}`);
  const report = async (type: string, lineId: number, shiftCode: string, productionVolume: number, waste: number, workingTime: number, day = kit.day) => {
    const data = { lineId, shopFloorId: 1, day, shiftCode, notes: '', machineNotes: [], productionVolume, waste, workingTime, by: 'frontline' };
    const { catalog, store } = kit.app.deps;
    const metadata = { userId: 'u', username: 'frontline', role: 'frontline', correlationId: randomUUID(), causationId: null, occurredAt: kit.now.toISOString() };
    await store.appendToStream(`shift-report-${lineId}-${day}-${shiftCode}`, [{ ...catalog.encode({ type, data }), metadata }], { expectedRevision: 'any' });
  };
  const daysAgo = (n: number) => DateTime.fromJSDate(kit.now, { zone: 'Europe/Rome' }).startOf('day').minus({ days: n }).toISODate()!;

  beforeAll(async () => {
    kit = await startStopsKit();
    const line2 = { workpoint_id: kit.ids.line2Workpoint, stop_code_id: kit.ids.line2StopCode };
    for (const s of [
      { start_time: kit.at('08:10'), end_time: kit.at('08:25') },
      { start_time: kit.at('15:00'), end_time: kit.at('15:20') },
      { ...line2, start_time: kit.at('07:00'), end_time: kit.at('07:45') },
    ])
      expect((await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, s))).status).toBe(201);
    expect((await kit.call('POST', '/factory/planned_stops', 'frontline', plannedBody(kit))).status).toBe(201);
    // Reports after the stops: a submitted shift takes no more stops.
    await report('ShiftReportSubmitted', 1, 'A', 11000, 120, 7.5);
    await report('ShiftReportAmended', 1, 'A', 12000, 100, 7.5);
    await report('ShiftReportSubmitted', 1, 'B', 8000, 50, 8);
    await report('ShiftReportSubmitted', 2, 'A', 9000, 0, 6);
    await report('ShiftReportDraftSaved', 2, 'B', 99999, 9, 8);
    await kit.app.deps.engine.settle();
    for (const s of (await get(`/factory/shifts?day=${kit.day}&shop_floor_id=1`)).body) ids[s.code] = s.id;
  });
  afterAll(async () => {
    await kit?.close();
  });

  // rated_volume: each line's def_speed (demo plant: Linea 1 12 000, Linea 2 10 000 pz/h) × its own hours.
  const LINE1_A = { volume: 12000, working_time: 450, waste: 100, stop_count: 1, total_unplanned_downtime: 15, total_planned_downtime: 30, rated_volume: 12000 * 7.5 };
  const ALL = {
    volume: 12000 + 8000 + 9000,
    working_time: 450 + 480 + 360,
    waste: 150,
    stop_count: 3,
    total_unplanned_downtime: 15 + 20 + 45,
    total_planned_downtime: 30,
    rated_volume: 12000 * (7.5 + 8) + 10000 * 6,
  };
  const NOTHING = { volume: 0, working_time: 0, waste: 0, stop_count: 0, total_unplanned_downtime: 0, total_planned_downtime: 0, rated_volume: 0 };

  it('sums the submitted reports (amended, drafts left out) and the stops of the lines and shifts', async () => {
    expect(await summary(`lines=Linea 1&shifts=${ids.A}`)).toEqual({ status: 200, body: LINE1_A });
    expect((await summary(`lines=Linea 1,Linea 2&shifts=${ids.A},${ids.B},`)).body).toEqual(ALL);
  });

  it('over several days counts only the days of the chosen shift ids, not every shift of their name', async () => {
    const before = DateTime.fromISO(kit.day).minus({ days: 1 }).toISODate()!;
    await report('ShiftReportSubmitted', 1, 'A', 5000, 10, 7, before);
    await kit.app.deps.engine.settle();
    const earlierA = ((await get(`/factory/shifts?day=${before}&shop_floor_id=1`)).body as Array<{ code: string; id: number }>).find((x) => x.code === 'A')!.id;
    const range = (shifts: string) => get(`/factory/dashboard-improvement?shop_floor_id=1&date_from=${before}&date_to=${kit.day}&lines=Linea 1&shifts=${shifts}`);
    // Only the later day's A: the earlier day's report is left out although its shift is also 'A'.
    expect((await range(`${ids.A}`)).body).toEqual(LINE1_A);
    expect((await range(`${earlierA}`)).body).toEqual({ ...NOTHING, volume: 5000, waste: 10, working_time: 420, rated_volume: 12000 * 7 });
    expect((await range(`${earlierA},${ids.A}`)).body).toEqual({ ...LINE1_A, volume: 17000, waste: 110, working_time: 870, rated_volume: 12000 * 14.5 });
  });

  it('accepts lists comma-joined, repeated, with empty entries, and URL-encoded', async () => {
    for (const params of [
      `lines=Linea 1&lines=Linea 2&shifts=${ids.A}&shifts=${ids.B}`,
      `lines=Linea%201%2CLinea%202&shifts=${ids.A}%2C${ids.B}%2C`,
      `lines=,Linea 1,,Linea 2,&shifts=,${ids.A},${ids.B},,&shifts=`,
      `lines=Linea 1,Linea 2,Linea 1&shifts=${ids.A},${ids.B},${ids.A},${ids.E}`,
    ])
      expect([params, (await summary(params)).body]).toEqual([params, ALL]);
  });

  it('answers zeros for an empty selection: no lines, no shifts, unknown line names, a range without data', async () => {
    for (const params of ['lines=&shifts=', `lines=&shifts=${ids.A}`, 'lines=Linea 1&shifts=', `lines=Nessuna&shifts=${ids.A}`, `shifts=${ids.A}`, 'lines=Linea 1']) {
      expect([params, await summary(params)]).toEqual([params, { status: 200, body: NOTHING }]);
    }
    const earlier = await get(`/factory/dashboard-improvement?shop_floor_id=1&date_from=${daysAgo(40)}&date_to=${daysAgo(30)}&lines=Linea 1&shifts=${ids.A}`);
    expect(earlier).toEqual({ status: 200, body: NOTHING });
  });

  it('refuses bad parameters with 400 naming them, an unknown shop floor with 404', async () => {
    const bad = await get('/factory/dashboard-improvement?shop_floor_id=x&date_from=2030-02-30&shifts=a');
    expect([bad.status, Object.keys(bad.body.error.fields).sort()]).toEqual([400, ['date_from', 'date_to', 'shifts', 'shop_floor_id']]);
    const reversed = await get(`/factory/dashboard-improvement?shop_floor_id=1&date_from=${kit.day}&date_to=${daysAgo(20)}&lines=Linea 1&shifts=${ids.A}`);
    expect([reversed.status, reversed.body.error.fields]).toEqual([400, { date_to: 'Precede date_from' }]);
    expect((await get(`/factory/dashboard-improvement?shop_floor_id=99&date_from=${kit.day}&date_to=${kit.day}&lines=Linea 1&shifts=1`)).status).toBe(404);
  });

  it('gives the volume history: one entry per day of the look-back, oldest first, 0 without a submitted report', async () => {
    const r = await get('/factory/volumes-history?shop_floor_id=1&line_id=1');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(30);
    expect(r.body[0].date).toBe(daysAgo(30));
    expect(r.body[29]).toEqual({ date: daysAgo(1), volume: 0 });
    expect(r.body.find((d: { date: string }) => d.date === kit.day)).toEqual({ date: kit.day, volume: 20000 });
    const both = (await get('/factory/volumes-history?shop_floor_id=1&line_id=1,2&days=10')).body;
    expect([both.length, both[0]]).toEqual([10, { date: kit.day, volume: 29000 }]);
    expect((await get('/factory/volumes-history?shop_floor_id=1&line_id=1&line_id=2&days=10')).body).toEqual(both);
    expect((await get('/factory/volumes-history?shop_floor_id=1&line_id=')).body).toEqual([]);
    expect((await get('/factory/volumes-history?shop_floor_id=1&line_id=1&days=0')).status).toBe(400);
  });

  it('finds the last production date, the last stop date and the default range; null when there is none', async () => {
    expect((await get('/factory/dashboard/last-production-date?shop_floor_id=1&line_id=1')).body).toEqual({ date: kit.day });
    expect((await get('/factory/dashboard/last-stop-date?shop_floor_id=1&line_id=2')).body).toEqual({ date: kit.day });
    expect((await get('/factory/dashboard/default-dates?shop_floor_id=1&line_id=1')).body).toEqual({ date_from: kit.day, date_to: kit.day, last_production_date: kit.day });
    expect((await get('/factory/dashboard/last-production-date?shop_floor_id=1&line_id=3')).body).toEqual({ date: null });
    expect((await get('/factory/dashboard/last-stop-date?shop_floor_id=1&line_id=')).body).toEqual({ date: null });
    const fallback = (await get('/factory/dashboard/default-dates?shop_floor_id=1&line_id=3')).body;
    const today = DateTime.fromJSDate(kit.now, { zone: 'Europe/Rome' });
    expect(fallback.date_from).toBe(daysAgo(today.weekday === 1 ? 3 : 1));
    expect(fallback.last_production_date).toBeNull();
  });

  it('answers the same after a blue/green rebuild of the dashboard read model', async () => {
    const answers = async () => ({
      summary: (await summary(`lines=Linea 1,Linea 2&shifts=${ids.A},${ids.B}`)).body,
      history: (await get('/factory/volumes-history?shop_floor_id=1&line_id=1,2&days=10')).body,
      stopDay: (await get('/factory/dashboard/last-stop-date?shop_floor_id=1&line_id=1,2')).body,
    });
    const before = await answers();
    expect(before.summary).toEqual(ALL);
    expect((await kit.app.deps.engine.rebuild('dashboard')).generation).toBeGreaterThan(1);
    expect(await answers()).toEqual(before);
  });

  it('sums a range with whole and partial months as the day rows do (month rollup plus edge days)', async () => {
    // Line 3 alone (no other test writes it): the calendar covers 70 days back, so 69 days back to yesterday hold at least one whole month.
    const from = daysAgo(69);
    const to = daysAgo(1);
    const firstWhole = DateTime.fromISO(from).day === 1 ? DateTime.fromISO(from) : DateTime.fromISO(from).startOf('month').plus({ months: 1 });
    const wholeStart = firstWhole.toISODate()!;
    const wholeEnd = firstWhole.endOf('month').toISODate()!;
    await report('ShiftReportSubmitted', 3, 'A', 1000, 10, 1, daysAgo(70)); // the day before the range: left out
    await report('ShiftReportSubmitted', 3, 'A', 100, 1, 1, from);
    await report('ShiftReportSubmitted', 3, 'A', 200, 2, 1, wholeStart);
    await report('ShiftReportSubmitted', 3, 'B', 400, 4, 1, wholeEnd);
    await report('ShiftReportAmended', 3, 'B', 450, 4.5, 1, wholeEnd);
    await report('ShiftReportSubmitted', 3, 'B', 800, 8, 1, to);
    await kit.app.deps.engine.settle();
    const shifts = (await kit.app.deps.knex('shifts').where({ shop_floor_id: 1 }).whereBetween('shift_day', [from, to]).whereIn('code', ['A', 'B']).select('id', 'code')) as Array<{
      id: string;
      code: string;
    }>;
    const ask = (ids: string[]) => get(`/factory/dashboard-improvement?shop_floor_id=1&date_from=${from}&date_to=${to}&lines=Linea 3&shifts=${ids.join(',')}`);
    const expected = { ...NOTHING, volume: 100 + 200 + 450 + 800, waste: 1 + 2 + 4.5 + 8, working_time: 4 * 60, rated_volume: 8000 * 4 }; // Linea 3: 8 000 pz/h
    // Every A and B shift of the range: read from the month rollup for whole months.
    expect(await ask(shifts.map((x) => x.id))).toEqual({ status: 200, body: expected });
    // The same figures straight from the day rows.
    const days = await kit.app.deps
      .knex('dashboard_days')
      .where({ line_id: 3 })
      .whereBetween('day', [from, to])
      .sum({ volume: 'volume', waste: 'waste', minutes: 'working_minutes' });
    expect(days.map((r: Record<string, unknown>) => [Number(r.volume), Number(r.waste), Number(r.minutes)])).toEqual([[expected.volume, expected.waste, expected.working_time]]);
    // Not every shift of the codes (one A left out): the day rows joined to the chosen shifts, same figures.
    const lastA = (await kit.app.deps.knex('shifts').where({ shop_floor_id: 1, shift_day: to, code: 'A' }).first('id')) as { id: string };
    expect((await ask(shifts.filter((x) => x.id !== lastA.id).map((x) => x.id))).body).toEqual(expected);
    expect((await ask(shifts.filter((x) => x.code === 'B').map((x) => x.id))).body).toEqual({ ...NOTHING, volume: 1250, waste: 12.5, working_time: 120, rated_volume: 8000 * 2 });
    // By code (what the page sends past a list's 1,000 ids): every shift of the codes, the same figures.
    const byCodes = (codes: string, extra = '') => get(`/factory/dashboard-improvement?shop_floor_id=1&date_from=${from}&date_to=${to}&lines=Linea 3&shift_codes=${codes}${extra}`);
    expect(await byCodes('A,B')).toEqual({ status: 200, body: expected });
    expect((await byCodes('B')).body).toEqual({ ...NOTHING, volume: 1250, waste: 12.5, working_time: 120, rated_volume: 8000 * 2 });
    expect((await byCodes('Z')).body).toEqual(NOTHING);
    const tooLong = await byCodes('ABCDEFGHIJK');
    expect([tooLong.status, tooLong.body.error.fields]).toEqual([400, { shift_codes: 'Codice turno troppo lungo' }]);
    // As it stood after the reports (the temporal read model), by code as by id.
    const later = encodeURIComponent(DateTime.fromJSDate(kit.now, { zone: 'Europe/Rome' }).plus({ days: 1 }).toISO({ includeOffset: false })!);
    expect((await byCodes('A,B', `&as_of=${later}`)).body).toEqual(expected);
    // A range inside one month (no whole month): the day rows only.
    const inside = await get(
      `/factory/dashboard-improvement?shop_floor_id=1&date_from=${wholeStart}&date_to=${firstWhole.plus({ days: 1 }).toISODate()}&lines=Linea 3&shifts=${shifts.map((x) => x.id).join(',')}`,
    );
    expect(inside.body).toEqual({ ...NOTHING, volume: 200, waste: 2, working_time: 60, rated_volume: 8000 });
    const history = (await get('/factory/volumes-history?shop_floor_id=1&line_id=3&days=70')).body as Array<{ date: string; volume: number }>;
    const on = (d: string) => history.find((x) => x.date === d)?.volume;
    expect([on(daysAgo(70)), on(from), on(wholeStart), on(wholeEnd), on(to), history.reduce((a, x) => a + x.volume, 0)]).toEqual([1000, 100, 200, 450, 800, 2550]);
  });

  it('filters the unplanned stop list by the dashboard’s shift_id', async () => {
    const list = async (shift: string) =>
      (await get(`/factory/stop_events/unplanned?shop_floor_id=1&date_from=${kit.day}&date_to=${kit.day}&lines_id=1,2${shift}`)).body.map((s: any) => s.start_time.slice(11, 16));
    expect(await list('')).toEqual(['07:00', '08:10', '15:00']);
    expect(await list(`&shift_id=${ids.A}`)).toEqual(['07:00', '08:10']);
    expect(await list(`&shift_id=${ids.B}`)).toEqual(['15:00']);
    expect(await list(`&shift_id=${ids.A},${ids.B}`)).toEqual(['07:00', '08:10', '15:00']);
  });
});
