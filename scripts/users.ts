/** `npm run users -- …`: the accounts from the command line (scripts/usersCli.ts, docs/accounts.md). */
import pino from 'pino';
import { openEventStore } from '../api/server.js';
import { createCatalog } from '../domain/catalog.js';
import { hashPassword } from '../infra/auth/passwords.js';
import { ConfigError, parseConfig } from '../infra/config.js';
import { connectDatabase } from '../infra/db/connect.js';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { usersReadModel } from './usersReadModel.js';
import { runUsersCli } from './usersCli.js';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    return runUsersCli(argv, null as never, { out: (l) => console.log(l), err: (l) => console.error(l) });
  }
  const config = parseConfig();
  const db = await connectDatabase(config);
  const knex = createKnex(db.url, { max: 4 });
  try {
    await migrate(knex);
    const store = await openEventStore(config, db.url);
    try {
      const catalog = createCatalog();
      const catchUp = usersReadModel(knex, store, catalog, pino({ level: 'warn' }));
      return await runUsersCli(
        argv,
        { store, catalog, knex, hash: hashPassword, catchUp, env: process.env, now: () => new Date() },
        { out: (l) => console.log(l), err: (l) => console.error(l) },
      );
    } finally {
      await store.close();
    }
  } finally {
    await knex.destroy();
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `Errore: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
