import { DEMO_ROLES as ROLES } from '../../../domain/users/roles.js';
import { describeWith } from '../../../test/support/services.js';
import { refusalChecker } from '../../../test/support/refusals.js';
import { plannedBody, startStopsKit, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/** Record, note edit and delete of planned stops over the demo plant (line log §4.3, §5, §7). */
describeWith(['postgres'])('planned stop endpoints', () => {
  let kit: StopsKit;
  const record = (over: Record<string, unknown> = {}, as = 'frontline') => kit.call('POST', '/factory/planned_stops', as, plannedBody(kit, over));
  const byShift = async (code = 'A', lines = 'lines_id=1') =>
    (await kit.call('GET', `/factory/stop_events/planned_by_shift?shop_floor_id=1&${lines}&shift_code=${code}&day=${kit.day}`)).body;
  const note = (body: unknown, as = 'frontline') => kit.call('POST', '/factory/stop_events/update_planned_note', as, body);
  const refusedWritingNothing = refusalChecker(() => kit.eventCount());

  beforeAll(async () => {
    kit = await startStopsKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('records a planned stop: 201 with the spec’s fields, equipment and reason', async () => {
    const r = await record();
    expect(r).toEqual({
      status: 201,
      body: {
        id: kit.stopId('planned', 1, 1),
        equipment_id: 1,
        planned_reason_id: 1,
        start_time: kit.at('06:00'),
        end_time: kit.at('06:30'),
        notes: 'Cambio formato 0,5 L',
        duration_minutes: 30,
        equipment_rel: { id: 1, name: 'Filler', line_rel: { id: 1, name: 'Linea 1' } },
        planned_reason_rel: { id: 1, name: 'Cambio formato' },
      },
    });
    expect(await byShift()).toEqual([r.body]);
  });

  it('lets every role record one; a missing, null or blank note is null', async () => {
    for (const [i, role] of ROLES.entries()) {
      const notes = [undefined, null, '', '   ', 'ok'][i];
      const r = await record({ equipment_id: 2, start_time: kit.at(`07:${i}0`), end_time: kit.at(`07:${i}5`), notes }, role);
      expect([role, r.status, r.body.notes]).toEqual([role, 201, notes === 'ok' ? 'ok' : null]);
    }
  });

  it('names bad fields with 400 and writes nothing', async () => {
    const empty = await refusedWritingNothing(() => kit.call('POST', '/factory/planned_stops', 'frontline', {}));
    expect(Object.keys(empty.body.error.fields).sort()).toEqual(['end_time', 'equipment_id', 'planned_reason_id', 'start_time']);
    const unknown = await refusedWritingNothing(() => record({ equipment_id: 99, planned_reason_id: 99, notes: 'n'.repeat(1001) }));
    expect([unknown.status, unknown.body.error.fields]).toEqual([
      400,
      { equipment_id: 'Macchina inesistente', planned_reason_id: 'Causale inesistente', notes: 'Al massimo 1000 caratteri' },
    ]);
    expect((await refusedWritingNothing(() => record({ notes: 12 }))).body.error.fields).toEqual({ notes: 'Deve essere un testo' });
  });

  it('applies the time rules: Controlla le date, no stop ending in the future', async () => {
    const same = await refusedWritingNothing(() => record({ end_time: kit.at('06:00') }));
    expect([same.status, same.body.error.code, same.body.error.message]).toEqual([400, 'INVALID_TIMES', 'Controlla le date']);
    const future = await refusedWritingNothing(() => record({ start_time: kit.now.toISOString(), end_time: new Date(kit.now.getTime() + 3_600_000).toISOString() }));
    expect([future.status, future.body.error.code]).toEqual([400, 'INVALID_TIMES']);
  });

  it('saves the note, also empty (null), and records nothing for the same note', async () => {
    expect(await note({ id: kit.stopId('planned', 1, 1), notes: 'Formato 1 L' })).toEqual({ status: 200, body: { id: kit.stopId('planned', 1, 1), notes: 'Formato 1 L' } });
    expect((await byShift())[0].notes).toBe('Formato 1 L');
    expect(await note({ id: String(kit.stopId('planned', 1, 1)), notes: '' })).toEqual({ status: 200, body: { id: kit.stopId('planned', 1, 1), notes: null } });
    expect((await byShift())[0].notes).toBeNull();
    const before = (await kit.stream(`planned-stops-1-${kit.day}`)).length;
    expect((await note({ id: kit.stopId('planned', 1, 1), notes: null })).status).toBe(200);
    expect((await kit.stream(`planned-stops-1-${kit.day}`)).length).toBe(before);
  });

  it('refuses a bad note or id: 400 naming the field, 404 for an unknown stop', async () => {
    expect((await refusedWritingNothing(() => note({ id: kit.stopId('planned', 1, 1), notes: 'n'.repeat(1001) }))).body.error.fields).toEqual({
      notes: 'Al massimo 1000 caratteri',
    });
    expect((await refusedWritingNothing(() => note({ id: 'abc', notes: 'x' }))).body.error.fields).toEqual({ id: 'Id non valido' });
    for (const id of [kit.stopId('planned', 1, 999), kit.stopId('unplanned', 1, 1), 1]) expect((await refusedWritingNothing(() => note({ id, notes: 'x' }))).status).toBe(404);
  });

  it('deletes a planned stop; a second delete, an unplanned id or a malformed id are refused', async () => {
    const created = await record({ equipment_id: 3, start_time: kit.at('12:00'), end_time: kit.at('12:10') });
    expect(await kit.call('DELETE', `/factory/stop_events/delete_planned/${created.body.id}`)).toEqual({ status: 200, body: { id: created.body.id, deleted: true } });
    expect((await byShift()).map((s: any) => s.id)).not.toContain(created.body.id);
    expect((await kit.stream(`planned-stops-3-${kit.day}`)).map((e) => e.type)).toEqual(['PlannedStopRecorded', 'PlannedStopDeleted']);
    expect((await refusedWritingNothing(() => kit.call('DELETE', `/factory/stop_events/delete_planned/${created.body.id}`))).status).toBe(404);
    expect((await refusedWritingNothing(() => kit.call('DELETE', `/factory/stop_events/delete_planned/${kit.stopId('unplanned', 3, 1)}`))).status).toBe(404);
    expect((await refusedWritingNothing(() => kit.call('DELETE', '/factory/stop_events/delete_planned/1.5'))).status).toBe(400);
  });

  it('lists planned stops of the shift for several lines, repeated or comma-joined, sorted by start', async () => {
    await record({ equipment_id: 4, start_time: kit.at('06:15'), end_time: kit.at('06:20') });
    const ids = (rows: any[]) => rows.map((s) => `${s.equipment_rel.line_rel.id}:${s.start_time.slice(11, 16)}`);
    const expected = ['1:06:00', '2:06:15', '1:07:00', '1:07:10', '1:07:20', '1:07:30', '1:07:40'];
    expect(ids(await byShift('A', 'lines_id=1&lines_id=2'))).toEqual(expected);
    expect(ids(await byShift('A', 'lines_id=1,2,'))).toEqual(expected);
    expect(ids(await byShift('A', 'lines_id=2'))).toEqual(['2:06:15']);
    expect(await byShift('B', 'lines_id=1,2')).toEqual([]);
  });

  it('refuses a planned stop overlapping another planned stop of the same machine with 409, naming its times; nothing is written', async () => {
    // Equipment 3's 12:00–12:10 stop was deleted above: it no longer counts.
    expect((await record({ equipment_id: 3, start_time: kit.at('12:00'), end_time: kit.at('12:10') })).status).toBe(201);
    for (const [s, e] of [
      ['12:00', '12:10'],
      ['12:05', '12:30'],
      ['11:00', '13:00'],
    ]) {
      const r = await refusedWritingNothing(() => record({ equipment_id: 3, start_time: kit.at(s!), end_time: kit.at(e!) }));
      expect([r.status, r.body.error]).toEqual([409, { code: 'STOP_OVERLAP', message: 'Lo stop si sovrappone a un altro stop della stessa macchina (12:00–12:10)' }]);
    }
    expect((await record({ equipment_id: 3, start_time: kit.at('12:10'), end_time: kit.at('12:20') })).status).toBe(201);
    expect((await record({ equipment_id: 4, start_time: kit.at('12:05'), end_time: kit.at('12:30') })).status).toBe(201);
  });

  it('checks a planned stop against one begun on an earlier day that is still going on', async () => {
    expect((await record({ equipment_id: 3, start_time: kit.at('22:00'), end_time: kit.at('05:00', kit.nextDay) })).status).toBe(201);
    const r = await refusedWritingNothing(() => record({ equipment_id: 3, start_time: kit.at('04:00', kit.nextDay), end_time: kit.at('04:30', kit.nextDay) }));
    const [d1, d2] = [kit.day, kit.nextDay].map((d) => `${d.slice(8, 10)}/${d.slice(5, 7)}`);
    expect([r.status, r.body.error.message]).toEqual([409, `Lo stop si sovrappone a un altro stop della stessa macchina (${d1} 22:00–${d2} 05:00)`]);
    expect((await record({ equipment_id: 3, start_time: kit.at('05:00', kit.nextDay), end_time: kit.at('05:30', kit.nextDay) })).status).toBe(201);
  });
});
