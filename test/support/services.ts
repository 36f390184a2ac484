/**
 * Which provisioned servers this test run has. scripts/test.ts sets the variables;
 * a suite whose server is absent is skipped with a notice (scripts/test.ts already
 * failed the run under CI=true).
 */
export const services = {
  postgres: workerCluster(),
  redis: process.env.TEST_REDIS_URL,
  chromium: process.env.CHROMIUM_PATH,
  /** Debian's MQTT broker: the machine-signal suites start their own. */
  mosquitto: process.env.MOSQUITTO_PATH,
  /** Debian's OpenLDAP: the LDAP sign-in suites start their own (test/support/slapd.ts). */
  slapd: process.env.SLAPD_PATH,
};

/**
 * The PostgreSQL cluster of this jest worker: scripts/test.ts starts one per worker
 * (TEST_DATABASE_URLS), so suites running side by side never share a snapshot horizon.
 */
function workerCluster(): string | undefined {
  const urls = (process.env.TEST_DATABASE_URLS ?? '').split(' ').filter(Boolean);
  if (urls.length === 0) return process.env.TEST_DATABASE_URL;
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  return urls[(Math.max(1, worker) - 1) % urls.length];
}

type Need = keyof typeof services;

/** `describe` when every needed server is here, otherwise a skipped describe with a notice. */
export function describeWith(needs: Need[]): jest.Describe {
  const absent = needs.filter((n) => !services[n]);
  if (absent.length === 0) return describe;
  console.warn(`SKIPPED: needs ${absent.join(', ')} (run through npm test)`);
  return describe.skip as jest.Describe;
}
