import { DEMO_ROLES as ROLES } from '../../../domain/users/roles.js';
import { describeWith } from '../../../test/support/services.js';
import { refusalChecker } from '../../../test/support/refusals.js';
import { startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/** The Root Cause Tool's boxes per unplanned stop: read by everyone, saved by the improvement roles (line log §2.5, §7). */
describeWith(['postgres'])('root cause endpoints', () => {
  let kit: StopsKit;
  let stopId: number;
  const save = (body: unknown, as = 'support') => kit.call('POST', '/factory/root_cause', as, body);
  const load = (id: number | string = stopId, as = 'frontline') => kit.call('GET', `/factory/root_cause/${id}`, as);
  const refusedWritingNothing = refusalChecker(() => kit.eventCount());
  /** No why answered, no 6M category. */
  const UNSTRUCTURED = { whys: ['', '', '', '', ''], category: '' };

  beforeAll(async () => {
    kit = await startStopsKit();
    stopId = (await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit))).body.id;
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('reads two empty boxes for a stop without an analysis, for every role', async () => {
    for (const role of ROLES)
      expect([role, await load(stopId, role)]).toEqual([role, { status: 200, body: { stop_event_id: stopId, root_cause: '', troubleshooting: '', ...UNSTRUCTURED } }]);
  });

  it('saves the analysis and reads it back', async () => {
    const body = { stop_event_id: stopId, root_cause: ' Guida della coclea usurata ', troubleshooting: 'Sostituita la guida' };
    const expected = { stop_event_id: stopId, root_cause: 'Guida della coclea usurata', troubleshooting: 'Sostituita la guida', ...UNSTRUCTURED };
    expect(await save(body)).toEqual({ status: 200, body: expected });
    expect((await load()).body).toEqual(expected);
    expect(await kit.stream(`root-cause-${stopId}`)).toEqual([
      { type: 'RootCauseRecorded', data: { stopEventId: stopId, rootCause: expected.root_cause, troubleshooting: expected.troubleshooting, ...UNSTRUCTURED } },
    ]);
  });

  it('keeps a box left out, clears a box sent as null, records nothing when nothing changed', async () => {
    expect((await save({ stop_event_id: String(stopId), troubleshooting: 'Guida sostituita e allineata' })).body).toEqual({
      stop_event_id: stopId,
      root_cause: 'Guida della coclea usurata',
      troubleshooting: 'Guida sostituita e allineata',
      ...UNSTRUCTURED,
    });
    expect((await save({ stop_event_id: stopId, root_cause: null })).body.root_cause).toBe('');
    const unchanged = await refusedWritingNothing(() => save({ stop_event_id: stopId, root_cause: '', troubleshooting: 'Guida sostituita e allineata' }));
    expect(unchanged.status).toBe(200);
  });

  it('saves the 5-why chain one answer at a time and the 6M category, keeping the boxes; the stop list carries them', async () => {
    const whys = ['La coclea si è bloccata', 'La guida era consumata', '', '', ''];
    expect((await save({ stop_event_id: stopId, whys: [' La coclea si è bloccata '] })).body.whys).toEqual(['La coclea si è bloccata', '', '', '', '']);
    const both = await save({ stop_event_id: stopId, whys: [null, 'La guida era consumata'], category: 'Macchina' });
    expect(both.body).toEqual({ stop_event_id: stopId, root_cause: '', troubleshooting: 'Guida sostituita e allineata', whys, category: 'Macchina' });
    expect((await load()).body).toEqual(both.body);
    const list = await kit.call('GET', `/factory/stop_events/unplanned?shop_floor_id=1&date_from=${kit.day}&date_to=${kit.day}&lines_id=1`, 'support');
    expect(list.body.find((s: { id: number }) => s.id === stopId).root_cause).toEqual({
      root_cause: '',
      troubleshooting: 'Guida sostituita e allineata',
      whys,
      category: 'Macchina',
    });
    expect((await save({ stop_event_id: stopId, category: null })).body.category).toBe('');
    expect((await refusedWritingNothing(() => save({ stop_event_id: stopId, category: 'Mano' }))).body.error.fields).toEqual({
      category: 'Una tra: Macchina, Metodo, Materiale, Manodopera, Misura, Ambiente',
    });
    expect((await refusedWritingNothing(() => save({ stop_event_id: stopId, whys: ['1', '2', '3', '4', '5', '6'] }))).body.error.fields).toEqual({ whys: 'Al massimo 5 perché' });
    expect((await refusedWritingNothing(() => save({ stop_event_id: stopId, whys: 'uno' }))).body.error.fields).toEqual({ whys: 'Deve essere una lista' });
    expect((await save({ stop_event_id: stopId, category: 'Macchina', troubleshooting: 'Guida sostituita e allineata' })).status).toBe(200);
  });

  it('reads an analysis saved before the whys existed (version 1) as five empty whys and no category', async () => {
    const old = (await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, { start_time: kit.at('10:00'), end_time: kit.at('10:05') }))).body.id;
    const { store } = kit.app.deps;
    const metadata = { userId: 'u', username: 'support', role: 'support', correlationId: 'c-v1', causationId: null, occurredAt: kit.now.toISOString() };
    await store.appendToStream(
      `root-cause-${old}`,
      [{ type: 'RootCauseRecorded', schemaVersion: 1, data: { stopEventId: old, rootCause: 'Vecchia analisi', troubleshooting: 'Vecchia soluzione' }, metadata }],
      { expectedRevision: 'any' },
    );
    await kit.app.deps.engine.settle();
    expect((await load(old)).body).toEqual({ stop_event_id: old, root_cause: 'Vecchia analisi', troubleshooting: 'Vecchia soluzione', ...UNSTRUCTURED });
    expect((await save({ stop_event_id: old, category: 'Metodo' }, 'support')).body).toEqual({
      stop_event_id: old,
      root_cause: 'Vecchia analisi',
      troubleshooting: 'Vecchia soluzione',
      whys: UNSTRUCTURED.whys,
      category: 'Metodo',
    });
  });

  it('lets only the improvement roles save (403 for the operator, nothing written)', async () => {
    const r = await refusedWritingNothing(() => save({ stop_event_id: stopId, root_cause: 'x' }, 'frontline'));
    expect([r.status, r.body.error.code]).toEqual([403, 'FORBIDDEN']);
    for (const role of ['support', 'demoit', 'demoen', 'admin'])
      expect([role, (await save({ stop_event_id: stopId, root_cause: `Analisi ${role}` }, role)).status]).toEqual([role, 200]);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    expect((await refusedWritingNothing(() => save({}))).body.error.fields).toEqual({ stop_event_id: 'Id non valido' });
    expect((await refusedWritingNothing(() => save({ stop_event_id: stopId, root_cause: 'r'.repeat(2001) }))).body.error.fields).toEqual({
      root_cause: 'Al massimo 2000 caratteri',
    });
    expect((await refusedWritingNothing(() => save({ stop_event_id: stopId, troubleshooting: 5 }))).body.error.fields).toEqual({ troubleshooting: 'Deve essere un testo' });
    expect(Object.keys((await refusedWritingNothing(() => save({ stop_event_id: stopId }))).body.error.fields)).toEqual(['root_cause']);
    expect((await load('abc')).status).toBe(400);
  });

  it('answers 404 for an unknown, planned-range or deleted stop', async () => {
    const other = (await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, { start_time: kit.at('09:00'), end_time: kit.at('09:05') }))).body.id;
    expect((await kit.call('DELETE', `/factory/stop_events/delete_unplanned/${other}`)).status).toBe(200);
    for (const id of [kit.stopId('unplanned', 1, 999), kit.stopId('planned', 1, 1), other]) {
      expect([id, (await load(id)).status]).toEqual([id, 404]);
      expect([id, (await refusedWritingNothing(() => save({ stop_event_id: id, root_cause: 'x' }))).status]).toEqual([id, 404]);
    }
  });
});
