import { startSecondInstance, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';
import { plannedBody, startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/** Ten distinct stops of one machine and day: start times 06:00, 06:30, ... 10:30, ten minutes each. */
const SLOTS = ['06:00', '06:30', '07:00', '07:30', '08:00', '08:30', '09:00', '09:30', '10:00', '10:30'];
const END = (start: string) => `${start.slice(0, 3)}${String(Number(start.slice(3)) + 10).padStart(2, '0')}`;

/**
 * Stops sent at once on one machine's day stream (issue 19: ten at once gave false 'I dati
 * sono stati modificati da un altro utente'): distinct stops are all recorded, overlapping
 * ones still leave exactly one winner, also with two instances of the app on one database.
 */
describeWith(['postgres'])('stops sent at once on one machine and day', () => {
  let kit: StopsKit;
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);
  const list = async (kind: 'unplanned' | 'planned', day = kit.day) =>
    (await kit.call('GET', `/factory/stop_events/${kind}_by_shift?shop_floor_id=1&lines_id=1&shift_code=A&day=${day}`)).body as Array<{ id: number; notes?: string }>;
  const tenIds = (kind: 'unplanned' | 'planned', day = kit.day) => Array.from({ length: 10 }, (_, i) => kit.stopId(kind, 1, i + 1, day));

  beforeAll(async () => {
    kit = await startStopsKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('records ten distinct unplanned stops sent at once: ten 201s, all ten in the list', async () => {
    const sent = await Promise.all(
      SLOTS.map((s) => kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, { start_time: kit.at(s), end_time: kit.at(END(s)) }))),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(ids(await list('unplanned'))).toEqual(tenIds('unplanned'));
  });

  it('records ten planned stops sent at once, then saves their ten notes at once and deletes them at once', async () => {
    const sent = await Promise.all(
      SLOTS.map((s) => kit.call('POST', '/factory/planned_stops', 'frontline', plannedBody(kit, { start_time: kit.at(s), end_time: kit.at(END(s)) }))),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(ids(await list('planned'))).toEqual(tenIds('planned'));

    const noted = await Promise.all(tenIds('planned').map((id, i) => kit.call('POST', '/factory/stop_events/update_planned_note', 'frontline', { id, notes: `Nota ${i + 1}` })));
    expect(noted.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await list('planned')).map((r) => r.notes).sort()).toEqual(['Nota 1', 'Nota 10', 'Nota 2', 'Nota 3', 'Nota 4', 'Nota 5', 'Nota 6', 'Nota 7', 'Nota 8', 'Nota 9']);

    const deleted = await Promise.all(tenIds('planned').map((id) => kit.call('DELETE', `/factory/stop_events/delete_planned/${id}`)));
    expect(deleted.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await list('planned')).toEqual([]);
  });

  it('records exactly one of ten overlapping stops sent at once; the nine others are 409 STOP_OVERLAP naming its times', async () => {
    const starts = ['12:00', '12:01', '12:02', '12:03', '12:04', '12:05', '12:06', '12:07', '12:08', '12:09'];
    const sent = await Promise.all(
      starts.map((s) => kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, { start_time: kit.at(s), end_time: kit.at('12:30') }))),
    );
    expect(sent.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const winner = starts[sent.findIndex((r) => r.status === 201)]!;
    for (const r of sent.filter((x) => x.status === 409)) {
      expect(r.body.error).toEqual({ code: 'STOP_OVERLAP', message: `Lo stop si sovrappone a un altro stop della stessa macchina (${winner}–12:30)` });
    }
  });

  describe('with a second instance of the app on the same database', () => {
    let two: TestApp;
    let twoToken: string;
    beforeAll(async () => {
      two = await startSecondInstance(kit.app, { clock: () => kit.now });
      twoToken = await two.login('frontline');
    });
    afterAll(async () => {
      await two?.close();
    });

    it('records ten distinct stops sent at once, half to each instance', async () => {
      const onTwo = async (body: unknown) => {
        const res = await fetch(`${two.url}/factory/stop_events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${twoToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as unknown };
      };
      const body = (s: string) => unplannedBody(kit, { start_time: kit.at(s, kit.nextDay), end_time: kit.at(END(s), kit.nextDay) });
      const sent = await Promise.all(SLOTS.map((s, i) => (i % 2 === 0 ? kit.call('POST', '/factory/stop_events', 'frontline', body(s)) : onTwo(body(s)))));
      expect(sent.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(ids(await list('unplanned', kit.nextDay))).toEqual(tenIds('unplanned', kit.nextDay));
    });
  });
});
