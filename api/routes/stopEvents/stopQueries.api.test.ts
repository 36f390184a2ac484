import { DateTime } from 'luxon';
import { DEMO_ROLES as ROLES } from '../../../domain/users/roles.js';
import { describeWith } from '../../../test/support/services.js';
import { plannedBody, startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/**
 * The line log's stop tables (one shift) and the Root Cause Tool's / dashboard's list
 * (a range of shift days), then a rebuild of the read models that must answer the same.
 */
describeWith(['postgres'])('stop lists', () => {
  let kit: StopsKit;
  let previousDay: string;
  const shiftIds: Record<string, number> = {};
  const get = async (path: string, as = 'frontline') => kit.call('GET', path, as);
  const byShift = async (code: string, lines = '1', kind = 'unplanned') =>
    (await get(`/factory/stop_events/${kind}_by_shift?shop_floor_id=1&lines_id=${lines}&shift_code=${code}&day=${kit.day}`)).body;
  const range = async (from: string, to: string, extra = '') =>
    (await get(`/factory/stop_events/unplanned?shop_floor_id=1&date_from=${from}&date_to=${to}&lines_id=1&lines_id=2${extra}`)).body;
  const starts = (rows: any[]) => rows.map((s) => `L${s.workpoint_rel.equipment_rel.line_rel.id} ${s.start_time.slice(5, 16)}`);
  /** 'MM-DDTHH:MM' of an instant written with the Italian offset (kit.at). */
  const hm = (iso: string) => iso.slice(5, 16);

  beforeAll(async () => {
    kit = await startStopsKit();
    previousDay = DateTime.fromISO(kit.day).minus({ days: 1 }).toISODate()!;
    const line2 = { workpoint_id: kit.ids.line2Workpoint, stop_code_id: kit.ids.line2StopCode };
    const stops: Array<Record<string, unknown>> = [
      { start_time: kit.at('15:00'), end_time: kit.at('15:20') },
      { start_time: kit.at('08:10'), end_time: kit.at('08:25') },
      { start_time: kit.at('02:00', kit.nextDay), end_time: kit.at('02:30', kit.nextDay) },
      { ...line2, start_time: kit.at('07:00'), end_time: kit.at('07:45') },
      { start_time: kit.at('06:30', kit.nextDay), end_time: kit.at('06:40', kit.nextDay) },
      { start_time: kit.at('01:00'), end_time: kit.at('01:10') },
    ];
    for (const s of stops) expect((await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, s))).status).toBe(201);
    expect((await kit.call('POST', '/factory/planned_stops', 'frontline', plannedBody(kit))).status).toBe(201);
    for (const s of (await get(`/factory/shifts?day=${kit.day}&shop_floor_id=1`)).body) shiftIds[s.code] = s.id;
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('gives the stops whose start lies in that day’s shift of the code, for the lines asked, by start time', async () => {
    const at = (hhmm: string, day = kit.day) => `L1 ${hm(kit.at(hhmm, day))}`;
    expect(starts(await byShift('A'))).toEqual([at('08:10')]);
    expect(starts(await byShift('A', '1,2'))).toEqual([`L2 ${hm(kit.at('07:00'))}`, at('08:10')]);
    expect(starts(await byShift('E'))).toEqual([at('08:10'), at('15:00')]);
    expect(starts(await byShift('B'))).toEqual([at('15:00')]);
    expect(starts(await byShift('C'))).toEqual([at('02:00', kit.nextDay)]);
    expect(await byShift('A', '3')).toEqual([]);
    expect(await byShift('A', '')).toEqual([]);
  });

  it('lists a range by shift day: a night stop counts for the evening its shift began', async () => {
    const day = await range(kit.day, kit.day);
    expect(starts(day)).toEqual([`L2 ${hm(kit.at('07:00'))}`, `L1 ${hm(kit.at('08:10'))}`, `L1 ${hm(kit.at('15:00'))}`, `L1 ${hm(kit.at('02:00', kit.nextDay))}`]);
    expect(starts(await range(previousDay, previousDay))).toEqual([`L1 ${hm(kit.at('01:00'))}`]);
    expect(await range(previousDay, kit.nextDay)).toHaveLength(6);
    expect(day.map((s: any) => s.duration_minutes)).toEqual([45, 15, 20, 30]);
  });

  it('narrows the range to shifts by id, repeated or comma-joined', async () => {
    expect(starts(await range(kit.day, kit.day, `&shift_id=${shiftIds.C}`))).toEqual([`L1 ${hm(kit.at('02:00', kit.nextDay))}`]);
    const aOrE = await range(kit.day, kit.nextDay, `&shift_id=${shiftIds.A},${shiftIds.E}`);
    expect(starts(aOrE)).toEqual([`L2 ${hm(kit.at('07:00'))}`, `L1 ${hm(kit.at('08:10'))}`, `L1 ${hm(kit.at('15:00'))}`]);
    expect(await range(kit.day, kit.nextDay, `&shift_id=${shiftIds.A}&shift_id=${shiftIds.E}`)).toEqual(aOrE);
  });

  it('carries the saved root cause, for the Root Cause Tool', async () => {
    const [first] = await byShift('A');
    expect(first.root_cause).toBeNull();
    await kit.call('POST', '/factory/root_cause', 'support', { stop_event_id: first.id, root_cause: 'Guida usurata', troubleshooting: 'Sostituita la guida' });
    expect((await byShift('A'))[0].root_cause).toEqual({ root_cause: 'Guida usurata', troubleshooting: 'Sostituita la guida', whys: ['', '', '', '', ''], category: '' });
    expect((await range(kit.day, kit.day)).find((s: any) => s.id === first.id).root_cause).toEqual({
      root_cause: 'Guida usurata',
      troubleshooting: 'Sostituita la guida',
      whys: ['', '', '', '', ''],
      category: '',
    });
  });

  it('is readable by every role', async () => {
    for (const role of ROLES)
      expect([role, (await get(`/factory/stop_events/unplanned?shop_floor_id=1&date_from=${kit.day}&date_to=${kit.day}&lines_id=1`, role)).status]).toEqual([role, 200]);
  });

  it('refuses bad parameters with 400 naming them, unknown shop floors and shifts with 404', async () => {
    const bad = async (path: string, fields: string[]) => {
      const r = await get(path);
      expect([path, r.status, Object.keys(r.body.error.fields ?? {}).sort()]).toEqual([path, 400, fields]);
    };
    await bad('/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=1', ['day', 'shift_code']);
    await bad(`/factory/stop_events/planned_by_shift?shop_floor_id=x&lines_id=1,a&shift_code=A&day=${kit.day}`, ['lines_id', 'shop_floor_id']);
    await bad(`/factory/stop_events/unplanned?shop_floor_id=1&date_from=${kit.day}&date_to=${previousDay}&lines_id=1`, ['date_to']);
    await bad('/factory/stop_events/unplanned?shop_floor_id=1&date_from=2030-01-01&date_to=2031-01-02&lines_id=1', ['date_to']);
    await bad('/factory/stop_events/unplanned?shop_floor_id=1&date_from=2030-02-30&lines_id=1&shift_id=0', ['date_from', 'date_to', 'shift_id']);
    for (const path of [
      `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=1&shift_code=Z&day=${kit.day}`,
      `/factory/stop_events/planned_by_shift?shop_floor_id=1&lines_id=1&shift_code=A&day=2000-01-01`,
      `/factory/stop_events/unplanned_by_shift?shop_floor_id=9&lines_id=1&shift_code=A&day=${kit.day}`,
      `/factory/stop_events/unplanned?shop_floor_id=1&date_from=${kit.day}&date_to=${kit.day}&lines_id=1&shift_id=9000001`,
    ])
      expect([path, (await get(path)).status]).toEqual([path, 404]);
  });

  it('answers the same after the stop and root cause read models are dropped and rebuilt from the events', async () => {
    const answers = async () => ({
      a: await byShift('A', '1,2'),
      e: await byShift('E'),
      c: await byShift('C'),
      planned: await byShift('A', '1', 'planned'),
      range: await range(previousDay, kit.nextDay),
      rootCause: (await get(`/factory/root_cause/${(await byShift('A'))[0].id}`)).body,
    });
    const before = await answers();
    expect(before.planned).toHaveLength(1);
    const generations = [];
    for (const name of ['stops', 'root_causes']) generations.push((await kit.app.deps.engine.rebuild(name)).generation);
    expect(generations.every((g) => g > 1)).toBe(true);
    expect(await answers()).toEqual(before);
  });
});
