/**
 * `node --import tsx test/support/prepareTemplates.ts`, run by `npm test` once per PostgreSQL
 * cluster (TEST_DATABASE_URLS naming that one) while the web app builds and the code checks run:
 * sets up the run's template of the seeded 60-day demo history (see prepareTemplate in app.ts),
 * so the first seeded suite of each jest worker starts on a copy instead of seeding inside its
 * own time bound.
 */
import { prepareTemplate } from './app.js';

/** The settings the seeded suites start their apps with (`env: { SEED_DEMO_HISTORY: 'true' }`): the template is keyed by them. */
const SEEDED = { SEED_DEMO_HISTORY: 'true' };

try {
  await prepareTemplate(SEEDED);
  process.exit(0);
} catch (err) {
  console.error(err);
  process.exit(1);
}
