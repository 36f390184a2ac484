import { DEMO_ROLES as ROLES } from '../../../domain/users/roles.js';
import { describeWith } from '../../../test/support/services.js';
import { refusalChecker } from '../../../test/support/refusals.js';
import { startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/** Record, inline edit and delete of unplanned stops over the demo plant (line log §4.2, §5, §7). */
describeWith(['postgres'])('unplanned stop endpoints', () => {
  let kit: StopsKit;
  const record = (over: Record<string, unknown> = {}, as = 'frontline') => kit.call('POST', '/factory/stop_events', as, unplannedBody(kit, over));
  const byShift = async (code = 'A') => (await kit.call('GET', `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=1&shift_code=${code}&day=${kit.day}`)).body;
  const refusedWritingNothing = refusalChecker(() => kit.eventCount());

  beforeAll(async () => {
    kit = await startStopsKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('records a stop: 201 with the spec’s fields, its relations and the downtime in minutes', async () => {
    const r = await record();
    expect(r).toEqual({
      status: 201,
      body: {
        id: kit.stopId('unplanned', 1, 1),
        workpoint_id: kit.ids.workpoint,
        stop_code_id: kit.ids.stopCode,
        triggering_event_id: 1,
        failure_mode: 'Bottiglia incastrata nella coclea',
        corrective_action: 'Rimossa la bottiglia e riavviata la linea',
        start_time: kit.at('08:10'),
        end_time: kit.at('08:25'),
        action_material_change: false,
        action_cleaning: true,
        action_setting_adjustment: false,
        action_component_restore: false,
        duration_minutes: 15,
        workpoint_rel: { id: kit.ids.workpoint, name: 'Alimentazione bottiglie', equipment_rel: { id: 1, name: 'Filler', line_rel: { id: 1, name: 'Linea 1' } } },
        stop_code_rel: { id: kit.ids.stopCode, name: 'Bottiglia caduta' },
        triggering_event_rel: { id: 1, name: expect.any(String) },
        root_cause: null,
      },
    });
    expect(await byShift()).toEqual([r.body]);
    expect((await kit.stream(`unplanned-stops-1-${kit.day}`)).map((e) => e.type)).toEqual(['UnplannedStopRecorded']);
  });

  it('lets every role record a stop', async () => {
    for (const [i, role] of ROLES.entries()) {
      const r = await record({ workpoint_id: kit.ids.capperWorkpoint, stop_code_id: kit.ids.capperStopCode, start_time: kit.at(`09:${i}0`), end_time: kit.at(`09:${i}5`) }, role);
      expect([role, r.status]).toEqual([role, 201]);
    }
  });

  it('reads a time without an offset as Italian time, and counts whole minutes rounded down', async () => {
    const r = await record({ start_time: `${kit.day}T11:00`, end_time: `${kit.day}T11:07:59` });
    expect([r.status, r.body.start_time, r.body.duration_minutes]).toEqual([201, kit.at('11:00'), 7]);
  });

  it('names every missing or malformed field with 400 and writes nothing', async () => {
    const empty = await refusedWritingNothing(() => kit.call('POST', '/factory/stop_events', 'frontline', {}));
    expect([empty.status, empty.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(Object.keys(empty.body.error.fields).sort()).toEqual([
      'corrective_action',
      'end_time',
      'failure_mode',
      'start_time',
      'stop_code_id',
      'triggering_event_id',
      'workpoint_id',
    ]);
    const malformed = await refusedWritingNothing(() => record({ workpoint_id: 'uno', start_time: 'ieri alle 8', action_cleaning: 'sì' }));
    expect(Object.keys(malformed.body.error.fields).sort()).toEqual(['action_cleaning', 'start_time', 'workpoint_id']);
  });

  it('names unknown ids, a stop code of another area and bad texts together, writing nothing', async () => {
    const r = await refusedWritingNothing(() => record({ stop_code_id: kit.ids.otherStopCode, triggering_event_id: 999, failure_mode: 'x'.repeat(251), corrective_action: '   ' }));
    expect([r.status, r.body.error.fields]).toEqual([
      400,
      {
        stop_code_id: "Il codice di stop non appartiene all'area scelta",
        triggering_event_id: 'Evento scatenante inesistente',
        failure_mode: 'Al massimo 250 caratteri',
        corrective_action: 'Obbligatorio',
      },
    ]);
    expect((await refusedWritingNothing(() => record({ workpoint_id: 999 }))).body.error.fields).toEqual({ workpoint_id: 'Area inesistente' });
  });

  it('refuses an end not after the start with Controlla le date, and a stop ending in the future', async () => {
    for (const end of ['08:10', '08:00']) {
      const r = await refusedWritingNothing(() => record({ start_time: kit.at('08:10', kit.nextDay), end_time: kit.at(end, kit.nextDay) }));
      expect([r.status, r.body.error.code, r.body.error.message]).toEqual([400, 'INVALID_TIMES', 'Controlla le date']);
    }
    const future = await refusedWritingNothing(() =>
      record({ start_time: new Date(kit.now.getTime() - 60_000).toISOString(), end_time: new Date(kit.now.getTime() + 6 * 60_000).toISOString() }),
    );
    expect([future.status, future.body.error.code, future.body.error.fields]).toEqual([400, 'INVALID_TIMES', { end_time: 'Nel futuro' }]);
  });

  it('refuses a stop overlapping another of the same machine with 409, naming its times; other machines are free', async () => {
    expect((await record({ start_time: kit.at('10:00'), end_time: kit.at('10:20') })).status).toBe(201);
    const r = await refusedWritingNothing(() => record({ start_time: kit.at('10:10'), end_time: kit.at('10:30') }));
    expect([r.status, r.body.error]).toEqual([409, { code: 'STOP_OVERLAP', message: 'Lo stop si sovrappone a un altro stop della stessa macchina (10:00–10:20)' }]);
    expect((await record({ start_time: kit.at('10:20'), end_time: kit.at('10:30') })).status).toBe(201);
    expect((await record({ workpoint_id: kit.ids.line2Workpoint, stop_code_id: kit.ids.line2StopCode, start_time: kit.at('10:10'), end_time: kit.at('10:30') })).status).toBe(201);
  });

  it('decides two concurrent overlapping records against each other: one is recorded, the other refused', async () => {
    const both = await Promise.all([0, 1].map((i) => record({ start_time: kit.at(`12:0${i}`), end_time: kit.at('12:30') })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.error.code).toBe('STOP_OVERLAP');
  });

  it('edits the failure mode and the corrective action inline, never empty', async () => {
    const edit = (body: unknown) => kit.call('POST', '/factory/stop_events/update_unplanned_details', 'frontline', body);
    expect(await edit({ id: kit.stopId('unplanned', 1, 1), field: 'failure_mode', value: ' Coclea inceppata ' })).toEqual({
      status: 200,
      body: { id: kit.stopId('unplanned', 1, 1), field: 'failure_mode', value: 'Coclea inceppata' },
    });
    expect((await edit({ id: String(kit.stopId('unplanned', 1, 1)), field: 'corrective_action', value: 'c'.repeat(1000) })).status).toBe(200);
    const shown = (await byShift()).find((s: any) => s.id === kit.stopId('unplanned', 1, 1));
    expect([shown.failure_mode, shown.corrective_action]).toEqual(['Coclea inceppata', 'c'.repeat(1000)]);
    const empty = await refusedWritingNothing(() => edit({ id: kit.stopId('unplanned', 1, 1), field: 'corrective_action', value: '  ' }));
    expect([empty.status, empty.body.error.fields]).toEqual([400, { value: 'Obbligatorio' }]);
    expect((await refusedWritingNothing(() => edit({ id: kit.stopId('unplanned', 1, 1), field: 'failure_mode', value: 'f'.repeat(251) }))).body.error.fields).toEqual({
      value: 'Al massimo 250 caratteri',
    });
    expect(Object.keys((await refusedWritingNothing(() => edit({ id: 'x', field: 'notes' }))).body.error.fields).sort()).toEqual(['field', 'id', 'value']);
    for (const id of [kit.stopId('unplanned', 1, 999), kit.stopId('planned', 1, 1), 1])
      expect((await refusedWritingNothing(() => edit({ id, field: 'failure_mode', value: 'x' }))).status).toBe(404);
  });

  it('deletes a stop: gone from the lists, kept in the history, a second delete is a 404', async () => {
    const created = await record({ start_time: kit.at('13:00'), end_time: kit.at('13:05') });
    expect(await kit.call('DELETE', `/factory/stop_events/delete_unplanned/${created.body.id}`)).toEqual({ status: 200, body: { id: created.body.id, deleted: true } });
    expect((await byShift()).map((s: any) => s.id)).not.toContain(created.body.id);
    expect((await kit.stream(`unplanned-stops-1-${kit.day}`)).at(-1)).toEqual({ type: 'UnplannedStopDeleted', data: { stopId: created.body.id } });
    expect((await refusedWritingNothing(() => kit.call('DELETE', `/factory/stop_events/delete_unplanned/${created.body.id}`))).status).toBe(404);
    expect((await record({ start_time: kit.at('13:00'), end_time: kit.at('13:05') })).body.id).toBe(created.body.id + 1);
    expect((await refusedWritingNothing(() => kit.call('DELETE', '/factory/stop_events/delete_unplanned/abc'))).status).toBe(400);
    expect((await refusedWritingNothing(() => kit.call('DELETE', `/factory/stop_events/delete_unplanned/${kit.stopId('planned', 1, 1)}`))).status).toBe(404);
  });
});
