import { startStopsKit, unplannedBody, type StopsKit } from '../test/builders/stopsTestKit.js';
import { describeWith } from '../test/support/services.js';

/**
 * Causation ids: a command issued because of an event (an assistant that corrects a stop it was
 * shown) names that event in `X-Causation-Id`, and the events it causes carry it. Without the
 * header the causation is null; a malformed one is refused before anything is written.
 */
describeWith(['postgres'])('causation ids', () => {
  let kit: StopsKit;
  let token: string;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${kit.app.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const eventsOf = async (stream: string) =>
    (await kit.app.deps.store.readStream(stream)).map((r) => ({ id: r.id, type: r.type, causationId: r.metadata.causationId, correlationId: r.metadata.correlationId }));
  const stream = () => `unplanned-stops-1-${kit.day}`;

  beforeAll(async () => {
    kit = await startStopsKit();
    token = await kit.app.login('support');
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('an event caused by a command caused by another event names that event', async () => {
    const recorded = await post('/factory/stop_events', unplannedBody(kit));
    expect(recorded.status).toBe(201);
    const [stop] = await eventsOf(stream());
    expect(stop).toMatchObject({ type: 'UnplannedStopRecorded', causationId: null });

    const edited = await post(
      '/factory/stop_events/update_unplanned_details',
      { id: kit.stopId('unplanned', 1, 1), field: 'failure_mode', value: 'Coclea inceppata' },
      { 'X-Causation-Id': stop!.id.toUpperCase(), 'X-Request-Id': 'assistente-1234' },
    );
    expect(edited.status).toBe(200);
    const edit = (await eventsOf(stream())).at(-1)!;
    expect(edit).toMatchObject({ type: 'UnplannedStopDetailEdited', causationId: stop!.id, correlationId: 'assistente-1234' });
  });

  it('refuses a causation id that is not an event id with 400, writing nothing', async () => {
    const before = await kit.eventCount();
    const r = await post('/factory/stop_events', unplannedBody(kit, { start_time: kit.at('11:00'), end_time: kit.at('11:05') }), { 'X-Causation-Id': 'not-an-event' });
    expect(r.status).toBe(400);
    expect(((await r.json()) as any).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Causation id non valido',
      fields: { 'X-Causation-Id': "Atteso l'id di un evento (UUID)" },
    });
    expect(await kit.eventCount()).toBe(before);
  });
});
