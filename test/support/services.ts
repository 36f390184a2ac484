/**
 * Which provisioned servers this test run has. scripts/test.ts sets the variables;
 * a suite whose server is absent is skipped with a notice (scripts/test.ts already
 * failed the run under CI=true).
 */
export const services = {
  postgres: process.env.TEST_DATABASE_URL,
  redis: process.env.TEST_REDIS_URL,
  chromium: process.env.CHROMIUM_PATH,
};

type Need = keyof typeof services;

/** `describe` when every needed server is here, otherwise a skipped describe with a notice. */
export function describeWith(needs: Need[]): jest.Describe {
  const absent = needs.filter((n) => !services[n]);
  if (absent.length === 0) return describe;
  console.warn(`SKIPPED: needs ${absent.join(', ')} (run through npm test)`);
  return describe.skip as jest.Describe;
}
