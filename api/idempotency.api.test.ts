import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { describeWith } from '../test/support/services.js';
import { plannedBody, startStopsKit, unplannedBody, type StopsKit } from '../test/builders/stopsTestKit.js';

interface Answer {
  status: number;
  body: any;
  replayed: string | null;
}

/**
 * Idempotency-Key on every create (docs/deploy.md "Retries"): a retry with the key returns the
 * first answer and appends nothing; the key with another request is refused; duplicates sent at
 * once run once.
 */
describeWith(['postgres'])('Idempotency-Key', () => {
  let kit: StopsKit;
  const tokens: Record<string, string> = {};

  const send = async (as: string, method: string, path: string, body: unknown, key?: string): Promise<Answer> => {
    const headers: Record<string, string> = { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' };
    if (key !== undefined) headers['idempotency-key'] = key;
    const res = await fetch(`${kit.app.url}${path}`, { method, headers, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json(), replayed: res.headers.get('idempotent-replayed') };
  };

  beforeAll(async () => {
    kit = await startStopsKit();
    for (const role of ['frontline', 'support', 'admin']) tokens[role] = await kit.app.login(role);
  });
  afterAll(async () => {
    await kit?.close();
  });

  /** Every create route of the API, with a valid body that writes something the first time. */
  const creates = async (): Promise<Array<[name: string, as: string, path: string, body: unknown]>> => {
    const today = DateTime.fromJSDate(kit.now, { zone: PLANT_ZONE }).toISODate()!;
    const shifts = (await send('support', 'GET', `/factory/shifts?day=${today}&shop_floor_id=1`, undefined)).body as Array<{ id: number; code: string }>;
    const stop = await send('frontline', 'POST', '/factory/stop_events', unplannedBody(kit, { start_time: kit.at('15:00'), end_time: kit.at('15:05') }));
    expect(stop.status).toBe(201);
    return [
      ['unplanned stop', 'frontline', '/factory/stop_events', unplannedBody(kit, { start_time: kit.at('09:00'), end_time: kit.at('09:10') })],
      ['planned stop', 'frontline', '/factory/planned_stops', plannedBody(kit, { start_time: kit.at('10:00'), end_time: kit.at('10:30') })],
      [
        'DBR action',
        'support',
        '/factory/dbr_actions',
        { day: today, due_shift: shifts.find((s) => s.code === 'A')!.id, line: 'Linea 1', equipment: 2, owner: 'Rossi', supportBy: 'Bianchi', activity: 'Pulire i sensori' },
      ],
      ['root cause', 'support', '/factory/root_cause', { stop_event_id: stop.body.id, root_cause: 'Guida usurata', troubleshooting: 'Sostituita la guida' }],
      ['shift generation', 'admin', '/admin/generate-shifts', { shop_floor_id: 1, start_date: '2040-01-01', end_date: '2040-01-02' }],
    ];
  };

  it('a retried create gets the first answer (same status and body) and appends nothing, on every create route', async () => {
    for (const [name, as, path, body] of await creates()) {
      const key = randomUUID();
      const before = await kit.eventCount();
      const first = await send(as, 'POST', path, body, key);
      expect([name, first.status < 300, first.replayed]).toEqual([name, true, null]);
      const written = await kit.eventCount();
      expect([name, written > before]).toEqual([name, true]);

      const retry = await send(as, 'POST', path, body, key);
      expect([name, retry.status, retry.body, retry.replayed]).toEqual([name, first.status, first.body, 'true']);
      expect([name, await kit.eventCount()]).toEqual([name, written]);
    }
  });

  it('refuses the same key with another body or on another route (422, the error shape), writing nothing', async () => {
    const key = randomUUID();
    const body = unplannedBody(kit, { start_time: kit.at('11:00'), end_time: kit.at('11:05') });
    expect((await send('frontline', 'POST', '/factory/stop_events', body, key)).status).toBe(201);
    const before = await kit.eventCount();
    const other = await send('frontline', 'POST', '/factory/stop_events', { ...body, start_time: kit.at('11:10'), end_time: kit.at('11:15') }, key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      error: {
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'Idempotency-Key già usata per una richiesta diversa: usa una nuova chiave per una nuova operazione (key already used for a different request)',
      },
    });
    const elsewhere = await send('frontline', 'POST', '/factory/planned_stops', plannedBody(kit, { start_time: kit.at('12:00'), end_time: kit.at('12:30') }), key);
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await kit.eventCount()).toBe(before);
  });

  it('runs duplicates sent at once only once: every one gets the one answer, one stop is appended', async () => {
    const key = randomUUID();
    const body = unplannedBody(kit, { start_time: kit.at('13:00'), end_time: kit.at('13:05') });
    const before = await kit.eventCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send('frontline', 'POST', '/factory/stop_events', body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
    expect(await kit.eventCount()).toBe(before + 1);
  });

  it('keeps keys per user: another user’s request with the same key runs', async () => {
    const key = randomUUID();
    const a = await send('frontline', 'POST', '/factory/planned_stops', plannedBody(kit, { start_time: kit.at('16:00'), end_time: kit.at('16:30') }), key);
    const b = await send('support', 'POST', '/factory/planned_stops', plannedBody(kit, { start_time: kit.at('17:00'), end_time: kit.at('17:30') }), key);
    expect([a.status, b.status, b.replayed]).toEqual([201, 201, null]);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('gives the key up after a refusal, so the retry runs again; a malformed key is 400', async () => {
    const key = randomUUID();
    const bad = unplannedBody(kit, { start_time: kit.at('18:10'), end_time: kit.at('18:00') });
    const before = await kit.eventCount();
    const first = await send('frontline', 'POST', '/factory/stop_events', bad, key);
    const again = await send('frontline', 'POST', '/factory/stop_events', bad, key);
    expect([first.status, again.status, again.replayed]).toEqual([400, 400, null]);
    expect(await kit.eventCount()).toBe(before);

    const body = unplannedBody(kit, { start_time: kit.at('19:00'), end_time: kit.at('19:05') });
    for (const malformed of ['x'.repeat(201), 'due parole']) {
      const r = await send('frontline', 'POST', '/factory/stop_events', body, malformed);
      expect([r.status, r.body.error.code, r.body.error.fields]).toEqual([400, 'VALIDATION_FAILED', { 'Idempotency-Key': 'Da 1 a 200 caratteri visibili' }]);
    }
    expect(await kit.eventCount()).toBe(before);
  });
});
