import { DateTime } from 'luxon';
import { describeWith } from '../../../test/support/services.js';
import { startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/**
 * The closed loop (issue 23, docs/oee.md 'Efficacia azioni DBR'): DBR actions name the loss they
 * target (a machine of their line and one of its stop codes), and for each executed one
 * `GET /factory/dbr/action-effectiveness` compares that machine's stops (of that code) in the N
 * days before the execution with those from the execution on, every figure built through the
 * commands on the demo plant. D is the kit's day (10 days ago); the actions are executed on D at 12:00.
 */
describeWith(['postgres'])('DBR action targets and their effectiveness', () => {
  let kit: StopsKit;
  let dayAt: (offset: number, hhmm: string) => string;
  const ids = {} as Record<'code' | 'machine' | 'later' | 'untargeted' | 'gone' | 'stopCode' | 'capperStopCode', number>;
  const get = (query: string, as = 'frontline') => kit.call('GET', `/factory/dbr/action-effectiveness?shop_floor_id=1&lines=Linea 1${query}`, as);
  const create = async (activity: string, target: Record<string, unknown>) => {
    const r = await kit.call('POST', '/factory/dbr_actions', 'support', { day: kit.day, due_shift: null, line: 'Linea 1', equipment: null, owner: 'Rossi', activity, ...target });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };
  /** A stop of the Filler (or Capper) of Linea 1, `minutes` long from `hhmm` of D + offset. */
  const stop = async (offset: number, hhmm: string, minutes: number, workpoint_id: number, stop_code_id: number) => {
    const start = dayAt(offset, hhmm);
    const end = DateTime.fromISO(start).plus({ minutes }).toISO({ suppressMilliseconds: true })!;
    const r = await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, { workpoint_id, stop_code_id, start_time: start, end_time: end }));
    expect(r.status).toBe(201);
    return r.body.id as number;
  };

  beforeAll(async () => {
    kit = await startStopsKit();
    dayAt = (offset, hhmm) => kit.at(hhmm, DateTime.fromISO(kit.day).plus({ days: offset }).toISODate()!);
    const { workpoint, stopCode, otherStopCode, capperWorkpoint, capperStopCode } = kit.ids;
    const otherWorkpoint = ((await kit.call('GET', '/factory/workpoints?equipment_id=1')).body as Array<{ id: number }>)[1]!.id;
    // Before the execution (D 12:00): three stops of the code (45 min, one 8 days before), one of another code
    // of the Filler (30 min), one of the Capper (never counted for the Filler).
    await stop(-8, '08:00', 15, workpoint, stopCode);
    await stop(-3, '08:00', 20, workpoint, stopCode);
    await stop(-3, '09:00', 10, workpoint, stopCode);
    await stop(-2, '10:00', 30, otherWorkpoint, otherStopCode);
    await stop(-1, '10:00', 5, capperWorkpoint, capperStopCode);
    // From the execution on: at its very minute (after), 2 and 7 days later (18 min); a deleted one counts nowhere.
    await stop(0, '12:00', 4, workpoint, stopCode);
    await stop(2, '08:00', 6, workpoint, stopCode);
    await stop(7, '08:00', 8, workpoint, stopCode);
    const deleted = await stop(1, '08:00', 50, workpoint, stopCode);
    expect((await kit.call('DELETE', `/factory/stop_events/delete_unplanned/${deleted}`, 'support')).status).toBe(200);

    ids.code = await create('Sostituire la guarnizione della valvola', { target_stop_code: stopCode });
    ids.machine = await create('Revisione generale della riempitrice', { target_equipment: 1 });
    ids.later = await create('Regolare le teste di tappatura', {});
    ids.untargeted = await create('Pulizia straordinaria', {});
    ids.gone = await create('Da eliminare', { target_stop_code: stopCode });
    const saved = kit.now.getTime();
    kit.now.setTime(Date.parse(dayAt(0, '12:00')));
    for (const id of [ids.code, ids.machine, ids.untargeted, ids.gone]) expect((await kit.call('PATCH', `/factory/dbr_actions/${id}/mark-executed`)).status).toBe(200);
    kit.now.setTime(saved);
    expect((await kit.call('DELETE', `/factory/dbr_actions/${ids.gone}`, 'support')).status).toBe(200);
    ids.stopCode = stopCode;
    ids.capperStopCode = capperStopCode;
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('records the target with the creation (a code brings its machine) and lists it with the action', async () => {
    const list = (await kit.call('GET', `/factory/dbr_actions-range?shop_floor_id=1&date_from=${kit.day}&date_to=${kit.day}&lines=Linea 1`)).body as Array<Record<string, unknown>>;
    const byId = new Map(list.map((a) => [a.id, a]));
    expect(byId.get(ids.code)).toMatchObject({ target_equipment: 1, target_equipment_name: 'Filler', target_stop_code: ids.stopCode });
    expect(byId.get(ids.machine)).toMatchObject({ target_equipment: 1, target_equipment_name: 'Filler', target_stop_code: null, target_stop_code_name: null });
    expect(byId.get(ids.later)).toMatchObject({ target_equipment: null, target_stop_code: null });
  });

  it('sets, refuses and clears a target later: 400 naming the field for a code of another machine or line, 404 for a deleted action, 403 for an operator', async () => {
    const patch = (id: number, body: unknown, as = 'support') => kit.call('PATCH', `/factory/dbr_actions/${id}/target`, as, body);
    const refused = await patch(ids.later, { target_equipment: 1, target_stop_code: ids.capperStopCode });
    expect(refused).toEqual({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'Azione DBR non valida', fields: { target_stop_code: 'Il codice di stop non è della macchina scelta' } } },
    });
    expect((await patch(ids.later, { target_equipment: 4 })).body.error.fields).toEqual({ target_equipment: 'Macchina non trovata sulla linea dell’azione' });
    expect((await patch(ids.later, { target_stop_code: 'x' })).status).toBe(400);
    expect((await patch(ids.gone, { target_equipment: 1 })).status).toBe(404);
    expect((await patch(ids.later, { target_equipment: 2 }, 'frontline')).status).toBe(403);
    const set = await patch(ids.later, { target_stop_code: ids.capperStopCode });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: ids.later, target_equipment: 2, target_equipment_name: 'Capper', target_stop_code: ids.capperStopCode });
    expect((await patch(ids.later, { target_equipment: null, target_stop_code: '' })).body).toMatchObject({ target_equipment: null, target_stop_code: null });
  });

  it('compares the 30 days before each executed action with the days after it observed so far, and says how many', async () => {
    const saved = kit.now.getTime();
    // The clock at D + 10 days, 12:00: 10 of the 30 days after the execution have passed.
    kit.now.setTime(Date.parse(dayAt(10, '12:00')));
    const r = await get(`&date_from=${kit.day}&date_to=${kit.day}`);
    kit.now.setTime(saved);
    expect(r.status).toBe(200);
    const executedAt = dayAt(0, '12:00');
    expect(r.body).toEqual({
      days: 30,
      rows: [
        expect.objectContaining({
          id: ids.code,
          line_name: 'Linea 1',
          due_date: kit.day,
          activity: 'Sostituire la guarnizione della valvola',
          executed_at: executedAt,
          target_equipment: 1,
          target_equipment_name: 'Filler',
          target_stop_code: ids.stopCode,
          before: { days: 30, count: 3, minutes: 45 },
          after: { days: 10, count: 3, minutes: 18 },
          complete: false,
        }),
        expect.objectContaining({
          id: ids.machine,
          target_stop_code: null,
          target_stop_code_name: null,
          before: { days: 30, count: 4, minutes: 75 },
          after: { days: 10, count: 3, minutes: 18 },
          complete: false,
        }),
      ],
    });
  });

  it('takes another N: with 5 days both windows are whole, and the stops 7 and 8 days away fall outside', async () => {
    const r = await get(`&date_from=${kit.day}&date_to=${kit.day}&days=5`);
    expect(r.body.days).toBe(5);
    expect(r.body.rows.map((row: Record<string, unknown>) => [row.id, row.before, row.after, row.complete])).toEqual([
      [ids.code, { days: 5, count: 2, minutes: 30 }, { days: 5, count: 2, minutes: 10 }, true],
      [ids.machine, { days: 5, count: 3, minutes: 60 }, { days: 5, count: 2, minutes: 10 }, true],
    ]);
  });

  it('lists only the actions executed in the chosen days, of the chosen lines; refuses bad parameters naming them', async () => {
    const next = DateTime.fromISO(kit.day).plus({ days: 1 }).toISODate()!;
    expect((await get(`&date_from=${next}&date_to=${next}`)).body).toEqual({ days: 30, rows: [] });
    expect((await kit.call('GET', `/factory/dbr/action-effectiveness?shop_floor_id=1&lines=Linea 2&date_from=${kit.day}&date_to=${kit.day}`)).body.rows).toEqual([]);
    const bad = await get(`&date_from=${kit.day}&date_to=${kit.day}&days=0`);
    expect([bad.status, bad.body.error.fields]).toEqual([400, { days: 'Giorni interi da 1 a 365' }]);
    expect((await kit.call('GET', `/factory/dbr/action-effectiveness?shop_floor_id=99&lines=Linea 1&date_from=${kit.day}&date_to=${kit.day}`)).status).toBe(404);
  });
});
