/**
 * `npm run simulate`: the line simulator (seed/lineSimulator.ts) for the demo and for trying a
 * gateway's topics (docs/machine-signals.md). Broker: MQTT_URL, else the one `npm start` runs on
 * EMBEDDED_MQTT_PORT.
 *
 *   npm run simulate [-- --seconds N]
 *
 * --seconds stops after that many seconds (default: until Ctrl-C).
 */
import { parseArgs } from 'node:util';
import { parseConfig } from '../infra/config.js';
import { startLineSimulator } from '../seed/lineSimulator.js';
import { runCli, UsageError } from './cli.js';

const USAGE = `usage: npm run simulate [-- --seconds N]

  Publishes the demo plant's machines (state and piece counts) to MQTT_URL, else to the
  broker \`npm start\` runs on EMBEDDED_MQTT_PORT, until Ctrl-C.
  --seconds N   stop after N seconds`;

async function main(argv: string[]): Promise<number> {
  let seconds = 0;
  try {
    const { values } = parseArgs({ args: argv, options: { seconds: { type: 'string' } } });
    if (values.seconds !== undefined) seconds = Number(values.seconds);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError('--seconds takes a number of seconds, 0 or more');
  const config = parseConfig();
  const url = config.MQTT_URL && config.MQTT_URL !== 'off' ? config.MQTT_URL : `mqtt://127.0.0.1:${config.EMBEDDED_MQTT_PORT}`;
  const simulator = await startLineSimulator(url);
  console.log(`Simulating ${simulator.machines} machines on ${url} (Ctrl-C stops)`);
  // The simulator's timer does not hold the process: this wait does, until a signal or --seconds.
  const hold = setInterval(() => undefined, 60_000);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
    if (seconds > 0) setTimeout(resolve, seconds * 1000);
  });
  clearInterval(hold);
  await simulator.stop();
  return 0;
}

await runCli(main, USAGE);
