/**
 * `npm run plant:import -- FILE`: validates a plant file (JSON) and applies it as
 * commands. Connects like `npm start`: DATABASE_URL, else the embedded PostgreSQL
 * under DATA_DIR (reused when `npm start` is already running it, else started for
 * the import and stopped after). A bad file prints each bad field's path and writes
 * nothing; importing the same file again records nothing. See docs/plant.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openEventStore } from '../api/server.js';
import { createCatalog } from '../domain/catalog.js';
import { parseConfig } from '../infra/config.js';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { startEmbeddedPostgres } from '../infra/embedded/postgres.js';
import { importPlant, PlantFileError } from '../seed/plantImport.js';
import { allProjections } from '../projections/registry.js';
import { ProjectionEngine } from '../workers/projectionEngine.js';
import { CliError, errorLine, runCli, UsageError } from './cli.js';

const USAGE = `usage: npm run plant:import -- FILE

  FILE   the plant file (JSON, docs/plant.md): checked whole, then applied as commands;
         a bad file writes nothing, the same file again records nothing`;

const stops: Array<() => Promise<void>> = [];

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function databaseUrl(config: ReturnType<typeof parseConfig>): Promise<string> {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  const running = `postgres://linea:linea@127.0.0.1:${config.EMBEDDED_PG_PORT}/linea`;
  if (await reachable(running)) return running;
  const embedded = await startEmbeddedPostgres(path.join(config.DATA_DIR, 'postgres'), config.EMBEDDED_PG_PORT);
  stops.push(embedded.stop);
  return embedded.url;
}

async function main(argv: string[]): Promise<number> {
  const [file, ...extra] = argv;
  if (!file) throw new UsageError('the plant file is needed');
  if (file.startsWith('-')) throw new UsageError(`unknown option '${file}'`);
  if (extra.length > 0) throw new UsageError(`one file at a time ('${extra[0]}' is one too many)`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CliError(`${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const config = parseConfig();
  const url = await databaseUrl(config);
  const knex = createKnex(url, { max: 4 });
  stops.unshift(() => knex.destroy());
  await migrate(knex);
  const store = await openEventStore(config, url);
  stops.unshift(() => store.close());
  const catalog = createCatalog();
  try {
    const { recorded } = await importPlant({ store, catalog }, raw);
    const engine = new ProjectionEngine(knex, store, catalog, allProjections);
    await engine.ensure();
    for (const name of engine.names()) await engine.catchUp(name);
    if (recorded.length === 0) console.log(`${file}: the plant already matches the file; nothing recorded.`);
    else console.log(`${file}: ${recorded.length} event${recorded.length === 1 ? '' : 's'} recorded (${summarize(recorded)}).`);
    return 0;
  } catch (err) {
    if (err instanceof PlantFileError) {
      console.error(`${file}: not imported, nothing was written.`);
      for (const issue of err.issues) console.error(`  ${issue.path}: ${issue.message}`);
      return 1;
    }
    throw err;
  }
}

function summarize(types: string[]): string {
  const counts = new Map<string, number>();
  for (const t of types) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => `${t} ${n}`).join(', ');
}

await runCli(main, USAGE, {
  async cleanup() {
    for (const stop of stops) await stop().catch((err: unknown) => console.error(`error while closing: ${errorLine(err)}`));
  },
});
