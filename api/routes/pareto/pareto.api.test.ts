import { DateTime } from 'luxon';
import { startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';
import { describeWith } from '../../../test/support/services.js';

/**
 * 'Pareto fermate' (docs/analysts.md): downtime and count of unplanned stops by stop code and by
 * failure mode, per line and plant month, following edits and deletions. Stop code names are the
 * demo plant's (seed/demo-plant.json: the first stop code of the Filler and of the Capper of line 1).
 */
describeWith(['postgres'])('GET /factory/pareto-fermate', () => {
  let kit: StopsKit;
  let month: string;
  const pareto = (query: string) => kit.call('GET', `/factory/pareto-fermate?${query}`, 'support');

  beforeAll(async () => {
    kit = await startStopsKit();
    month = DateTime.fromISO(kit.day).toFormat('yyyy-MM');
    const record = (over: Record<string, unknown>) => kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, over));
    // Line 1: 15 + 20 min of 'Bottiglia caduta' on the Filler, 5 min of 'Mancanza tappi' on the Capper, and 10 min deleted.
    expect((await record({ start_time: kit.at('08:10'), end_time: kit.at('08:25'), failure_mode: 'Coclea' })).status).toBe(201);
    expect((await record({ start_time: kit.at('09:00'), end_time: kit.at('09:20'), failure_mode: 'Bottiglia' })).status).toBe(201);
    expect(
      (
        await record({
          start_time: kit.at('10:00'),
          end_time: kit.at('10:05'),
          workpoint_id: kit.ids.capperWorkpoint,
          stop_code_id: kit.ids.capperStopCode,
          failure_mode: 'Sensore',
        })
      ).status,
    ).toBe(201);
    const gone = await record({ start_time: kit.at('11:00'), end_time: kit.at('11:10'), failure_mode: 'Coclea' });
    expect((await kit.call('DELETE', `/factory/stop_events/delete_unplanned/${gone.body.id}`)).status).toBe(200);
    // The second stop's failure mode is corrected: it moves from 'Bottiglia' to 'Coclea'.
    const second = kit.stopId('unplanned', 1, 2);
    expect((await kit.call('POST', '/factory/stop_events/update_unplanned_details', 'frontline', { id: second, field: 'failure_mode', value: 'Coclea' })).status).toBe(200);
    // Line 2: one stop, 7 minutes.
    expect(
      (await record({ workpoint_id: kit.ids.line2Workpoint, stop_code_id: kit.ids.line2StopCode, start_time: kit.at('12:00'), end_time: kit.at('12:07'), failure_mode: 'Nastro' }))
        .status,
    ).toBe(201);
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('sums downtime and counts by stop code and by failure mode for a line and month, longest first', async () => {
    const r = await pareto(`shop_floor_id=1&line_id=1&month=${month}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      month,
      by_stop_code: [
        { key: String(kit.ids.stopCode), label: 'Bottiglia caduta', downtime_minutes: 35, count: 2 },
        { key: String(kit.ids.capperStopCode), label: 'Mancanza tappi', downtime_minutes: 5, count: 1 },
      ],
      by_failure_mode: [
        { key: 'Coclea', label: 'Coclea', downtime_minutes: 35, count: 2 },
        { key: 'Sensore', label: 'Sensore', downtime_minutes: 5, count: 1 },
      ],
    });
  });

  it('adds up several lines and is empty for a month without stops', async () => {
    const both = await pareto(`shop_floor_id=1&line_id=1,2&month=${month}`);
    expect(both.body.by_failure_mode.map((b: any) => [b.label, b.downtime_minutes, b.count])).toEqual([
      ['Coclea', 35, 2],
      ['Nastro', 7, 1],
      ['Sensore', 5, 1],
    ]);
    expect((await pareto('shop_floor_id=1&line_id=1&month=2001-01')).body).toEqual({ month: '2001-01', by_stop_code: [], by_failure_mode: [] });
  });

  it('refuses a malformed month or line list with 400 and an unknown shop floor with 404', async () => {
    const bad = await pareto('shop_floor_id=1&line_id=x&month=2030-13');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['line_id', 'month']);
    const unknown = await pareto(`shop_floor_id=999&line_id=1&month=${month}`);
    expect([unknown.status, unknown.body.error.message]).toEqual([404, 'Reparto non trovato']);
  });
});
