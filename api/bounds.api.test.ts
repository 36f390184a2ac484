import { describeWith } from '../test/support/services.js';
import { refusalChecker } from '../test/support/refusals.js';
import { plannedBody, startStopsKit, unplannedBody, type StopsKit } from '../test/builders/stopsTestKit.js';

/** The plant's calendar as docs/bounds.md states it, written out here (not read from the code). */
const OUT_OF_RANGE = "Data fuori dal calendario dell'impianto (dal 01/01/2000 al 31/12/2099)";

/**
 * The bounds of docs/bounds.md through the public calls: each absurd input is a 400 naming
 * the field with its Italian message and writes nothing, and the inputs at the edge of a
 * bound are accepted and reach every read model (a stalled one would leave them out).
 */
describeWith(['postgres'])('input bounds', () => {
  let kit: StopsKit;
  const refused = refusalChecker(() => kit.eventCount());
  const bad = async (method: string, path: string, body: unknown, as = 'frontline') => {
    const r = await refused(() => kit.call(method, path, as, body));
    expect([path, r.status]).toEqual([path, 400]);
    return r.body.error as { code: string; message: string; fields?: Record<string, string> };
  };
  const report = (over: Record<string, unknown>) => ({ day: kit.day, shift_code: 'A', line_name: 'Linea 1', notes: '', machine_notes: [], ...over });

  beforeAll(async () => {
    kit = await startStopsKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('refuses a planned stop of 27 years (2000-01-01 to the kit’s day) and accepts one of exactly a week', async () => {
    const long = await bad('POST', '/factory/planned_stops', plannedBody(kit, { start_time: '2000-01-01T00:00:00+01:00', end_time: kit.at('06:00') }));
    expect(long.fields).toEqual({ end_time: "Al massimo 168 ore dopo l'inizio" });
    expect(long.message).toBe('Controlla le date: uno stop pianificato dura al massimo 168 ore');
    const week = await kit.call(
      'POST',
      '/factory/planned_stops',
      'frontline',
      plannedBody(kit, { start_time: kit.at('06:00', '2000-01-03'), end_time: kit.at('06:00', '2000-01-10') }),
    );
    expect([week.status, week.body.duration_minutes]).toEqual([201, 7 * 24 * 60]);
  });

  it('refuses stops that start before the plant’s calendar with 400, not 500', async () => {
    const planned = await bad('POST', '/factory/planned_stops', plannedBody(kit, { start_time: '1999-12-31T23:00:00+01:00', end_time: '2000-01-01T00:30:00+01:00' }));
    expect(planned.fields).toEqual({ start_time: OUT_OF_RANGE });
    const unplanned = await bad('POST', '/factory/stop_events', unplannedBody(kit, { start_time: '1999-12-31T23:50:00+01:00', end_time: '2000-01-01T00:10:00+01:00' }));
    expect(unplanned.fields).toEqual({ start_time: OUT_OF_RANGE });
    const ancient = await bad('POST', '/factory/stop_events', unplannedBody(kit, { start_time: '0001-01-01T08:00:00Z', end_time: '0001-01-01T08:10:00Z' }));
    expect(ancient.fields?.start_time).toBe(OUT_OF_RANGE);
  });

  it('refuses days outside the calendar in every call that takes one', async () => {
    for (const day of ['0000-01-01', '1999-12-31', '2100-01-01']) {
      const q = `shop_floor_id=1&lines_id=1&shift_code=A&day=${day}`;
      expect([day, (await kit.call('GET', `/factory/stop_events/unplanned_by_shift?${q}`)).body.error?.fields]).toEqual([day, { day: OUT_OF_RANGE }]);
      expect([day, (await kit.call('GET', `/factory/shift_notes?day=${day}&shift_code=A&line_name=Linea%201`)).body.error?.fields]).toEqual([day, { day: OUT_OF_RANGE }]);
      expect([day, (await kit.call('GET', `/factory/shifts?day=${day}&shop_floor_id=1`)).body.error?.fields]).toEqual([day, { day: OUT_OF_RANGE }]);
    }
    for (const day of ['0000-01-01', '1999-12-31']) {
      const asOf = await kit.call('GET', `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=1&shift_code=A&day=${kit.day}&as_of=${day}T08:00`);
      expect([day, asOf.status, asOf.body.error?.fields]).toEqual([day, 400, { as_of: OUT_OF_RANGE }]);
    }
    expect((await bad('POST', '/factory/shift_notes/save', report({ day: '0000-01-01' }))).fields).toEqual({ day: OUT_OF_RANGE });
    expect((await bad('POST', '/factory/dbr_actions', { day: '2100-01-01', line: 'Linea 1', owner: 'Mario', activity: 'Pulire' }, 'support')).fields).toEqual({
      day: OUT_OF_RANGE,
    });
    expect((await kit.call('GET', '/factory/pareto-fermate?shop_floor_id=1&line_id=1&month=0000-01')).body.error?.fields).toEqual({ month: OUT_OF_RANGE });
    expect((await kit.call('GET', `/factory/shift_notes?day=${kit.day}&shift_code=A&line_name=Linea%201&as_of=0000-01-01T00:00`)).body.error?.fields).toEqual({
      as_of: OUT_OF_RANGE,
    });
  });

  it('refuses a shift generation for the last week of 9999 and accepts the calendar’s last week, whose shifts reach the read models', async () => {
    const late = await bad('POST', '/admin/generate-shifts', { shop_floor_id: 1, start_date: '9999-12-25', end_date: '9999-12-31' }, 'admin');
    expect(late.fields).toEqual({ start_date: OUT_OF_RANGE, end_date: OUT_OF_RANGE });
    const last = await kit.call('POST', '/admin/generate-shifts', 'admin', { shop_floor_id: 1, start_date: '2099-12-25', end_date: '2099-12-31' });
    expect(last.status).toBe(200);
    const shifts = (await kit.call('GET', '/factory/shifts?day=2099-12-31&shop_floor_id=1')).body as Array<{ code: string }>;
    expect(shifts.map((s) => s.code).sort()).toEqual(['A', 'B', 'C', 'E']);
    // The read models took them in: a stop recorded after them is listed at once.
    const stop = await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, { start_time: kit.at('09:00'), end_time: kit.at('09:05') }));
    expect(stop.status).toBe(201);
    const listed = (await kit.call('GET', `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=1&shift_code=A&day=${kit.day}`)).body as Array<{ id: number }>;
    expect(listed.map((s) => s.id)).toContain(stop.body.id);
    const health = (await kit.call('GET', '/health')).body as { projections: Array<{ name: string; state: string }> };
    expect(health.projections.filter((p) => p.state !== 'live')).toEqual([]);
  });

  it('refuses absurd report figures, naming each field', async () => {
    const huge = await bad('POST', '/factory/shift_notes/save', report({ production_volume: 1e12, waste: 1_000_000_001, working_time: 25 }));
    expect(huge.fields).toEqual({ production_volume: 'Al massimo 1.000.000.000', waste: 'Al massimo 1.000.000.000', working_time: 'Al massimo 24 ore' });
    const endless = await bad('POST', '/factory/shift_notes/save', report({ production_volume: '9'.repeat(400) }));
    expect(endless.fields).toEqual({ production_volume: 'Deve essere un numero' });
    const edge = await kit.call('POST', '/factory/shift_notes/save', 'frontline', report({ production_volume: 1_000_000_000, waste: 0 }));
    expect(edge.status).toBe(200);
  });

  it('refuses DBR constants beyond a billion in magnitude', async () => {
    const constants = {
      def_speed: 1e10,
      def_uptime: 0,
      def_mtbf: 0,
      def_waste: 0,
      def_volume: -1e10,
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
    const r = await bad('PUT', '/factory/dbr_constants/1', constants, 'admin');
    expect(r.fields).toEqual({ def_speed: 'Deve essere compreso tra -1.000.000.000 e 1.000.000.000', def_volume: 'Deve essere compreso tra -1.000.000.000 e 1.000.000.000' });
    expect((await kit.call('PUT', '/factory/dbr_constants/1', 'admin', { ...constants, def_speed: 1e9, def_volume: -1e9 })).status).toBe(200);
  });

  it('bounds list parameters at 1000 entries, the average’s 65,535 ids included', async () => {
    const ids = Array.from({ length: 65_535 }, (_, i) => i + 1);
    const average = await bad('POST', '/factory/dbr_constants/average', ids);
    expect(average.fields).toEqual({ _: 'Al massimo 1000 elementi' });
    const lines = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    const r = await kit.call('GET', `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=${lines}&shift_code=A&day=${kit.day}`);
    expect([r.status, r.body.error.fields]).toEqual([400, { lines_id: 'Al massimo 1000 elementi' }]);
    const names = Array.from({ length: 1001 }, (_, i) => `L${i}`).join(',');
    const d = await kit.call('GET', `/factory/dashboard-improvement?shop_floor_id=1&lines=${names}&shifts=&date_from=${kit.day}&date_to=${kit.day}`, 'support');
    expect([d.status, d.body.error.fields]).toEqual([400, { lines: 'Al massimo 1000 elementi' }]);
  });

  it('counts text limits in characters: 250 emoji fit a failure mode, 251 do not', async () => {
    const fits = await kit.call(
      'POST',
      '/factory/stop_events',
      'frontline',
      unplannedBody(kit, { failure_mode: '😀'.repeat(250), start_time: kit.at('10:00'), end_time: kit.at('10:05') }),
    );
    expect(fits.status).toBe(201);
    const over = await bad('POST', '/factory/stop_events', unplannedBody(kit, { failure_mode: '😀'.repeat(251), start_time: kit.at('10:10'), end_time: kit.at('10:15') }));
    expect(over.fields).toEqual({ failure_mode: 'Al massimo 250 caratteri' });
  });
});
