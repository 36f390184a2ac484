/** Unit, integration and browser tests; provisioned by scripts/test.ts (npm test). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': '<rootDir>/test/support/esbuildTransformer.cjs' },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/data/'],
  testTimeout: 60000,
  setupFilesAfterEnv: ['<rootDir>/test/support/browserRetry.ts'],
  maxWorkers: 2,
};
