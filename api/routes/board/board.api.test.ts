/**
 * GET /factory/board (issue 24, docs/board.md) over the demo plant with the clock at 11:00 in Rome
 * on 10 June 2031, in shift A (06:00–14:00). Linea 1 runs at 3 600 pz/h; its report says 15 000
 * pieces and 300 waste so far; a 30-minute planned stop and two unplanned ones (40 and 10 minutes).
 * Worked by hand: elapsed 300 min, run 270, target 3 600 × 4.5 h = 16 200, Rendimento 15 000 /
 * (3 600 × 5) = 83.33 %, Scarto 300 / 15 300.
 */
import { NOW, TODAY, payload, startShiftNotesApp, type ShiftNotesClient } from '../../../test/builders/shiftNotesTestKit.js';
import { describeWith } from '../../../test/support/services.js';
import { handleRecordMachineEvent, MACHINE_SIGNALS_CONTEXT } from '../../../commands/machines/recordMachineEvent.js';

const CONSTANTS = {
  def_speed: 3600,
  def_uptime: 0.85,
  def_mtbf: 120,
  def_waste: 0.02,
  def_volume: 25000,
  min_ut: 0,
  max_ut: 1,
  min_mtbf: 0,
  max_mtbf: 480,
  min_waste: 0,
  max_waste: 0.1,
  ut_threshold: 0.8,
  mtbf_threshold: 90,
  waste_threshold: 0.03,
};

describeWith(['postgres'])('the TV board call', () => {
  let kit: ShiftNotesClient;
  let display: string;

  beforeAll(async () => {
    kit = await startShiftNotesApp();
    const created = (status: number) => expect(status).toBe(201);
    expect((await kit.call('PUT', '/factory/dbr_constants/1', 'admin', CONSTANTS)).status).toBe(200);
    expect((await kit.call('POST', '/factory/shift_notes/save', 'frontline', payload({ production_volume: 15000, waste: 300 }))).status).toBe(200);
    const wp = (await kit.call('GET', '/factory/workpoints?equipment_id=1', 'frontline')).body[0].id as number;
    const code = (await kit.call('GET', `/factory/stop_codes?workpoint_id=${wp}`, 'frontline')).body[0].id as number;
    for (const [from, to] of [
      ['09:00', '09:40'],
      ['07:00', '07:10'],
    ])
      created(
        (
          await kit.call('POST', '/factory/stop_events', 'frontline', {
            workpoint_id: wp,
            stop_code_id: code,
            triggering_event_id: 1,
            failure_mode: 'Etichetta storta',
            corrective_action: 'Regolata la guida',
            start_time: `${TODAY}T${from}`,
            end_time: `${TODAY}T${to}`,
          })
        ).status,
      );
    created(
      (
        await kit.call('POST', '/factory/planned_stops', 'frontline', {
          equipment_id: 1,
          planned_reason_id: 1,
          start_time: `${TODAY}T08:00`,
          end_time: `${TODAY}T08:30`,
          notes: null,
        })
      ).status,
    );
    const shiftA = ((await kit.call('GET', `/factory/shifts?day=${TODAY}&shop_floor_id=1`, 'frontline')).body as Array<{ id: number; code: string }>).find(
      (s) => s.code === 'A',
    )!.id;
    for (const [activity, due] of [
      ['Pulire i rulli', shiftA],
      ['Verificare la colla', null],
    ] as const)
      created(
        (await kit.call('POST', '/factory/dbr_actions', 'support', { day: TODAY, due_shift: due, line: 'Linea 1', equipment: null, owner: 'Rossi', supportBy: null, activity }))
          .status,
      );

    created((await kit.call('POST', '/admin/users', 'admin', { username: 'tv-linea1', display_name: 'TV Linea 1', role: 'display', password: 'tabellone della linea 1' })).status);
    const login = await fetch(`${kit.app.url}/loginjwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'tv-linea1', password: 'tabellone della linea 1' }),
    });
    const session = (await login.json()) as { access_token: string; must_change_password: boolean };
    // The admin chose the display account's password: no change is asked of a screen without a keyboard.
    expect(session.must_change_password).toBe(false);
    display = session.access_token;
  });

  it('gives the display account a session of 30 days, and people one of 12 hours (docs/board.md)', async () => {
    const lifetime = (token: string) => {
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
      return claims.exp - claims.iat;
    };
    expect(lifetime(display)).toBe(30 * 24 * 3600);
    expect(lifetime(await kit.app.login('frontline'))).toBe(12 * 3600);
  });
  afterAll(async () => {
    await kit?.app.close();
  });

  const board = (query: string, token = display) => fetch(`${kit.app.url}/factory/board?${query}`, { headers: { authorization: `Bearer ${token}` } });

  it("answers a line's shift so far, its stops longest first and its DBR actions, to the display account", async () => {
    const res = await board('shop_floor_id=1&line_id=1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { generated_at: string; lines: Array<Record<string, any>> };
    expect(body.generated_at).toBe(NOW.toISOString());
    expect(body.lines).toHaveLength(1);
    const line = body.lines[0]!;
    expect({ ...line, stops: undefined, dbr_actions: undefined, shift: undefined, rendimento: undefined, hours: undefined }).toEqual({
      line_id: 1,
      line_name: 'Linea 1',
      def_speed: 3600,
      pieces: 15000,
      waste: 300,
      pieces_source: 'report',
      report_confirmed: false,
      target_now: 16200,
      elapsed_minutes: 300,
      run_minutes: 270,
      scarto: 300 / 15300,
      ut_threshold: 0.8,
      waste_threshold: 0.03,
      stop_count: 3,
      stop_minutes: 80,
    });
    expect(line.rendimento).toBeCloseTo(0.8333, 4);
    expect(line.shift).toMatchObject({ code: 'A', day: TODAY, start_time: '2031-06-10T04:00:00.000Z', end_time: '2031-06-10T12:00:00.000Z' });
    expect(line.stops.map((s: { kind: string; minutes: number }) => [s.kind, s.minutes])).toEqual([
      ['unplanned', 40],
      ['planned', 30],
      ['unplanned', 10],
    ]);
    expect(line.dbr_actions.map((a: { activity: string; executed: boolean }) => [a.activity, a.executed])).toEqual([
      ['Pulire i rulli', false],
      ['Verificare la colla', false],
    ]);
  });

  it('reads each line table once for all the lines, not once per line', async () => {
    const reads = async (query: string) => {
      const seen: string[] = [];
      const onQuery = (q: { sql: string }) => seen.push(q.sql);
      kit.app.deps.knex.on('query', onQuery);
      expect((await board(query)).status).toBe(200);
      kit.app.deps.knex.removeListener('query', onQuery);
      return ['shift_reports', 'dbr_constants', 'machine_hours', 'plant_equipments'].map((t) => [t, seen.filter((sql) => sql.includes(`"${t}"`)).length]);
    };
    const one = await reads('shop_floor_id=1&line_id=1');
    expect(one.slice(0, 3)).toEqual(['shift_reports', 'dbr_constants', 'machine_hours'].map((t) => [t, 1]));
    // Three lines: the same statements (the machines are read once, and joined by the stop lists).
    expect(await reads('shop_floor_id=1')).toEqual(one);
  });

  it('answers every line of the shop floor without line_id', async () => {
    const body = (await (await board('shop_floor_id=1')).json()) as { lines: Array<{ line_name: string; stop_count: number; dbr_actions: unknown[] }> };
    expect(body.lines.map((l) => l.line_name)).toEqual(['Linea 1', 'Linea 2', 'Linea 3']);
    // Each line gets its own stops and actions: everything recorded above is Linea 1's.
    expect(body.lines.map((l) => [l.line_name, l.stop_count, l.dbr_actions.length])).toEqual([
      ['Linea 1', 3, 2],
      ['Linea 2', 0, 0],
      ['Linea 3', 0, 0],
    ]);
  });

  describe('with the pieces the machines counted (docs/machine-signals.md)', () => {
    // Linea 1: Filler (1), Capper (2), Cartoner (3); the plant file names no counting machine, so the last one counts.
    // [equipment, plant day, hour, first message minute, good, reject]
    const FOLDS: Array<[number, string, string, string, number, number]> = [
      [3, '2031-06-09', '22:00', '05', 1_200, 10],
      [3, '2031-06-09', '23:00', '00', 2_000, 0],
      [3, TODAY, '00:00', '00', 1_500, 5],
      [3, TODAY, '05:00', '10', 999, 1],
      [3, TODAY, '06:00', '00', 3_400, 20],
      [3, TODAY, '07:00', '00', 3_000, 50],
      [1, TODAY, '07:00', '00', 5_000, 0],
      [3, TODAY, '08:00', '00', 1_000, 5],
      // A late message for 08:00: a fold of its own, the hour's figures their sum.
      [3, TODAY, '08:00', '40', 700, 5],
      [3, TODAY, '10:00', '00', 3_650, 0],
      // Linea 2's counting machine (its Cartoner, 6) in every hour begun but the one in progress; no report.
      [6, TODAY, '06:00', '00', 2_000, 40],
      [6, TODAY, '07:00', '00', 2_100, 0],
      [6, TODAY, '08:00', '00', 1_900, 10],
      [6, TODAY, '09:00', '00', 2_500, 10],
      // Linea 3's (9) with a silent hour at 07:00: a count with a hole; no report.
      [9, TODAY, '06:00', '00', 3_000, 0],
      [9, TODAY, '08:00', '00', 3_000, 0],
      [9, TODAY, '09:00', '00', 3_000, 0],
    ];
    const instant = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`).toISOString();
    const shiftId = async (day: string, code: string) =>
      ((await kit.call('GET', `/factory/shifts?day=${day}&shop_floor_id=1`, 'frontline')).body as Array<{ id: number; code: string }>).find((s) => s.code === code)!.id;

    beforeAll(async () => {
      for (const [equipmentId, day, hour, minute, good, reject] of FOLDS) {
        const at = instant(day, hour.replace(':00', `:${minute}`));
        const event = {
          type: 'MachineHourCounted' as const,
          data: {
            shopFloorId: 1,
            lineId: Math.ceil(equipmentId / 3),
            equipmentId,
            hour: instant(day, hour),
            firstAt: at,
            lastAt: at,
            good,
            reject,
            microStops: 0,
            microStopMinutes: 0,
          },
        };
        expect((await handleRecordMachineEvent(kit.app.deps, event, { ...MACHINE_SIGNALS_CONTEXT, now: NOW })).position).toBeTruthy();
      }
      await kit.app.deps.engine.settle();
    });

    it('shows each hour of the shift so far: the counting machine’s pieces against def_speed, less the planned stop', async () => {
      const line = ((await (await board('shop_floor_id=1&line_id=1')).json()) as { lines: Array<{ hours: unknown[] }> }).lines[0]!;
      // 11:00: the hours 06–10 have begun; 08:00 holds the 30-minute planned stop (3 600 × 30/60); nothing came at 09:00.
      expect(line.hours).toEqual([
        { hour: '2031-06-10T06:00:00+02:00', good: 3_400, reject: 20, target: 3_600, counted: true },
        { hour: '2031-06-10T07:00:00+02:00', good: 3_000, reject: 50, target: 3_600, counted: true },
        { hour: '2031-06-10T08:00:00+02:00', good: 1_700, reject: 10, target: 1_800, counted: true },
        { hour: '2031-06-10T09:00:00+02:00', good: 0, reject: 0, target: 3_600, counted: false },
        { hour: '2031-06-10T10:00:00+02:00', good: 3_650, reject: 0, target: 3_600, counted: true },
      ]);
    });

    it("shows the counting machine's pieces where no report gives them yet and it counted every hour begun, the report's where it does", async () => {
      const lines = ((await (await board('shop_floor_id=1')).json()) as { lines: Array<Record<string, unknown>> }).lines;
      const shown = lines.map((l) => [l.line_name, l.pieces, l.waste, l.pieces_source]);
      expect(shown).toEqual([
        ['Linea 1', 15_000, 300, 'report'],
        ['Linea 2', 8_500, 60, 'machine'],
        ['Linea 3', null, null, null],
      ]);
      // Scarto from the counted pieces: 60 / (8 500 + 60).
      expect(lines[1]!.scarto).toBeCloseTo(60 / 8_560, 6);
      // Linea 3's count has a hole and no report gives its pieces: unknown, not 0 % (it has a design speed).
      expect([lines[2]!.rendimento, lines[2]!.scarto, lines[2]!.def_speed]).toEqual([null, null, 8_000]);
    });

    it('answers the counted hours of a shift, the night shift across midnight included', async () => {
      const hours = async (day: string, code: string) =>
        (await kit.call('GET', `/factory/line_hours?shop_floor_id=1&line_id=1&shift_id=${await shiftId(day, code)}`, 'frontline')).body as Array<Record<string, unknown>>;
      const a = await hours(TODAY, 'A');
      expect(a.map((h) => [String(h.hour).slice(11, 16), h.good, h.reject, h.counted])).toEqual([
        ['06:00', 3_400, 20, true],
        ['07:00', 3_000, 50, true],
        ['08:00', 1_700, 10, true],
        ['09:00', 0, 0, false],
        ['10:00', 3_650, 0, true],
        ['11:00', 0, 0, false],
        ['12:00', 0, 0, false],
        ['13:00', 0, 0, false],
      ]);
      const c = await hours('2031-06-09', 'C');
      expect(c.map((h) => [h.hour, h.good, h.reject])).toEqual([
        ['2031-06-09T22:00:00+02:00', 1_200, 10],
        ['2031-06-09T23:00:00+02:00', 2_000, 0],
        ['2031-06-10T00:00:00+02:00', 1_500, 5],
        ['2031-06-10T01:00:00+02:00', 0, 0],
        ['2031-06-10T02:00:00+02:00', 0, 0],
        ['2031-06-10T03:00:00+02:00', 0, 0],
        ['2031-06-10T04:00:00+02:00', 0, 0],
        ['2031-06-10T05:00:00+02:00', 999, 1],
      ]);
      const both = await kit.call('GET', `/factory/line_hours?shop_floor_id=1&line_id=1&day=${TODAY}&shift_id=1`, 'frontline');
      expect([both.status, both.body.error.fields]).toEqual([400, { day: 'Indicare day oppure shift_id' }]);
      const neither = await kit.call('GET', '/factory/line_hours?shop_floor_id=1&line_id=1', 'frontline');
      expect([neither.status, neither.body.error.fields]).toEqual([400, { day: 'Indicare day oppure shift_id' }]);
      const unknownShift = await kit.call('GET', '/factory/line_hours?shop_floor_id=1&line_id=1&shift_id=987654321', 'frontline');
      expect([unknownShift.status, unknownShift.body.error.message]).toEqual([404, 'Turno non trovato']);
    });
  });

  it('answers 400 and 404 with their messages', async () => {
    const bad = await board('shop_floor_id=abc');
    expect(bad.status).toBe(400);
    const unknownLine = await board('shop_floor_id=1&line_id=999');
    expect([unknownLine.status, ((await unknownLine.json()) as { error: { message: string } }).error.message]).toEqual([404, 'Linea non trovata']);
  });

  it('lets the display account write nothing, its own password included', async () => {
    const write = (method: string, path: string, body: unknown) =>
      fetch(`${kit.app.url}${path}`, { method, headers: { authorization: `Bearer ${display}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await write('POST', '/me/password', { current_password: 'tabellone della linea 1', new_password: 'un altra password lunga' })).status).toBe(403);
    expect((await write('POST', '/factory/shift_notes/save', payload())).status).toBe(403);
    expect((await write('PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(403);
  });
});
