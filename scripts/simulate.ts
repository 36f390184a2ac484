/**
 * `npm run simulate`: a line simulator for the demo and for trying a gateway's topics. It
 * publishes, as a PLC gateway would (docs/machine-signals.md), the state and piece counts of
 * every machine of the demo plant's lines: runs, stops of varied length, micro-stops, and one
 * machine that goes silent. Broker: MQTT_URL, else the one `npm start` runs on EMBEDDED_MQTT_PORT.
 *
 *   npm run simulate [-- --seconds N]
 *
 * In real time (a machine's `at` may not run ahead of the app's clock); --seconds stops after
 * that many seconds (default: until Ctrl-C). The first machine of each line starts stopped since
 * three minutes ago, so its detected stop shows in the line log within seconds.
 */
import mqtt from 'mqtt';
import { parseConfig } from '../infra/config.js';
import { parsePlantFile } from '../domain/plant/plantFile.js';
import { readDemoPlantFile } from '../seed/demoPlant.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 0);

interface SimMachine {
  topic: string;
  /** Pieces a minute while it runs. */
  rate: number;
  running: boolean;
  /** When the current run or stop ends (ms). */
  until: number;
  silent: boolean;
}

const config = parseConfig();
const url = config.MQTT_URL ?? `mqtt://127.0.0.1:${config.EMBEDDED_MQTT_PORT}`;
const parsed = parsePlantFile(readDemoPlantFile());
if (!parsed.ok) throw new Error('demo plant file is invalid');

// The demo plant's ids follow the file's order (shop floors, lines, machines from 1): seed/demoPlant.ts.
const machines: SimMachine[] = [];
let lineId = 0;
let equipmentId = 0;
parsed.plant.shopFloors.forEach((floor, f) =>
  floor.lines.forEach((line) => {
    lineId += 1;
    line.equipments.forEach((_, i) => {
      equipmentId += 1;
      machines.push({ topic: `linea/${f + 1}/${lineId}/${equipmentId}`, rate: 200 - 10 * i, running: i !== 0, until: 0, silent: false });
    });
  }),
);
// One machine stops talking: 'Segnale assente', never a stop.
if (machines.length > 2) machines[machines.length - 1]!.silent = true;

const random = (min: number, max: number) => min + Math.random() * (max - min);
/** A run of 2 to 20 minutes, then a stop: mostly micro-stops (10 to 90 s), sometimes 2 to 15 minutes. */
const nextRun = () => random(2, 20) * 60_000;
const nextStop = () => (Math.random() < 0.7 ? random(10, 90) * 1000 : random(2, 15) * 60_000);

const client = await mqtt.connectAsync(url, { reconnectPeriod: 1000 });
console.log(`Simulating ${machines.length} machines on ${url} (Ctrl-C stops)`);
const started = Date.now();
const simNow = () => Date.now();
const publish = (topic: string, payload: object, retain = false) => void client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain }).catch(() => undefined);

for (const m of machines) {
  const since = m.running ? simNow() : simNow() - 3 * 60_000;
  m.until = m.running ? simNow() + random(0, 1) * nextRun() : simNow() + random(1, 5) * 60_000;
  publish(`${m.topic}/state`, { state: m.running ? 'running' : 'stopped', at: new Date(since).toISOString() }, true);
}
let lastCount = simNow();
const timer = setInterval(() => {
  const now = simNow();
  const at = new Date(now).toISOString();
  const countNow = now - lastCount >= 30_000;
  for (const m of machines) {
    if (m.silent && now - started > 60_000) continue;
    if (now >= m.until) {
      m.running = !m.running;
      m.until = now + (m.running ? nextRun() : nextStop());
      publish(`${m.topic}/state`, { state: m.running ? 'running' : 'stopped', at }, true);
    }
    if (countNow && m.running) {
      const made = Math.round((m.rate * (now - lastCount)) / 60_000);
      const reject = Math.random() < 0.3 ? Math.round(made * random(0, 0.02)) : 0;
      publish(`${m.topic}/count`, { good: made - reject, reject, at });
    }
  }
  if (countNow) lastCount = now;
}, 250);

const stop = async () => {
  clearInterval(timer);
  await client.endAsync();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
if (seconds > 0) setTimeout(() => void stop(), seconds * 1000);
