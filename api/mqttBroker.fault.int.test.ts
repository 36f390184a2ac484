/**
 * Fault: the mosquitto the machines publish to is killed with SIGKILL in the middle of a run
 * of messages, and comes back on the same port (empty: no persistence). After it returns the
 * app has no double counts and no lost transitions: a stop that began before the kill and ended
 * while the broker was down is one detected stop with the machine's times; the hour's pieces are
 * the literal sum of the deltas published before, during and after the outage; what the gateway
 * published with QoS 1 while the broker was down is re-sent by its client once it reconnects.
 *
 * The gateway reconnects after the app has subscribed again: a broker without a persistent
 * session for the app drops what a gateway flushes before that (docs/machine-signals.md).
 * Demo plant: shop floor 1, line 1, its Cartoner (3) counting the line's pieces.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { startMosquitto, type EmbeddedMosquitto } from '../infra/embedded/mosquitto.js';
import { freePort } from '../infra/embedded/ports.js';
import { startStopsKit, type StopsKit } from '../test/builders/stopsTestKit.js';
import { describeWith, services } from '../test/support/services.js';

describeWith(['postgres', 'mosquitto'])('MQTT broker killed during a run of messages', () => {
  let kit: StopsKit;
  let broker: EmbeddedMosquitto;
  let port: number;
  let gateway: MqttClient;
  const mqttHealth = async () =>
    ((await fetch(`${kit.app.url}/health`).then((r) => r.json())) as { mqtt: { connected: boolean; accepted: number; ignored: Record<string, number> } }).mqtt;
  const until = async (what: () => Promise<boolean> | boolean, tries = 300) => {
    for (let i = 0; i < tries && !(await what()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await what()).toBe(true);
  };
  const state = (s: string, at: string): [string, string] => ['linea/1/1/3/state', JSON.stringify({ state: s, at })];
  const count = (good: number, reject: number, at: string): [string, string] => ['linea/1/1/3/count', JSON.stringify({ good, reject, at })];
  const publish = ([topic, payload]: [string, string]) => gateway.publishAsync(topic, payload, { qos: 1 });

  beforeAll(async () => {
    port = await freePort();
    broker = await startMosquitto(services.mosquitto!, port);
    kit = await startStopsKit({ mqttUrl: broker.url, machineTickMs: 3_600_000 });
    // A gateway's client: it keeps what it publishes with QoS 1 until the broker acknowledges it.
    // It reconnects when told to, so the test decides that the app is back first.
    gateway = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0, clientId: 'gateway-line-1' });
    await until(async () => (await mqttHealth()).connected);
  });
  afterAll(async () => {
    await gateway?.endAsync(true);
    await kit?.close();
    await broker?.stop();
  });

  it('no double counts and no lost transitions after the broker returns', async () => {
    const started = Date.now();
    const { at } = kit;
    const start = await mqttHealth();
    for (const m of [state('running', at('07:50')), count(100, 1, at('08:05')), state('stopped', at('08:10'))]) await publish(m);
    await until(async () => (await mqttHealth()).accepted === start.accepted + 3);
    await kit.app.deps.machineSignals!.tick();
    await kit.app.deps.engine.settle();
    const detected = async () =>
      (await kit.call('GET', `/factory/detected_stops?shop_floor_id=1&line_id=1&day=${kit.day}`)).body as Array<{
        equipment_id: number;
        start_time: string;
        end_time: string | null;
      }>;
    expect(await detected()).toEqual([expect.objectContaining({ equipment_id: 3, start_time: at('08:10'), end_time: null })]);

    // A run of 40 counts of 5 pieces, 08:20:00 to 08:26:30; the broker dies after the 20th is acknowledged.
    const run = Array.from({ length: 40 }, (_, i) => count(5, 0, new Date(Date.parse(at('08:20')) + i * 10_000).toISOString()));
    for (const m of run.slice(0, 20)) await publish(m);
    const inFlight = run.slice(20).map(publish);
    process.kill(broker.pid, 'SIGKILL');
    await broker.stop();
    // While it is down: the machine runs again (the stop ends) and counts on.
    const whileDown = [publish(state('running', at('08:16'))), publish(count(50, 2, at('08:30')))];
    await until(async () => !(await mqttHealth()).connected);

    broker = await startMosquitto(services.mosquitto!, port);
    await until(async () => (await mqttHealth()).connected);
    // The gateway's client resends what it holds unacknowledged (mqtt.js keeps it in its stores).
    gateway.reconnect({ incomingStore: gateway.incomingStore, outgoingStore: gateway.outgoingStore });
    await Promise.all([...inFlight, ...whileDown]);
    // After: more counts, and the gateway sends a few messages again, as one does after a reconnect.
    for (const m of [count(30, 0, at('08:45')), state('running', at('08:16')), run[5]!, run[25]!, count(50, 2, at('08:30'))]) await publish(m);
    // 3 before, 40 in the run, 2 while down, 1 after: 46 messages, each taken once.
    await until(async () => (await mqttHealth()).accepted === start.accepted + 46);
    const end = await mqttHealth();
    expect(end.ignored.duplicate! - start.ignored.duplicate!).toBeGreaterThanOrEqual(4);
    await kit.app.deps.machineSignals!.tick();
    await kit.app.deps.engine.settle();

    expect(await detected()).toEqual([
      { id: expect.any(Number), equipment_id: 3, start_time: at('08:10'), end_time: at('08:16'), duration_minutes: 6, classified_stop_id: null, after_submit: false },
    ]);
    const hours = (await kit.call('GET', `/factory/line_hours?shop_floor_id=1&line_id=1&day=${kit.day}`)).body as Array<Record<string, unknown>>;
    // 100 + 40 × 5 + 50 + 30 good, 1 + 2 rejected.
    expect(hours.find((h) => h.hour === at('08:00'))).toMatchObject({ good: 380, reject: 3, micro_stops: 0 });
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
