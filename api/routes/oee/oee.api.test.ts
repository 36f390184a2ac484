import { DateTime } from 'luxon';
import { handleRecordMachineEvent, MACHINE_SIGNALS_CONTEXT } from '../../../commands/machines/recordMachineEvent.js';
import { oeeAnswer } from '../../../projections/oee/oee.queries.js';
import { describeWith } from '../../../test/support/services.js';
import { plannedBody, startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/**
 * `GET /factory/oee` against worked examples (docs/oee.md), each shift built through the
 * commands on the demo plant: design speed, stops, then the submitted report.
 * - Linea 1: Vorne's example (A 88.81 %, P 86.11 %, Q 97.80 %, OEE 74.79 %).
 * - Linea 2: a setup loss (A 90.0 %, P 79.4 %, Q 98.0 %, OEE 70.0 %).
 * - Linea 3: the design speed changed between two days of the range, and micro-stops its
 *   machines detected (MachineHourCounted through the recorder's command, as the connector does).
 */
describeWith(['postgres'])('GET /factory/oee', () => {
  let kit: StopsKit;
  let before: string;
  const shiftA: Record<string, number> = {};
  const realNow = () => kit.now.getTime();
  const get = (path: string, as = 'support') => kit.call('GET', path, as);

  /** Sets a line's design speed as if an admin had saved it at `at`. */
  async function setSpeed(lineId: number, defSpeed: number, at: string) {
    const saved = realNow();
    kit.now.setTime(Date.parse(at));
    const current = (await get(`/factory/dbr_constants/${lineId}`)).body;
    const { line_id: _, ...fields } = current;
    expect((await kit.call('PUT', `/factory/dbr_constants/${lineId}`, 'admin', { ...fields, def_speed: defSpeed })).status).toBe(200);
    kit.now.setTime(saved);
  }
  const unplanned = async (workpoint_id: number, stop_code_id: number, from: string, to: string, day?: string) =>
    expect(
      (await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, { workpoint_id, stop_code_id, start_time: kit.at(from, day), end_time: kit.at(to, day) })))
        .status,
    ).toBe(201);
  const planned = async (equipment_id: number, planned_reason_id: number, from: string, to: string) =>
    expect(
      (await kit.call('POST', '/factory/planned_stops', 'frontline', plannedBody(kit, { equipment_id, planned_reason_id, start_time: kit.at(from), end_time: kit.at(to) }))).status,
    ).toBe(200 + 1);
  const submit = async (line_name: string, production_volume: number, waste: number, working_time: number, day = kit.day) => {
    const body = {
      shift_code: 'A',
      day,
      line_name,
      notes: 'Turno regolare',
      machine_notes: [{ Macchina: 'Riempitrice', Nota: 'Nessuna' }],
      production_volume,
      waste,
      working_time,
      confirmed: true,
    };
    const r = await kit.call('POST', '/factory/shift_notes/submit', 'frontline', body);
    expect([r.status, r.body.confirmed, r.body.error]).toEqual([200, true, undefined]);
  };
  const oee = (lines: string, shifts: number[], from: string, to: string, extra = '') =>
    get(`/factory/oee?shop_floor_id=1&lines=${lines}&shifts=${shifts.join(',')}&date_from=${from}&date_to=${to}${extra}`);
  const pct = (x: number) => Math.round(x * 10000) / 100;
  let line3Machines: number[] = [];
  /** A machine's hour fold with micro-stops, recorded as the connector records it. */
  const fold = async (equipmentId: number, hhmm: string, microStops: number, microStopMinutes: number) => {
    const hour = new Date(kit.at(hhmm)).toISOString();
    const data = { shopFloorId: 1, lineId: 3, equipmentId, hour, firstAt: hour, lastAt: hour, good: 500, reject: 2, microStops, microStopMinutes };
    return handleRecordMachineEvent(kit.app.deps, { type: 'MachineHourCounted', data }, { ...MACHINE_SIGNALS_CONTEXT, now: kit.now });
  };

  beforeAll(async () => {
    kit = await startStopsKit();
    before = DateTime.fromISO(kit.day).minus({ days: 1 }).toISODate()!;
    const longAgo = DateTime.fromISO(kit.day).minus({ days: 10 }).toISO()!;
    // Reasons of the demo plant: 1 'Cambio formato' (loss), 4 'Pausa mensa' (excluded).
    const reasons = (await get('/factory/planned_stop_reasons')).body;
    expect(reasons.filter((r: { id: number }) => r.id === 1 || r.id === 4)).toEqual([
      { id: 1, name: 'Cambio formato', oee_category: 'loss' },
      { id: 4, name: 'Pausa mensa', oee_category: 'excluded' },
    ]);

    // Vorne: 60 a minute; two 30-minute breaks; 47 minutes of unplanned stops; 19,271 made, 423 rejected.
    await setSpeed(1, 3600, longAgo);
    await planned(1, 4, '09:00', '09:30');
    await planned(1, 4, '12:00', '12:30');
    await unplanned(kit.ids.workpoint, kit.ids.stopCode, '07:00', '07:20');
    await unplanned(kit.ids.workpoint, kit.ids.stopCode, '10:00', '10:27');
    await submit('Linea 1', 18848, 423, 8);

    // Setup loss: 1 a minute; 60 minutes of breaks, a 20-minute changeover, 22 minutes of unplanned stops; 300 made, 6 scrap.
    await setSpeed(2, 60, longAgo);
    await planned(4, 4, '09:00', '10:00');
    await planned(4, 1, '06:00', '06:20');
    await unplanned(kit.ids.line2Workpoint, kit.ids.line2StopCode, '07:00', '07:12');
    await unplanned(kit.ids.line2Workpoint, kit.ids.line2StopCode, '11:00', '11:07');
    await unplanned(kit.ids.line2Workpoint, kit.ids.line2StopCode, '12:00', '12:03');
    await submit('Linea 2', 294, 6, 8);

    // A design speed change between two days: 1,000 an hour before the kit's day, 2,000 from its midnight.
    await setSpeed(3, 1000, longAgo);
    await setSpeed(3, 2000, kit.at('00:00'));
    await submit('Linea 3', 4000, 0, 8, before);
    await submit('Linea 3', 4000, 0, 8);
    // Linea 3's machines detected micro-stops in shift A of the kit's day: 8 of 12 minutes (one fold
    // recorded twice counts once); a fold at 23:00 belongs to shift C, which has no report.
    line3Machines = ((await get('/factory/equipments?line_id=3')).body as Array<{ id: number }>).map((e) => e.id);
    await fold(line3Machines[0]!, '08:00', 5, 4.5);
    await fold(line3Machines[0]!, '08:00', 5, 4.5);
    await fold(line3Machines[1]!, '10:00', 3, 7.5);
    await fold(line3Machines[1]!, '23:00', 9, 30);

    await kit.app.deps.engine.settle();
    for (const day of [before, kit.day]) {
      shiftA[day] = ((await get(`/factory/shifts?day=${day}&shop_floor_id=1`)).body as Array<{ code: string; id: number }>).find((s) => s.code === 'A')!.id;
    }
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('reads Vorne’s worked example back: A 88.81 %, P 86.11 %, Q 97.80 %, OEE 74.79 %', async () => {
    const r = await oee('Linea 1', [shiftA[kit.day]!], kit.day, kit.day);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      planned_operating_minutes: 480,
      excluded_minutes: 60,
      planned_busy_minutes: 420,
      setup_minutes: 0,
      unplanned_minutes: 47,
      run_minutes: 373,
      produced: 19271,
      good: 18848,
      failures: 2,
      mttr_minutes: 23.5,
      mtbf_minutes: 186.5,
      mtbf_target_minutes: 120,
      rows: [],
    });
    expect(r.body.ideal_rate_per_hour).toBeCloseTo(3600, 6);
    expect([pct(r.body.availability), pct(r.body.performance), pct(r.body.quality), pct(r.body.oee)]).toEqual([88.81, 86.11, 97.8, 74.79]);
    // TEEP: OEE × planned busy over a day of calendar time.
    expect(r.body.teep).toBeCloseTo((r.body.oee * 420) / 1440, 12);
  });

  it('reads the example with a setup loss back: A 90.0 %, P 79.4 %, Q 98.0 %, OEE 70.0 %, and its waterfall', async () => {
    const r = await oee('Linea 2', [shiftA[kit.day]!], kit.day, kit.day);
    expect(r.body).toMatchObject({ planned_busy_minutes: 420, setup_minutes: 20, unplanned_minutes: 22, run_minutes: 378, produced: 300, good: 294, failures: 3 });
    const one = (x: number) => Math.round(x * 1000) / 10;
    expect([one(r.body.availability), one(r.body.performance), one(r.body.quality), one(r.body.oee)]).toEqual([90.0, 79.4, 98.0, 70.0]);
    expect(r.body.losses.breakdown_minutes).toBeCloseTo(19, 9);
    expect(r.body.losses.minor_stop_minutes).toBeCloseTo(3, 9);
    expect(r.body.losses.speed_loss_minutes).toBeCloseTo(78, 9);
    expect(r.body.losses.quality_loss_minutes).toBeCloseTo(6, 9);
    expect(r.body.losses.fully_productive_minutes).toBeCloseTo(294, 9);
    // With a 10-minute threshold the 7-minute stop is minor too.
    expect((await oee('Linea 2', [shiftA[kit.day]!], kit.day, kit.day, '&minor_stop_minutes=10')).body.losses.minor_stop_minutes).toBeCloseTo(10, 9);
  });

  it('measures each shift against the design speed in force at its start', async () => {
    const r = await oee('Linea 3', [shiftA[before]!, shiftA[kit.day]!], before, kit.day, '&group_by=day');
    // 4,000 pieces at 1,000 an hour (240 min) and 4,000 at 2,000 an hour (120 min), over 960 minutes of run.
    expect(r.body.performance).toBeCloseTo(360 / 960, 12);
    expect(r.body.ideal_rate_per_hour).toBeCloseTo((8000 * 60) / 360, 9);
    expect(r.body.rows.map((x: { key: string; performance: number }) => [x.key, x.performance])).toEqual([
      [before, 0.5],
      [kit.day, 0.25],
    ]);
  });

  it('counts the micro-stops the machines detected as their own loss, out of the speed loss (docs/oee.md)', async () => {
    const r = await oee('Linea 3', [shiftA[kit.day]!], kit.day, kit.day);
    // Run 480 minutes, 4,000 pieces at 2,000 an hour are 120 ideal minutes: 360 of speed loss, 12 of them micro-stops.
    expect([r.body.run_minutes, r.body.micro_stops, r.body.micro_stop_minutes]).toEqual([480, 8, 12]);
    expect(r.body.losses).toEqual({
      planned_busy_minutes: 480,
      setup_minutes: 0,
      breakdown_minutes: 0,
      minor_stop_minutes: 0,
      micro_stop_minutes: 12,
      speed_loss_minutes: 348,
      quality_loss_minutes: 0,
      fully_productive_minutes: 120,
    });
    expect(r.body.performance).toBe(0.25);
    // Per day and per machine: the day before has none; each machine its own.
    const days = await oee('Linea 3', [shiftA[before]!, shiftA[kit.day]!], before, kit.day, '&group_by=day');
    expect(days.body.rows.map((x: any) => [x.key, x.micro_stops, x.micro_stop_minutes, x.losses.micro_stop_minutes])).toEqual([
      [before, 0, 0, 0],
      [kit.day, 8, 12, 12],
    ]);
    const machines = await oee('Linea 3', [shiftA[kit.day]!], kit.day, kit.day, '&group_by=equipment');
    expect(machines.body.rows.map((x: any) => [Number(x.key), x.micro_stops, x.micro_stop_minutes])).toEqual(
      line3Machines.map((id, i) => [id, [5, 3][i] ?? 0, [4.5, 7.5][i] ?? 0]),
    );
    // A line without signals: 0, and its speed loss whole (Vorne: 373 run − 19,271 / 60 ideal minutes).
    const vorne = await oee('Linea 1', [shiftA[kit.day]!], kit.day, kit.day);
    expect([vorne.body.micro_stops, vorne.body.micro_stop_minutes, vorne.body.losses.micro_stop_minutes]).toEqual([0, 0, 0]);
    expect(vorne.body.losses.speed_loss_minutes).toBeCloseTo(373 - 19271 / 60, 9);
  });

  it('groups by line and by machine with the line’s MTBF and uptime targets', async () => {
    const lines = await oee('Linea 1,Linea 2', [shiftA[kit.day]!], kit.day, kit.day, '&group_by=line');
    // The demo plant's DBR constants: Linea 1 mtbf_threshold 120, ut_threshold 0.75; Linea 2 90 and 0.7.
    expect(lines.body.rows.map((x: any) => [x.label, pct(x.oee), x.mtbf_target_minutes, x.ut_target])).toEqual([
      ['Linea 1', 74.79, 120, 0.75],
      ['Linea 2', 70.0, 90, 0.7],
    ]);
    expect([lines.body.mtbf_target_minutes, lines.body.ut_target]).toEqual([105, 0.725]);
    expect(lines.body.run_minutes).toBe(373 + 378);
    const machines = await oee('Linea 1', [shiftA[kit.day]!], kit.day, kit.day, '&group_by=equipment');
    expect(machines.body.rows.map((x: any) => [x.label, x.unplanned_minutes, x.failures, x.run_minutes, x.ut_target])).toEqual([
      ['Linea 1 · Filler', 47, 2, 373, 0.75],
      ['Linea 1 · Capper', 0, 0, 420, 0.75],
      ['Linea 1 · Cartoner', 0, 0, 420, 0.75],
    ]);
    expect(pct(machines.body.rows[1].availability)).toBe(100);
    expect(pct(machines.body.rows[1].performance)).toBe(86.11);
  });

  it('gives the Pareto of the chosen lines and shifts by stop code, failure mode, machine and shift, with the cumulative share', async () => {
    const pareto = (by: string, shifts = [shiftA[kit.day]!]) =>
      get(`/factory/oee/pareto?shop_floor_id=1&lines=Linea 1,Linea 2&shifts=${shifts.join(',')}&date_from=${before}&date_to=${kit.day}&by=${by}`);
    const bars = async (by: string, shifts?: number[]) => (await pareto(by, shifts)).body.bars.map((b: any) => [b.key, b.label, b.minutes, b.count, b.cumulative_share]);
    const codes = await bars('stop_code');
    expect(codes.map((b: unknown[]) => [b[0], b[2], b[3], b[4]])).toEqual([
      [String(kit.ids.stopCode), 47, 2, 47 / 69],
      [String(kit.ids.line2StopCode), 22, 3, 1],
    ]);
    expect(await bars('failure_mode')).toEqual([['Bottiglia incastrata nella coclea', 'Bottiglia incastrata nella coclea', 69, 5, 1]]);
    expect(await bars('equipment')).toEqual([
      ['1', 'Linea 1 · Filler', 47, 2, 47 / 69],
      ['4', 'Linea 2 · Filler', 22, 3, 1],
    ]);
    expect(await bars('shift')).toEqual([['A', 'A', 69, 5, 1]]);
    // The day before has no stops: only the chosen shift ids count.
    expect((await pareto('stop_code', [shiftA[before]!])).body).toEqual({ by: 'stop_code', total_minutes: 0, total_count: 0, bars: [] });
    const bad = await pareto('reason');
    expect([bad.status, Object.keys(bad.body.error.fields)]).toEqual([400, ['by']]);
  });

  it('answers the same from the rollup of the stops as from every stop, for each grouping', async () => {
    const filter = {
      shopFloorId: 1,
      lineNames: ['Linea 1', 'Linea 2', 'Linea 3'],
      shiftIds: [shiftA[before]!, shiftA[kit.day]!],
      from: before,
      to: kit.day,
      minorStopMinutes: 5,
    };
    for (const group of ['none', 'line', 'equipment', 'day', 'shift'] as const) {
      const raw = await oeeAnswer(kit.app.deps.knex, { ...filter, rawStops: true }, group);
      expect(await oeeAnswer(kit.app.deps.knex, filter, group)).toEqual(raw);
      // By the shifts' code (what the page sends): the month rollups' path.
      expect(await oeeAnswer(kit.app.deps.knex, { ...filter, shiftIds: [], shiftCodes: ['A'] }, group)).toEqual(raw);
      expect(raw!.run_minutes).toBeGreaterThan(0);
    }
  });

  it('answers the same after a blue/green rebuild of the oee read model (its rollups summed once after the load)', async () => {
    const range = `shop_floor_id=1&lines=Linea 1,Linea 2,Linea 3&date_from=${before}&date_to=${kit.day}&shift_codes=A,B,C`;
    const calls = ['none', 'line', 'equipment', 'day', 'shift'].map((g) => `/factory/oee?${range}&group_by=${g}`);
    calls.push(`/factory/oee?${range}&minor_stop_minutes=10`, ...['stop_code', 'failure_mode', 'equipment', 'shift'].map((by) => `/factory/oee/pareto?${range}&by=${by}`));
    const answers = async () => Promise.all(calls.map(async (c) => (await get(c)).body));
    const live = await answers();
    expect(live[0].run_minutes).toBeGreaterThan(0);
    expect((await kit.app.deps.engine.rebuild('oee')).generation).toBeGreaterThan(1);
    expect(await answers()).toEqual(live);
  });

  it('takes shift codes for every shift of those codes in the range, as the ids of those shifts', async () => {
    const range = `shop_floor_id=1&lines=Linea 1,Linea 2,Linea 3&date_from=${before}&date_to=${kit.day}`;
    const ids = `shifts=${shiftA[before]},${shiftA[kit.day]}`;
    for (const q of ['group_by=none', 'group_by=line', 'group_by=equipment', 'group_by=day', 'group_by=shift', 'minor_stop_minutes=10']) {
      const byCode = await get(`/factory/oee?${range}&shift_codes=A&${q}`);
      expect([byCode.status, byCode.body]).toEqual([200, (await get(`/factory/oee?${range}&${ids}&${q}`)).body]);
    }
    for (const by of ['stop_code', 'failure_mode', 'equipment', 'shift']) {
      const byCode = await get(`/factory/oee/pareto?${range}&shift_codes=A&by=${by}`);
      expect([byCode.status, byCode.body.bars.length > 0, byCode.body]).toEqual([200, true, (await get(`/factory/oee/pareto?${range}&${ids}&by=${by}`)).body]);
    }
    expect((await get(`/factory/oee?${range}&shift_codes=B`)).body).toMatchObject({ planned_operating_minutes: 0, failures: 0 });
    expect((await get(`/factory/oee/pareto?${range}&shift_codes=B`)).body).toMatchObject({ total_minutes: 0, bars: [] });
    const bad = await get(`/factory/oee?${range}&shift_codes=ABCDEFGHIJK`);
    expect([bad.status, Object.keys(bad.body.error.fields)]).toEqual([400, ['shift_codes']]);
  });

  it('gives a Pareto bar’s stops for a whole year by shift codes, where a year of shift ids is more than a list takes', async () => {
    const from = DateTime.fromISO(kit.day).minus({ days: 365 }).toISODate()!;
    const range = `shop_floor_id=1&date_from=${from}&date_to=${kit.day}`;
    const bars = (await get(`/factory/oee/pareto?${range}&lines=Linea 1,Linea 2&shift_codes=A,B,C&by=equipment`)).body.bars;
    const list = await get(`/factory/stop_events/unplanned?${range}&lines_id=1,2&shift_codes=A,B,C&limit=1000`);
    expect(list.status).toBe(200);
    // Each bar (a machine) opens exactly its stops: Linea 1's Filler 2 stops of 47 minutes, Linea 2's 3 of 22.
    const perMachine = (id: string) => list.body.filter((x: any) => String(x.workpoint_rel.equipment_rel.id) === id).length;
    expect(bars.map((b: any) => [b.key, b.count, perMachine(b.key)])).toEqual([
      ['1', 2, 2],
      ['4', 3, 3],
    ]);
    expect(list.body).toHaveLength(5);
    // Other codes: none; a code too long is refused naming the field.
    expect((await get(`/factory/stop_events/unplanned?${range}&lines_id=1,2&shift_codes=B&limit=1000`)).body).toEqual([]);
    const long = await get(`/factory/stop_events/unplanned?${range}&lines_id=1,2&shift_codes=ABCDEFGHIJK`);
    expect([long.status, Object.keys(long.body.error.fields)]).toEqual([400, ['shift_codes']]);
    // The same year by ids: 1,098 ids (three shifts a day) are refused.
    const ids = Array.from({ length: 1098 }, (_, i) => i + 1).join(',');
    const byIds = await get(`/factory/stop_events/unplanned?${range}&lines_id=1,2&shift_id=${ids}&limit=1000`);
    expect([byIds.status, Object.keys(byIds.body.error.fields)]).toEqual([400, ['shift_id']]);
  });

  it('answers zeros and nulls for an empty selection, 404 for an unknown shop floor, 400 naming a bad field', async () => {
    const r = await oee('', [shiftA[kit.day]!], kit.day, kit.day);
    expect(r.body).toMatchObject({ planned_operating_minutes: 0, availability: null, oee: null, rows: [] });
    expect((await get(`/factory/oee?shop_floor_id=99&lines=Linea 1&shifts=1&date_from=${kit.day}&date_to=${kit.day}`)).status).toBe(404);
    const bad = await oee('Linea 1', [1], kit.day, kit.day, '&group_by=week');
    expect([bad.status, Object.keys(bad.body.error.fields)]).toEqual([400, ['group_by']]);
    const reversed = await oee('Linea 1', [1], kit.day, before);
    expect([reversed.status, Object.keys(reversed.body.error.fields)]).toEqual([400, ['date_to']]);
  });
});
