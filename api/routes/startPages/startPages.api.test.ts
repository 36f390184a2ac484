/**
 * The sections' start pages (issue 22, docs/start-pages.md) over the demo plant with the clock
 * at 11:00 in Rome on 10 June 2031: the operator's day of one line (report state and stops per
 * shift, the DBR actions still open) and the improvement role's four bounded lists. Everything
 * is written through the calls the pages' users make; the expected answers are written out.
 */
import { handleRecordMachineEvent, MACHINE_SIGNALS_CONTEXT } from '../../../commands/machines/recordMachineEvent.js';
import { detectedStopId } from '../../../domain/machines/events.js';
import { NOW, TODAY, payload, startShiftNotesApp, type ShiftNotesClient } from '../../../test/builders/shiftNotesTestKit.js';
import { describeWith } from '../../../test/support/services.js';

const YESTERDAY = '2031-06-09';
const LONG_AGO = '2031-05-20';

describeWith(['postgres'])('start page calls', () => {
  let kit: ShiftNotesClient;
  const ids = { wp1: 0, code1: 0, wp2: 0, code2: 0 };
  const shiftIds: Record<string, Record<string, number>> = {};

  const stop = async (wp: number, code: number, day: string, from: string, to: string) => {
    const r = await kit.call('POST', '/factory/stop_events', 'frontline', {
      workpoint_id: wp,
      stop_code_id: code,
      triggering_event_id: 1,
      failure_mode: 'Bottiglia incastrata',
      corrective_action: 'Rimossa e riavviata',
      start_time: `${day}T${from}`,
      end_time: `${day}T${to}`,
    });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };
  const action = async (day: string, shift: string | null, line: string) => {
    const r = await kit.call('POST', '/factory/dbr_actions', 'support', {
      day,
      due_shift: shift ? shiftIds[day]![shift] : null,
      line,
      equipment: null,
      owner: 'Rossi',
      supportBy: null,
      activity: `Controllo ${line} ${day} ${shift ?? 'Fine gg'}`,
    });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };
  const ok = async (r: Promise<{ status: number; body: any }>) => expect((await r).status).toBe(200);
  /** A stop a machine detected from `start` (restarting at `end`, or still stopped), as the MQTT connector records it. */
  const machineStop = async (equipmentId: number, lineId: number, start: string, end: string | null) => {
    const utc = (t: string) => new Date(t).toISOString();
    const place = { shopFloorId: 1, lineId, equipmentId, startTime: utc(start) };
    const context = { ...MACHINE_SIGNALS_CONTEXT, now: NOW };
    await handleRecordMachineEvent(kit.app.deps, { type: 'MachineStopDetected', data: place }, context);
    if (end) await handleRecordMachineEvent(kit.app.deps, { type: 'MachineRestarted', data: { ...place, endTime: utc(end) } }, context);
    return detectedStopId(equipmentId, place.startTime);
  };
  const detected: Record<string, number> = {};

  let stopToday1 = 0;
  let stopToday2 = 0;
  const yesterdayLine2: number[] = [];
  let overdue = 0;

  beforeAll(async () => {
    kit = await startShiftNotesApp();
    const first = async (path: string) => (await kit.call('GET', path, 'frontline')).body[0].id as number;
    ids.wp1 = await first('/factory/workpoints?equipment_id=1');
    ids.code1 = await first(`/factory/stop_codes?workpoint_id=${ids.wp1}`);
    ids.wp2 = await first('/factory/workpoints?equipment_id=4');
    ids.code2 = await first(`/factory/stop_codes?workpoint_id=${ids.wp2}`);
    for (const day of [TODAY, YESTERDAY, LONG_AGO]) {
      const list = (await kit.call('GET', `/factory/shifts?day=${day}&shop_floor_id=1`, 'frontline')).body as Array<{ id: number; code: string }>;
      shiftIds[day] = Object.fromEntries(list.map((s) => [s.code, s.id]));
    }

    // Stops: today on both lines; yesterday one analysed and eight without analysis; one long ago.
    stopToday1 = await stop(ids.wp1, ids.code1, TODAY, '08:10', '08:25');
    stopToday2 = await stop(ids.wp2, ids.code2, TODAY, '09:00', '09:05');
    expect(
      (
        await kit.call('POST', '/factory/planned_stops', 'frontline', {
          equipment_id: 1,
          planned_reason_id: 1,
          start_time: `${TODAY}T06:00`,
          end_time: `${TODAY}T06:30`,
          notes: null,
        })
      ).status,
    ).toBe(201);
    const analysed = await stop(ids.wp1, ids.code1, YESTERDAY, '09:00', '09:10');
    await ok(kit.call('POST', '/factory/root_cause', 'support', { stop_event_id: analysed, root_cause: 'Guida usurata', troubleshooting: 'Sostituita' }));
    for (const [from, to] of [
      ['12:00', '12:05'],
      ['12:10', '12:15'],
      ['12:20', '12:25'],
      ['12:30', '12:35'],
      ['12:40', '12:45'],
      ['12:50', '12:55'],
      ['13:00', '13:05'],
      ['13:10', '13:15'],
    ] as const)
      yesterdayLine2.push(await stop(ids.wp2, ids.code2, YESTERDAY, from, to));
    await stop(ids.wp1, ids.code1, LONG_AGO, '09:00', '09:10');

    // Reports: today a draft; yesterday A submitted, B submitted then amended; long ago submitted.
    await ok(kit.call('POST', '/factory/shift_notes/save', 'frontline', payload()));
    await ok(kit.call('POST', '/factory/shift_notes/submit', 'frontline', payload({ day: YESTERDAY })));
    const b = await kit.call('POST', '/factory/shift_notes/submit', 'frontline', payload({ day: YESTERDAY, shift_code: 'B' }));
    await ok(kit.call('PUT', '/factory/shift_notes/update', 'support', payload({ day: YESTERDAY, shift_code: 'B', notes: 'Rivisto', revision: b.body.revision })));
    await ok(kit.call('POST', '/factory/shift_notes/save', 'frontline', payload({ day: YESTERDAY, line_name: 'Linea 2' })));
    await ok(kit.call('POST', '/factory/shift_notes/submit', 'frontline', payload({ day: LONG_AGO })));

    // DBR actions: today A (open, its shift not over), B (executed), line 2; yesterday A (open: overdue), 'Fine gg' executed; long ago open.
    await action(TODAY, 'A', 'Linea 1');
    const executed = await action(TODAY, 'B', 'Linea 1');
    await ok(kit.call('PATCH', `/factory/dbr_actions/${executed}/mark-executed`, 'frontline'));
    await action(TODAY, null, 'Linea 1');
    await action(TODAY, 'A', 'Linea 2');
    overdue = await action(YESTERDAY, 'A', 'Linea 1');
    const done = await action(YESTERDAY, null, 'Linea 2');
    await ok(kit.call('PATCH', `/factory/dbr_actions/${done}/mark-executed`, 'frontline'));
    await action(LONG_AGO, 'A', 'Linea 1');

    // Detected stops (the clock is 11:00 of TODAY): left over from yesterday's Turno A (Filler) and
    // from the night's Turno C (line 2's Filler, equipment 4); in today's Turno A, still running;
    // one still stopped; one of long ago.
    detected.yesterdayA = await machineStop(1, 1, `${YESTERDAY}T09:00:00+02:00`, `${YESTERDAY}T09:07:00+02:00`);
    detected.nightC = await machineStop(4, 2, `${TODAY}T02:00:00+02:00`, `${TODAY}T02:12:00+02:00`);
    await machineStop(2, 1, `${TODAY}T07:00:00+02:00`, `${TODAY}T07:05:00+02:00`);
    await machineStop(3, 1, `${TODAY}T10:50:00+02:00`, null);
    await machineStop(1, 1, `${LONG_AGO}T09:00:00+02:00`, `${LONG_AGO}T09:30:00+02:00`);
    await kit.app.deps.engine.settle();
  }, 60_000);
  afterAll(async () => {
    await kit?.app.close();
  });

  it("gives the operator today's shifts of the line with report state and stops, and the line's open DBR actions", async () => {
    expect(NOW.toISOString()).toBe('2031-06-10T09:00:00.000Z');
    const r = await kit.call('GET', '/factory/start/operator?shop_floor_id=1&line_id=1', 'frontline');
    expect(r.status).toBe(200);
    expect(r.body.day).toBe(TODAY);
    expect([r.body.line_id, r.body.line_name]).toEqual([1, 'Linea 1']);
    expect(r.body.shifts.map((s: any) => [s.name, s.start_time, s.end_time, s.report, s.planned_stops, s.unplanned_stops])).toEqual([
      ['Turno A', '2031-06-10T06:00:00+02:00', '2031-06-10T14:00:00+02:00', 'draft', 1, 1],
      ['Turno E', '2031-06-10T08:00:00+02:00', '2031-06-10T16:00:00+02:00', 'none', 0, 1],
      ['Turno B', '2031-06-10T14:00:00+02:00', '2031-06-10T22:00:00+02:00', 'none', 0, 0],
      ['Turno C', '2031-06-10T22:00:00+02:00', '2031-06-11T06:00:00+02:00', 'none', 0, 0],
    ]);
    expect(r.body.dbr_actions.total).toBe(3);
    expect(r.body.dbr_actions.open.map((a: any) => [a.activity, a.due_shift_name, a.executed_at])).toEqual([
      [`Controllo Linea 1 ${TODAY} A`, 'Turno A', null],
      [`Controllo Linea 1 ${TODAY} Fine gg`, null, null],
    ]);
  });

  it('reads another day and line when asked, and answers 400 and 404 for bad parameters', async () => {
    const r = await kit.call('GET', `/factory/start/operator?shop_floor_id=1&line_id=1&day=${YESTERDAY}`, 'admin');
    expect(r.body.shifts.map((s: any) => [s.code, s.report])).toEqual([
      ['A', 'submitted'],
      ['E', 'none'],
      ['B', 'submitted'],
      ['C', 'none'],
    ]);
    const line2 = await kit.call('GET', `/factory/start/operator?shop_floor_id=1&line_id=2&day=${YESTERDAY}`, 'demoit');
    expect(line2.body.shifts.map((s: any) => [s.code, s.report, s.unplanned_stops])).toEqual([
      ['A', 'draft', 8],
      ['E', 'none', 8],
      ['B', 'none', 0],
      ['C', 'none', 0],
    ]);
    expect(line2.body.dbr_actions).toEqual({ total: 1, open: [] });
    expect(await kit.call('GET', '/factory/start/operator?shop_floor_id=1&line_id=999', 'frontline')).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Linea non trovata' } },
    });
    const bad = await kit.call('GET', '/factory/start/operator?shop_floor_id=1&line_id=abc&day=2031-02-30', 'frontline');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['day', 'line_id']);
  });

  it('gives the improvement role the reports to review, the stops without a root cause and the overdue DBR actions of 14 days', async () => {
    const r = await kit.call('GET', '/factory/start/support?shop_floor_id=1', 'support');
    expect(r.status).toBe(200);
    expect([r.body.date_from, r.body.date_to]).toEqual(['2031-05-28', TODAY]);
    expect(r.body.reports_to_review).toEqual({
      total: 1,
      items: [{ line_id: 1, line_name: 'Linea 1', day: YESTERDAY, shift_code: 'A', shift_name: 'Turno A', submitted_at: expect.any(String), submitted_by: 'frontline' }],
    });
    const stops = r.body.stops_without_root_cause;
    expect(stops.total).toBe(10);
    expect(stops.items.map((s: any) => [s.id, s.line_name, s.shift_day, s.start_time])).toEqual([
      [stopToday2, 'Linea 2', TODAY, '2031-06-10T09:00:00+02:00'],
      [stopToday1, 'Linea 1', TODAY, '2031-06-10T08:10:00+02:00'],
      [yesterdayLine2[7], 'Linea 2', YESTERDAY, '2031-06-09T13:10:00+02:00'],
      [yesterdayLine2[6], 'Linea 2', YESTERDAY, '2031-06-09T13:00:00+02:00'],
      [yesterdayLine2[5], 'Linea 2', YESTERDAY, '2031-06-09T12:50:00+02:00'],
      [yesterdayLine2[4], 'Linea 2', YESTERDAY, '2031-06-09T12:40:00+02:00'],
      [yesterdayLine2[3], 'Linea 2', YESTERDAY, '2031-06-09T12:30:00+02:00'],
      [yesterdayLine2[2], 'Linea 2', YESTERDAY, '2031-06-09T12:20:00+02:00'],
    ]);
    expect(r.body.overdue_dbr_actions).toEqual({
      total: 1,
      items: [
        {
          id: overdue,
          line_id: 1,
          line_name: 'Linea 1',
          due_date: YESTERDAY,
          due_shift_name: 'Turno A',
          equipment_name: null,
          activity: `Controllo Linea 1 ${YESTERDAY} A`,
          owner: 'Rossi',
        },
      ],
    });
  });

  it('takes a root cause off the list once written, and answers 404 for an unknown shop floor', async () => {
    await ok(kit.call('POST', '/factory/root_cause', 'support', { stop_event_id: stopToday2, root_cause: 'Coclea sporca', troubleshooting: 'Pulita' }));
    const r = await kit.call('GET', '/factory/start/support?shop_floor_id=1', 'admin');
    expect(r.body.stops_without_root_cause.total).toBe(9);
    expect(r.body.stops_without_root_cause.items[0].id).toBe(stopToday1);
    expect(await kit.call('GET', '/factory/start/support?shop_floor_id=999', 'support')).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Reparto non trovato' } },
    });
  });

  it('gives the detected stops left unclassified by the shifts that are over, and takes one off once classified', async () => {
    const r = await kit.call('GET', '/factory/start/support?shop_floor_id=1', 'support');
    expect(r.body.unclassified_detected_stops).toEqual({
      total: 2,
      items: [
        {
          id: detected.nightC,
          line_id: 2,
          line_name: 'Linea 2',
          equipment_id: 4,
          equipment_name: 'Filler',
          start_time: `${TODAY}T02:00:00+02:00`,
          end_time: `${TODAY}T02:12:00+02:00`,
          duration_minutes: 12,
          shift_day: YESTERDAY,
          shift_code: 'C',
          shift_name: 'Turno C',
        },
        {
          id: detected.yesterdayA,
          line_id: 1,
          line_name: 'Linea 1',
          equipment_id: 1,
          equipment_name: 'Filler',
          start_time: `${YESTERDAY}T09:00:00+02:00`,
          end_time: `${YESTERDAY}T09:07:00+02:00`,
          duration_minutes: 7,
          shift_day: YESTERDAY,
          shift_code: 'A',
          shift_name: 'Turno A',
        },
      ],
    });
    const classified = await kit.call('POST', '/factory/stop_events', 'support', {
      workpoint_id: ids.wp2,
      stop_code_id: ids.code2,
      triggering_event_id: 1,
      failure_mode: 'Coclea bloccata',
      corrective_action: 'Sbloccata',
      start_time: `${TODAY}T02:00`,
      end_time: `${TODAY}T02:12`,
      detected_stop_id: detected.nightC,
    });
    expect(classified.status).toBe(201);
    const after = await kit.call('GET', '/factory/start/support?shop_floor_id=1', 'support');
    expect(after.body.unclassified_detected_stops.items.map((d: { id: number }) => d.id)).toEqual([detected.yesterdayA]);
  });
});
