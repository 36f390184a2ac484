/**
 * The line simulator (docs/machine-signals.md): publishes, as a PLC gateway would, the state and
 * piece counts of every machine of the demo plant's lines: runs, stops of varied length,
 * micro-stops, and one machine that goes silent. `npm run simulate` runs it against any broker;
 * the demo start runs it beside its embedded broker, so a newcomer sees detected stops arrive.
 *
 * In real time (a machine's `at` may not run ahead of the app's clock). The first machine of each
 * line starts stopped since three minutes ago, so its detected stop shows in the line log within
 * seconds.
 */
import mqtt from 'mqtt';
import { parsePlantFile } from '../domain/plant/plantFile.js';
import { readDemoPlantFile } from './demoPlant.js';

interface SimMachine {
  topic: string;
  /** Pieces a minute while it runs. */
  rate: number;
  running: boolean;
  /** When the current run or stop ends (ms). */
  until: number;
  silent: boolean;
}

export interface LineSimulator {
  /** How many machines it publishes for. */
  machines: number;
  stop(): Promise<void>;
}

/** The demo plant's machines and their topics: its ids follow the file's order (shop floors, lines, machines from 1; seed/demoPlant.ts). */
function demoMachines(): SimMachine[] {
  const parsed = parsePlantFile(readDemoPlantFile());
  if (!parsed.ok) throw new Error('demo plant file is invalid');
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
  return machines;
}

const random = (min: number, max: number) => min + Math.random() * (max - min);
/** A run of 2 to 20 minutes, then a stop: mostly micro-stops (10 to 90 s), sometimes 2 to 15 minutes. */
const nextRun = () => random(2, 20) * 60_000;
const nextStop = () => (Math.random() < 0.7 ? random(10, 90) * 1000 : random(2, 15) * 60_000);

/** Connects to the broker at `url` and publishes until stopped. */
export async function startLineSimulator(url: string): Promise<LineSimulator> {
  const machines = demoMachines();
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 1000 });
  const started = Date.now();
  const publish = (topic: string, payload: object, retain = false) => void client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain }).catch(() => undefined);

  for (const m of machines) {
    const since = m.running ? started : started - 3 * 60_000;
    m.until = m.running ? started + random(0, 1) * nextRun() : started + random(1, 5) * 60_000;
    publish(`${m.topic}/state`, { state: m.running ? 'running' : 'stopped', at: new Date(since).toISOString() }, true);
  }
  let lastCount = started;
  const timer = setInterval(() => {
    const now = Date.now();
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
  timer.unref();
  return {
    machines: machines.length,
    async stop() {
      clearInterval(timer);
      await client.endAsync();
    },
  };
}

/**
 * Whether `npm start` runs the simulator: only for the demo (SEED_DEMO, never a production start
 * without it), only beside the broker it started itself (never on a plant's own broker), and
 * unless DEMO_SIMULATOR=false.
 */
export function runsDemoSimulator(config: { SEED_DEMO: boolean; DEMO_SIMULATOR: boolean }, embeddedBroker: boolean): boolean {
  return config.SEED_DEMO && config.DEMO_SIMULATOR && embeddedBroker;
}
