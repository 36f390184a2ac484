import { DateTime } from 'luxon';
import mqtt, { type MqttClient } from 'mqtt';
import { openStopsFromStreams } from '../../../commands/machines/openStops.js';
import { readPlantState } from '../../../commands/plant/readPlant.js';
import { openDetectedStops } from '../../../projections/machines/machines.queries.js';
import { startMosquitto, type EmbeddedMosquitto } from '../../../infra/embedded/mosquitto.js';
import { freePort } from '../../../infra/embedded/ports.js';
import { startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';
import { describeWith, services } from '../../../test/support/services.js';

/**
 * The machines' signals end to end over a real mosquitto: messages published as a PLC gateway
 * would, the detected stops and counted hours the calls answer, junk and unknown machines
 * ignored and counted, a broker restart in the middle, and a stop classified from its detection.
 * Demo plant: shop floor 1; line 1 has Filler (1), Capper (2), Cartoner (3), the last counting the line's pieces.
 */
describeWith(['postgres', 'mosquitto'])('machine signals over MQTT', () => {
  let kit: StopsKit;
  let broker: EmbeddedMosquitto;
  let port: number;
  let gateway: MqttClient;
  const health = async () =>
    (await fetch(`${kit.app.url}/health`).then((r) => r.json())) as {
      mqtt: { connected: boolean; received: number; ignored: Record<string, number>; reconnects: number; error: string | null; retryWaitMs: number | null; broker: string };
    };
  const until = async (what: () => Promise<boolean>, tries = 200) => {
    for (let i = 0; i < tries && !(await what()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await what()).toBe(true);
  };
  /** Publishes, waits until the connector has received them all, then has it take them. */
  const publish = async (messages: Array<[topic: string, payload: string]>) => {
    const before = (await health()).mqtt.received;
    for (const [topic, payload] of messages) await gateway.publishAsync(topic, payload, { qos: 1 });
    await until(async () => (await health()).mqtt.received >= before + messages.length);
    await kit.app.deps.machineSignals!.tick();
    await kit.app.deps.engine.settle();
  };
  const state = (equipment: number, s: string, at: string): [string, string] => [`linea/1/1/${equipment}/state`, JSON.stringify({ state: s, at })];
  const count = (equipment: number, good: number, reject: number, at: string): [string, string] => [`linea/1/1/${equipment}/count`, JSON.stringify({ good, reject, at })];
  const detected = async (query: string) => (await kit.call('GET', `/factory/detected_stops?shop_floor_id=1&line_id=1&${query}`)).body as Array<Record<string, unknown>>;

  beforeAll(async () => {
    port = await freePort();
    broker = await startMosquitto(services.mosquitto!, port);
    // The app logs in as a plant's broker asks (this one takes any login until the last test).
    kit = await startStopsKit({ mqttUrl: broker.url.replace('//', '//linea:secret@'), machineTickMs: 3_600_000 });
    gateway = await mqtt.connectAsync(broker.url, { reconnectPeriod: 200, username: 'gateway', password: 'gw' });
    await until(async () => (await health()).mqtt.connected);
  });
  afterAll(async () => {
    await gateway?.endAsync(true);
    await kit?.close();
    await broker?.stop();
  });

  it('turns a day of messages into detected stops and hourly figures: out of order, repeated, across midnight', async () => {
    const { at, nextDay } = kit;
    await publish([
      state(3, 'running', at('07:50')),
      // The restart arrives before its stop: the machine's clock orders them.
      state(3, 'running', at('08:16')),
      state(3, 'stopped', at('08:10')),
      state(3, 'stopped', at('08:10')),
      // 40 seconds: a micro-stop.
      state(3, 'stopped', at('08:20')),
      state(3, 'running', at('08:20').replace(':20:00', ':20:40')),
      count(3, 100, 2, at('08:05')),
      count(3, 150, 1, at('08:30')),
      count(3, 150, 1, at('08:30')),
      count(1, 160, 0, at('08:30')),
      // The Capper stops before midnight and runs again after it.
      state(2, 'running', at('23:00')),
      state(2, 'stopped', at('23:55')),
      state(2, 'running', at('00:07', nextDay)),
    ]);
    expect(await detected(`day=${kit.day}`)).toEqual([
      { id: expect.any(Number), equipment_id: 3, start_time: at('08:10'), end_time: at('08:16'), duration_minutes: 6, classified_stop_id: null, after_submit: false },
      { id: expect.any(Number), equipment_id: 2, start_time: at('23:55'), end_time: at('00:07', nextDay), duration_minutes: 12, classified_stop_id: null, after_submit: false },
    ]);
    expect((await detected(`day=${nextDay}`)).map((s) => s.start_time)).toEqual([at('23:55')]);
    const hours = (await kit.call('GET', `/factory/line_hours?shop_floor_id=1&line_id=1&day=${kit.day}`)).body as Array<Record<string, unknown>>;
    expect(hours.find((h) => h.hour === at('08:00'))).toEqual({ hour: at('08:00'), good: 250, reject: 3, counted: true, target: 12000, micro_stops: 1, micro_stop_minutes: 0.67 });
    expect(hours.find((h) => h.hour === at('09:00'))).toEqual({ hour: at('09:00'), good: 0, reject: 0, counted: false, target: 12000, micro_stops: 0, micro_stop_minutes: 0 });
    expect((await health()).mqtt.ignored).toMatchObject({ duplicate: 2 });
  });

  it('ignores and counts junk and machines the plant does not have, and goes on', async () => {
    const before = (await health()).mqtt.ignored;
    await publish([
      ['linea/1/1/3/state', 'not json'],
      ['linea/1/1/3/state', '{"state":"idle","at":"2030-06-05T08:00:00Z"}'],
      ['linea/1/1/x/count', '{"good":1,"reject":0,"at":"2030-06-05T08:00:00Z"}'],
      ['linea/1/1/999/state', JSON.stringify({ state: 'stopped', at: kit.at('10:00') })],
      // The Filler is on line 1, not line 2.
      ['linea/1/2/1/state', JSON.stringify({ state: 'stopped', at: kit.at('10:00') })],
    ]);
    const after = (await health()).mqtt.ignored;
    expect([after.junk! - before.junk!, after['unknown-equipment']! - before['unknown-equipment']!]).toEqual([3, 2]);
  });

  it('reconnects after a broker restart; messages sent again after it count once', async () => {
    await broker.stop();
    await until(async () => !(await health()).mqtt.connected);
    broker = await startMosquitto(services.mosquitto!, port);
    await until(async () => (await health()).mqtt.connected && gateway.connected);
    await publish([state(3, 'stopped', kit.at('08:10')), state(3, 'running', kit.at('08:16')), count(3, 150, 1, kit.at('08:30')), count(3, 40, 0, kit.at('09:10'))]);
    expect((await detected(`day=${kit.day}&state=all`)).filter((s) => s.equipment_id === 3)).toHaveLength(1);
    const hours = (await kit.call('GET', `/factory/line_hours?shop_floor_id=1&line_id=1&day=${kit.day}`)).body as Array<Record<string, unknown>>;
    expect(hours.filter((h) => h.hour === kit.at('08:00') || h.hour === kit.at('09:00')).map((h) => [h.good, h.reject])).toEqual([
      [250, 3],
      [40, 0],
    ]);
  });

  it('counts the hour in progress before its fold is recorded, from the counting machine only', async () => {
    const minuteAgo = new Date(kit.now.getTime() - 60_000);
    const day = minuteAgo.toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
    await publish([count(3, 7, 1, minuteAgo.toISOString()), count(1, 50, 0, minuteAgo.toISOString())]);
    const hours = (await kit.call('GET', `/factory/line_hours?shop_floor_id=1&line_id=1&day=${day}`)).body as Array<Record<string, unknown>>;
    const hour = new Date(Math.floor(minuteAgo.getTime() / 3_600_000) * 3_600_000).getTime();
    expect(hours.find((h) => Date.parse(String(h.hour)) === hour)).toMatchObject({ good: 7, reject: 1, counted: true });
  });

  it('an open stop is listed as open; the stop recorded to explain one links it and leaves the unclassified list', async () => {
    const tenMinutesAgo = new Date(kit.now.getTime() - 10 * 60_000).toISOString();
    await publish([state(1, 'running', new Date(kit.now.getTime() - 20 * 60_000).toISOString()), state(1, 'stopped', tenMinutesAgo)]);
    const today = kit.now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
    const open = await detected(`day=${today}&state=open`);
    expect(open).toEqual([expect.objectContaining({ equipment_id: 1, end_time: null, duration_minutes: 10, classified_stop_id: null })]);

    // The Cartoner's 08:10 stop explained on a Filler workpoint: refused, naming the field.
    const [cartoner] = await detected(`day=${kit.day}&state=unclassified`);
    expect(cartoner?.equipment_id).toBe(3);
    const wrong = await kit.call(
      'POST',
      '/factory/stop_events',
      'frontline',
      unplannedBody(kit, { start_time: kit.at('08:10'), end_time: kit.at('08:16'), detected_stop_id: cartoner!.id }),
    );
    expect([wrong.status, wrong.body.error.fields]).toEqual([400, { detected_stop_id: 'Il fermo rilevato non è di questa macchina' }]);
    const filler = open[0]!.id as number;
    const r = await kit.call(
      'POST',
      '/factory/stop_events',
      'frontline',
      unplannedBody(kit, { start_time: tenMinutesAgo, end_time: kit.now.toISOString(), detected_stop_id: filler }),
    );
    expect([r.status, r.body.detected_stop_id]).toEqual([201, filler]);
    expect((await detected(`day=${today}&state=all`)).find((s) => s.id === filler)?.classified_stop_id).toBe(r.body.id);
    expect((await detected(`day=${today}&state=unclassified`)).map((s) => s.id)).not.toContain(filler);

    // The admin's view of the connector: each machine's last message, and the machines never heard.
    const signals = await kit.call('GET', '/admin/machine_signals', 'admin');
    expect(signals.body).toMatchObject({ enabled: true, connected: true, broker: broker.url, error: null });
    const now = kit.now.toISOString();
    const line1 = { line_id: 1, line_name: 'Linea 1', last_message_at: now };
    expect(signals.body.machines.slice(0, 4)).toEqual([
      { equipment_id: 1, equipment_name: 'Filler', ...line1, state: 'stopped', last_topic: 'state' },
      { equipment_id: 2, equipment_name: 'Capper', ...line1, state: 'running', last_topic: 'state' },
      { equipment_id: 3, equipment_name: 'Cartoner', ...line1, state: 'running', last_topic: 'count' },
      { equipment_id: 4, equipment_name: 'Filler', line_id: 2, line_name: 'Linea 2', state: null, last_message_at: null, last_topic: null },
    ]);
    expect((await kit.call('GET', '/admin/machine_signals', 'support')).status).toBe(403);
  });

  it('finds the open stops in the machines’ day streams as the read model has them (a connector starting before the read model is built)', async () => {
    const plant = await readPlantState(kit.app.deps);
    const fromStreams = await openStopsFromStreams(kit.app.deps, plant, kit.now);
    // The Filler stopped ten minutes ago (the test above); the Cartoner's 08:10 stop has ended.
    const tenMinutesAgo = new Date(kit.now.getTime() - 10 * 60_000).toISOString();
    expect(fromStreams).toEqual([{ shopFloorId: 1, lineId: 1, equipmentId: 1, startTime: tenMinutesAgo }]);
    const fromReadModel = (await openDetectedStops(kit.app.deps.knex)).map((s) => ({
      shopFloorId: s.shopFloorId,
      lineId: s.lineId,
      equipmentId: s.equipmentId,
      startTime: s.startTime.toISOString(),
    }));
    expect(fromReadModel).toEqual(fromStreams);
  });

  it('machine data never poisons: counts and flips past a fold’s bounds are left out and counted, the other machines’ hours are recorded', async () => {
    // A day of its own, 7 days ago: nothing else of this suite counts there.
    const day = DateTime.fromISO(kit.day).plus({ days: 3 }).toISODate()!;
    const at = (hhmm: string, ms = 0) => DateTime.fromISO(`${day}T${hhmm}`, { zone: 'Europe/Rome' }).plus({ milliseconds: ms }).toISO()!;
    const before = (await health()).mqtt;
    const messages: Array<[string, string]> = [
      // Each within the message's bounds, together past the hour's: the second is left out.
      [`linea/1/1/3/count`, JSON.stringify({ good: 1_000_000_000, reject: 0, at: at('13:05') })],
      [`linea/1/1/3/count`, JSON.stringify({ good: 1_000_000_000, reject: 0, at: at('13:06') })],
      // Line 2's Cartoner counts in the same hour and the same tick.
      [`linea/1/2/6/count`, JSON.stringify({ good: 700, reject: 3, at: at('13:20') })],
      [`linea/1/1/1/count`, JSON.stringify({ good: 160, reject: 0, at: at('13:10') })],
    ];
    // 20,100 state flips of the Capper, one every 150 ms: 10,050 micro-stops, 50 past the fold's 10,000.
    for (let i = 0; i < 20_100; i++) messages.push([`linea/1/1/2/state`, JSON.stringify({ state: i % 2 === 0 ? 'stopped' : 'running', at: at('13:00', i * 150) })]);
    for (let i = 0; i < messages.length; i += 500) await Promise.all(messages.slice(i, i + 500).map(([topic, payload]) => gateway.publishAsync(topic, payload, { qos: 1 })));
    for (let i = 0; i < 600 && (await health()).mqtt.received < before.received + messages.length; i++) await new Promise((r) => setTimeout(r, 100));
    await kit.app.deps.machineSignals!.tick();
    await kit.app.deps.engine.settle();

    const hour = async (line: number) =>
      ((await kit.call('GET', `/factory/line_hours?shop_floor_id=1&line_id=${line}&day=${day}`)).body as Array<Record<string, unknown>>).find(
        (h) => Date.parse(h.hour as string) === Date.parse(at('13:00')),
      );
    expect(await hour(1)).toMatchObject({ good: 1_000_000_000, reject: 0, counted: true, micro_stops: 10_000, micro_stop_minutes: 25 });
    expect(await hour(2)).toMatchObject({ good: 700, reject: 3, counted: true });
    const after = (await health()).mqtt as typeof before & { recordFailed: number; dedupe: { entries: number; maxPerMachine: number; evicted: number }; machines: unknown[] };
    expect(after.received - before.received).toBe(messages.length);
    expect(after.ignored['over-bound']! - before.ignored['over-bound']!).toBe(1 + 50);
    expect(after.recordFailed).toBe(0);
    // The duplicates memory stays within its cap a machine; the Capper's oldest flips were forgotten, and counted.
    expect(after.dedupe.entries).toBeLessThanOrEqual(after.dedupe.maxPerMachine * after.machines.length);
    expect(after.dedupe.evicted).toBeGreaterThanOrEqual(20_100 - after.dedupe.maxPerMachine);
  });

  it('a refused login is shown on /health and retried with a doubling wait; the right password connects', async () => {
    const before = (await health()).mqtt;
    expect([before.connected, before.broker, before.error]).toEqual([true, broker.url, null]);
    await broker.stop();
    // The plant's broker knows the app by another password.
    broker = await startMosquitto(services.mosquitto!, port, undefined, undefined, { linea: 'other', gateway: 'gw' });
    const waits: number[] = [];
    await until(async () => {
      const { mqtt: m } = await health();
      if (m.retryWaitMs !== null && waits.at(-1) !== m.retryWaitMs) waits.push(m.retryWaitMs);
      return m.retryWaitMs === 2_000 && m.error === 'Connection refused: Not authorized';
    });
    const refused = (await health()).mqtt;
    expect([refused.connected, refused.reconnects - before.reconnects >= 2]).toEqual([false, true]);
    expect(waits.slice(-3)).toEqual([500, 1_000, 2_000]);
    // The right password: connected at the next try, the error gone; the app served all along.
    await broker.stop();
    broker = await startMosquitto(services.mosquitto!, port, undefined, undefined, { linea: 'secret', gateway: 'gw' });
    await until(async () => (await health()).mqtt.connected, 400);
    expect((await health()).mqtt).toMatchObject({ connected: true, error: null, retryWaitMs: null });
    expect((await kit.call('GET', `/factory/detected_stops?shop_floor_id=1&line_id=1&day=${kit.day}`)).status).toBe(200);
  });
});
