import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

/**
 * `GET /factory/dashboard-improvement?as_of=`: the summary as it stood at a moment, from the
 * dashboard_history read model. Stops are recorded and deleted at known times of the server's
 * clock; between two events the earlier state shows, exactly at an event it is included; a
 * rebuild reproduces the same validity intervals.
 */
describeWith(['postgres'])('dashboard summary as of a moment', () => {
  let app: TestApp;
  let token: string;
  let now = new Date();
  const minute = (m: number) => new Date(T0.getTime() + m * 60_000);
  const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const day = DateTime.fromJSDate(T0, { zone: PLANT_ZONE }).startOf('day').minus({ days: 10 }).toISODate()!;
  const nextDay = DateTime.fromISO(day).plus({ days: 1 }).toISODate()!;
  const at = (hhmm: string, onDay = day) => DateTime.fromISO(`${onDay}T${hhmm}`, { zone: PLANT_ZONE }).toISO({ suppressMilliseconds: true })!;
  let record: (from: string, to: string, onDay?: string) => Promise<number>;
  let query = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const summary = async (asOf?: Date) => (await call('GET', `/factory/dashboard-improvement?${query}${asOf ? `&as_of=${encodeURIComponent(asOf.toISOString())}` : ''}`)).body;
  const stops = (s: any) => [s.stop_count, s.total_unplanned_downtime];

  beforeAll(async () => {
    app = await startTestApp({ clock: () => now });
    token = await app.login('admin');
    const shifts = (await call('GET', `/factory/shifts-range?shop_floor_id=1&date_from=${day}&date_to=${day}`)).body as Array<{ id: number }>;
    query = `shop_floor_id=1&lines=Linea 1&shifts=${shifts.map((s) => s.id).join(',')}&date_from=${day}&date_to=${day}`;
    const workpoint = (await call('GET', '/factory/workpoints?equipment_id=1')).body[0].id;
    const stopCode = (await call('GET', `/factory/stop_codes?workpoint_id=${workpoint}`)).body[0].id;
    record = async (from: string, to: string, onDay = day) => {
      const r = await call('POST', '/factory/stop_events', {
        workpoint_id: workpoint,
        stop_code_id: stopCode,
        triggering_event_id: 1,
        failure_mode: 'Coclea',
        corrective_action: 'Riavvio',
        action_material_change: false,
        action_cleaning: false,
        action_setting_adjustment: false,
        action_component_restore: false,
        start_time: at(from, onDay),
        end_time: at(to, onDay),
      });
      expect(r.status).toBe(201);
      return r.body.id as number;
    };
    now = minute(1);
    const first = await record('08:10', '08:25'); // 15 min
    now = minute(2);
    await record('09:00', '09:20'); // 20 min
    now = minute(3);
    expect((await call('DELETE', `/factory/stop_events/delete_unplanned/${first}`)).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sums what was valid at the moment: before, between and after the events, and exactly at one', async () => {
    expect(stops(await summary(minute(0)))).toEqual([0, 0]);
    expect(stops(await summary(minute(1)))).toEqual([1, 15]);
    expect(stops(await summary(new Date(minute(1).getTime() + 30_000)))).toEqual([1, 15]);
    expect(stops(await summary(minute(2)))).toEqual([2, 35]);
    expect(stops(await summary(new Date(minute(3).getTime() - 1)))).toEqual([2, 35]);
    expect(stops(await summary(minute(3)))).toEqual([1, 20]);
    expect(stops(await summary())).toEqual([1, 20]);
  });

  it('reproduces the same validity intervals after a rebuild', async () => {
    const rows = () => app.deps.knex('dashboard_history_stops').select('id', 'minutes', 'valid_from', 'valid_to').orderBy('id');
    const before = await rows();
    expect(before).toHaveLength(2);
    await app.deps.engine.rebuild('dashboard_history');
    expect((await app.deps.engine.liveRow('dashboard_history'))!.generation).toBe(2);
    expect(await rows()).toEqual(before);
    expect(stops(await summary(new Date(minute(2).getTime() + 30_000)))).toEqual([2, 35]);
  });

  it('places each stop in the regular shift holding its start, night shift after midnight included, as the live summary does', async () => {
    // The day's shifts: A 06-14, B 14-22, C 22-06 of the next morning; the extra E (08-16) never counts.
    now = minute(10);
    await record('23:00', '23:10'); // C of the day
    await record('01:30', '01:45', nextDay); // C of the day too: its start's Italian day is the next one
    await record('10:00', '10:05'); // A (E holds it as well)
    await record('06:30', '06:40', nextDay); // A of the next day: not chosen
    now = minute(11);
    const live = await summary();
    expect(stops(live)).toEqual([4, 20 + 10 + 15 + 5]);
    expect(await summary(minute(11))).toEqual(live);
    expect(stops(await summary(minute(3)))).toEqual([1, 20]);
  });

  it("rates each shift at the design speed in force at its start: a later change leaves a past shift's figure, live, as of a moment and on the board", async () => {
    // Two and three days after the plant was set up (Linea 2 at 10 000 pz/h since then); both Turno A (06-14) reports say 60 000 pz in 8 h.
    const first = DateTime.fromJSDate(T0, { zone: PLANT_ZONE }).startOf('day').plus({ days: 2 }).toISODate()!;
    const second = DateTime.fromISO(first).plus({ days: 1 }).toISODate()!;
    const clockAt = (hhmm: string, onDay: string) => new Date(at(hhmm, onDay));
    const sendA = async (onDay: string) => {
      const r = await call('POST', '/factory/shift_notes/submit', {
        day: onDay,
        shift_code: 'A',
        line_name: 'Linea 2',
        notes: 'Turno regolare',
        machine_notes: [{ Macchina: 'Filler', Nota: 'ok' }],
        production_volume: 60_000,
        waste: 600,
        working_time: 8,
      });
      expect(r.status).toBe(200);
    };
    const shifts = (await call('GET', `/factory/shifts-range?shop_floor_id=1&date_from=${first}&date_to=${second}`)).body as Array<{ id: number; code: string; shift_day: string }>;
    const idsOf = (days: string[]) => shifts.filter((x) => x.code === 'A' && days.includes(x.shift_day)).map((x) => x.id);
    const rated = async (days: string[], asOf?: Date) =>
      (
        await call(
          'GET',
          `/factory/dashboard-improvement?shop_floor_id=1&lines=Linea 2&shifts=${idsOf(days).join(',')}&date_from=${days[0]}&date_to=${days.at(-1)}${asOf ? `&as_of=${encodeURIComponent(asOf.toISOString())}` : ''}`,
        )
      ).body.rated_volume;
    const boardSpeed = async () => (await call('GET', '/factory/board?shop_floor_id=1&line_id=2')).body.lines[0].def_speed;

    now = clockAt('15:00', first);
    await sendA(first);
    expect(await rated([first])).toBe(10_000 * 8);

    // 15:30: the design speed becomes 15 000 pz/h, from now on.
    now = clockAt('15:30', first);
    const constants = { ...(await call('GET', '/factory/dbr_constants/2')).body };
    expect(constants.def_speed).toBe(10_000);
    delete constants.line_id;
    expect((await call('PUT', '/factory/dbr_constants/2', { ...constants, def_speed: 15_000 })).status).toBe(200);
    now = clockAt('16:00', first);
    expect(await rated([first])).toBe(10_000 * 8);
    expect(await rated([first], clockAt('15:10', first))).toBe(10_000 * 8);
    expect(await rated([first], clockAt('16:00', first))).toBe(10_000 * 8);
    // Turno B began at 14:00, before the change: the board keeps its speed until the shift ends.
    expect(await boardSpeed()).toBe(10_000);

    // The next day's Turno A began after the change: its own rate is 15 000 × 8.
    now = clockAt('15:00', second);
    await sendA(second);
    expect(await boardSpeed()).toBe(15_000);
    expect(await rated([second])).toBe(15_000 * 8);
    expect(await rated([first, second])).toBe(10_000 * 8 + 15_000 * 8);
    expect(await rated([first, second], now)).toBe(10_000 * 8 + 15_000 * 8);
    expect(await rated([first, second], clockAt('16:00', first))).toBe(10_000 * 8);

    // Rebuilt from the events, the read models say the same.
    await app.deps.engine.rebuild('dashboard');
    await app.deps.engine.rebuild('dashboard_history');
    expect(await rated([first, second])).toBe(10_000 * 8 + 15_000 * 8);
    expect(await rated([first], clockAt('16:00', first))).toBe(10_000 * 8);
  });

  it('refuses an as_of that is not an ISO time with 400', async () => {
    const r = await call('GET', `/factory/dashboard-improvement?${query}&as_of=ieri`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.error.fields)).toEqual(['as_of']);
  });
});
