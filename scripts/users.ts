/** `npm run users -- …`: the accounts from the command line (scripts/usersCli.ts, docs/accounts.md). */
import pino from 'pino';
import { openEventStore } from '../api/server.js';
import { createCatalog } from '../domain/catalog.js';
import { hashPassword } from '../infra/auth/passwords.js';
import { parseConfig } from '../infra/config.js';
import { connectDatabase } from '../infra/db/connect.js';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { usersReadModel } from './usersReadModel.js';
import { runCli, UsageError } from './cli.js';
import { commandLineProblem, runUsersCli, USAGE } from './usersCli.js';

async function main(argv: string[]): Promise<number> {
  // A wrong command line is told before anything connects (runCli answers --help itself).
  if (argv.length === 0) throw new UsageError('a command is needed');
  const problem = commandLineProblem(argv);
  if (problem) throw new UsageError(problem);
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

await runCli(main, USAGE);
