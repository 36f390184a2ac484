/**
 * `npm run bench -- machines`: 150 machines (50 lines × 3) publishing at plant rates to a real
 * mosquitto for a compressed day (24 h in `--seconds=N` real seconds, 120 by default), read by
 * the app's MQTT connector with its clock compressed alike (docs/machine-signals.md).
 *
 * Two runs of the same message schedule in one process: the **baseline** publishes with no app
 * subscribed (the publisher's own CPU and the broker's path), then the **app** run starts the
 * server on the 50-line plant and publishes again. The app's CPU is the process CPU of the second
 * run minus the first's. Connector lag: every 10 ms the bench notes how many messages it has
 * published and how many the connector has received; a message's lag is the time from the first
 * note that counts it published to the first that counts it received (10 ms resolution). Events
 * written: the `machine-…` streams after the day, with the hours in progress flushed at the end,
 * times 365 for a year, against the 1,971,000 of the arithmetic in docs/machine-signals.md.
 */
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { createCatalog } from '../domain/catalog.js';
import { createKnex } from '../infra/db/knex.js';
import { findMosquitto, startMosquitto } from '../infra/embedded/mosquitto.js';
import { freePort } from '../infra/embedded/ports.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { importPlant } from '../seed/plantImport.js';
import { SYSTEM_CONTEXT } from '../seed/demoUsers.js';
import { serve } from './history.js';
import { historyPlantFile } from './historyPlant.js';
import { createDatabase, fmt, percentile, printTable } from './support.js';

const LINES = 50;
const PER_LINE = 3;
const DAY_MS = 24 * 3_600_000;
/** Counts every minute of plant time (docs/machine-signals.md: every 10 s to a few minutes). */
const COUNT_EVERY_MS = 60_000;
/** The documented ceiling: 150 machines, every hour folded, 6 long stops a machine a day. */
export const DOCUMENTED_EVENTS_PER_YEAR = 1_971_000;

interface Message {
  /** Plant time from the start of the day. */
  offsetMs: number;
  topic: string;
  kind: 'state' | 'count';
  state?: 'running' | 'stopped';
  good?: number;
}

/**
 * One stop in twenty is long (2-15 min): with runs of 2-20 min and stops of 10-90 s that is about
 * 6 long stops a machine a day, the rate of the documented arithmetic. (`npm run simulate` makes
 * one in six long, about 19 a day: a livelier demo, and 1.75x the events; docs/benchmarks.md.)
 */
const LONG_STOP_SHARE = 1 / 20;

/** A day of one machine: runs of 2-20 min, stops of 10-90 s, LONG_STOP_SHARE of them of 2-15 min. */
function machineDay(lineId: number, equipmentId: number, random: () => number): Message[] {
  const topic = `linea/1/${lineId}/${equipmentId}`;
  const out: Message[] = [{ offsetMs: 0, topic: `${topic}/state`, kind: 'state', state: 'running' }];
  const minutes = (a: number, b: number) => (a + random() * (b - a)) * 60_000;
  for (let t = minutes(2, 20); t < DAY_MS;) {
    out.push({ offsetMs: t, topic: `${topic}/state`, kind: 'state', state: 'stopped' });
    t += random() < LONG_STOP_SHARE ? minutes(2, 15) : minutes(10 / 60, 1.5);
    if (t >= DAY_MS) break;
    out.push({ offsetMs: t, topic: `${topic}/state`, kind: 'state', state: 'running' });
    t += minutes(2, 20);
  }
  const phase = random() * COUNT_EVERY_MS;
  for (let t = phase; t < DAY_MS; t += COUNT_EVERY_MS) out.push({ offsetMs: t, topic: `${topic}/count`, kind: 'count', good: 150 + Math.floor(random() * 50) });
  return out;
}

function schedule(): Message[] {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const all: Message[] = [];
  for (let line = 1; line <= LINES; line++) for (let e = 1; e <= PER_LINE; e++) all.push(...machineDay(line, (line - 1) * PER_LINE + e, random));
  return all.sort((a, b) => a.offsetMs - b.offsetMs);
}

interface RunFigures {
  wallMs: number;
  cpuMs: number;
  published: number;
  lagsMs: number[];
}

/** Publishes the day compressed into `seconds`; `received` (when an app listens) is polled for the lag. */
async function publishDay(client: MqttClient, messages: Message[], dayStart: number, seconds: number, received: (() => number) | null): Promise<RunFigures> {
  const speed = DAY_MS / (seconds * 1000);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let published = 0;
  const sentNotes: Array<[number, number]> = [];
  const seenNotes: Array<[number, number]> = [];
  const poll = setInterval(() => {
    const t = performance.now();
    sentNotes.push([t, published]);
    if (received) seenNotes.push([t, received()]);
  }, 10);
  let i = 0;
  while (i < messages.length) {
    const due = (performance.now() - t0) * speed;
    const batch: Array<Promise<unknown>> = [];
    for (; i < messages.length && messages[i]!.offsetMs <= due; i++) {
      const m = messages[i]!;
      const at = new Date(dayStart + m.offsetMs).toISOString();
      const payload = m.kind === 'state' ? { state: m.state, at } : { good: m.good, reject: 0, at };
      batch.push(client.publishAsync(m.topic, JSON.stringify(payload), { qos: 1, retain: m.kind === 'state' }));
    }
    published += batch.length;
    await Promise.all(batch);
    await new Promise((r) => setTimeout(r, 5));
  }
  if (received) while (received() < published && performance.now() - t0 < seconds * 1000 + 60_000) await new Promise((r) => setTimeout(r, 10));
  clearInterval(poll);
  const t = performance.now();
  sentNotes.push([t, published]);
  if (received) seenNotes.push([t, received()]);
  const lagsMs: number[] = [];
  let j = 0;
  for (const [sentAt, count] of sentNotes) {
    while (j < seenNotes.length && seenNotes[j]![1] < count) j++;
    if (j < seenNotes.length) lagsMs.push(Math.max(0, seenNotes[j]![0] - sentAt));
  }
  const cpu = process.cpuUsage(cpu0);
  return { wallMs: t - t0, cpuMs: (cpu.user + cpu.system) / 1000, published, lagsMs };
}

export interface MachinesBenchResult {
  seconds: number;
  messages: number;
  baseline: RunFigures;
  app: RunFigures;
  events: number;
  eventsByType: Record<string, number>;
}

export async function benchMachines(adminUrl: string, redisUrl: string | null, dataDir: string, seconds: number): Promise<MachinesBenchResult> {
  const binary = findMosquitto();
  if (!binary) throw new Error('mosquitto not found on PATH (Debian package mosquitto): the machines bench needs it');
  const messages = schedule();
  // A plant day two days ago, so every 'at' is in the past of the compressed clock.
  const dayStart = Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS;
  console.log(`machines: ${LINES * PER_LINE} machines, ${fmt(messages.length)} messages for a day, compressed into ${seconds} s (${fmt(DAY_MS / (seconds * 1000))}x)`);

  const baselineBroker = await startMosquitto(binary, await freePort());
  let baseline: RunFigures;
  try {
    const baselineClient = await mqtt.connectAsync(baselineBroker.url, { clientId: 'bench-baseline' });
    baseline = await publishDay(baselineClient, messages, dayStart, seconds, null);
    await baselineClient.endAsync();
  } finally {
    await baselineBroker.stop();
  }
  console.log(`baseline (no app): ${fmt(baseline.published)} messages in ${fmt(baseline.wallMs / 1000, 1)} s, process CPU ${fmt(baseline.cpuMs / 1000, 1)} s`);

  // A broker of its own for the app run: none of the baseline's retained states.
  const broker = await startMosquitto(binary, await freePort());
  try {
    const db = await createDatabase(adminUrl, 'machines');
    const store = await PostgresEventStore.connect(db.url, { max: 2 });
    await importPlant({ store, catalog: createCatalog() }, historyPlantFile(LINES), { ...SYSTEM_CONTEXT, now: new Date(dayStart - DAY_MS) });
    await store.close();
    // The app's clock runs at the day's speed from the day's start, as the machines' does.
    const speed = DAY_MS / (seconds * 1000);
    let clockStart = Number.POSITIVE_INFINITY;
    const clock = () => new Date(dayStart + Math.max(0, performance.now() - clockStart) * speed);
    const app = await serve(db, redisUrl, path.join(dataDir, 'machines'), { clock, mqttUrl: broker.url });
    console.log('app started on the 50-line plant');
    const signals = app.deps.machineSignals!;
    while (!signals.status().connected) await new Promise((r) => setTimeout(r, 50));
    const appClient = await mqtt.connectAsync(broker.url, { clientId: 'bench-gateway' });
    clockStart = performance.now();
    const before = signals.status().received;
    const run = await publishDay(appClient, messages, dayStart, seconds, () => signals.status().received - before);
    console.log(`app run: ${fmt(run.published)} published, ${fmt(signals.status().received - before)} received in ${fmt(run.wallMs / 1000, 1)} s`);
    await appClient.endAsync();
    await app.close(); // records the hours in progress
    const knex = createKnex(db.url, { max: 1 });
    const rows = await knex('es_events').where('stream_id', 'like', 'machine-%').groupBy('type').select('type').count<Array<{ type: string; n: string }>>('* as n');
    await knex.destroy();
    const eventsByType = Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
    const events = Object.values(eventsByType).reduce((a, b) => a + b, 0);
    return { seconds, messages: messages.length, baseline, app: run, events, eventsByType };
  } finally {
    await broker.stop();
  }
}

/** The section's table. */
export function printMachines(r: MachinesBenchResult, loadavg: string): void {
  const appCpuMs = Math.max(0, r.app.cpuMs - r.baseline.cpuMs);
  const perYear = r.events * 365;
  printTable(
    'Machines: 150 machines, a compressed day over MQTT',
    [
      { measure: 'messages published (day)', value: fmt(r.app.published), note: `${fmt(r.app.published / (r.app.wallMs / 1000))} msg/s` },
      {
        measure: 'connector lag p50 / p95 / max, ms',
        value: `${fmt(percentile(r.app.lagsMs, 50))} / ${fmt(percentile(r.app.lagsMs, 95))} / ${fmt(Math.max(...r.app.lagsMs))}`,
        note: '10 ms resolution',
      },
      { measure: 'process CPU, baseline (publisher only), % of a core', value: fmt((r.baseline.cpuMs / r.baseline.wallMs) * 100, 1), note: '' },
      {
        measure: 'process CPU, with the app, % of a core',
        value: fmt((r.app.cpuMs / r.app.wallMs) * 100, 1),
        note: `${(r.app.cpuMs / r.baseline.cpuMs).toFixed(2)}x the baseline`,
      },
      {
        measure: "the app's CPU (difference), % of a core",
        value: fmt((appCpuMs / r.app.wallMs) * 100, 1),
        note: `${fmt(appCpuMs / (r.app.published / 1000), 1)} ms per 1000 messages`,
      },
      {
        measure: 'events written (day)',
        value: fmt(r.events),
        note: Object.entries(r.eventsByType)
          .map(([t, n]) => `${t} ${fmt(n)}`)
          .join(', '),
      },
      {
        measure: 'events per simulated year (x 365)',
        value: fmt(perYear),
        note: `${(perYear / DOCUMENTED_EVENTS_PER_YEAR).toFixed(2)}x the documented ${fmt(DOCUMENTED_EVENTS_PER_YEAR)}`,
      },
    ],
    [`/proc/loadavg after: ${loadavg}`],
  );
}
