/**
 * `npm run simulate`: the line simulator (seed/lineSimulator.ts) for the demo and for trying a
 * gateway's topics (docs/machine-signals.md). Broker: MQTT_URL, else the one `npm start` runs on
 * EMBEDDED_MQTT_PORT.
 *
 *   npm run simulate [-- --seconds N]
 *
 * --seconds stops after that many seconds (default: until Ctrl-C).
 */
import { parseConfig } from '../infra/config.js';
import { startLineSimulator } from '../seed/lineSimulator.js';

const i = process.argv.indexOf('--seconds');
const seconds = i > 0 ? Number(process.argv[i + 1]) : 0;

const config = parseConfig();
const url = config.MQTT_URL && config.MQTT_URL !== 'off' ? config.MQTT_URL : `mqtt://127.0.0.1:${config.EMBEDDED_MQTT_PORT}`;
const simulator = await startLineSimulator(url);
console.log(`Simulating ${simulator.machines} machines on ${url} (Ctrl-C stops)`);
// The simulator's timer does not hold the process: this one does, until a signal or --seconds.
const hold = setInterval(() => undefined, 60_000);

const stop = async () => {
  clearInterval(hold);
  await simulator.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
if (seconds > 0) setTimeout(() => void stop(), seconds * 1000);
