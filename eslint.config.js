// Lint: typescript-eslint's recommended rules, and the layers of docs/architecture.md as import
// rules, so a wrong-way import fails `npm run lint` (and `npm test`) instead of waiting for review.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Imports a folder's product code may not make: the patterns refused, and why. Tests are
 * exempt: they build state through the commands and read it back through the read models.
 */
const layer = (files, patterns, message) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

const SERVER_MESSAGE = 'The web app talks to the server over HTTP; it shares only dependency-free domain modules.';
const FEATURE_MESSAGE = "Another feature's code is reached through its public entry (features/<name>/index.ts).";

/** The web files' import rules: never the server, and (given `feature`, a pattern) never another feature's insides. */
const web = (files, feature) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: SERVER_FROM_WEB, message: SERVER_MESSAGE }, ...(feature ? [{ regex: feature, message: FEATURE_MESSAGE }] : [])] }],
  },
});

/** The server's folders, seen from web/src: three or more levels up, where only the repository root holds them. */
const SERVER_FROM_WEB = '^(\\.\\./){3,}(api|commands|infra|projections|workers|seed|scripts|bench)/';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'web/dist/', 'data/', '.test-output/', 'coverage/', 'web/public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The effects and memos key on ids and values on purpose (a new callback identity must not re-save
    // or re-fetch); their behaviour is held by the browser tests rather than by this rule.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // The service worker's source (a worker, not a module of the app): its own globals.
    files: ['web/build/sw.js'],
    languageOptions: { sourceType: 'script', globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly', URL: 'readonly' } },
  },
  // Layers point down: domain <- commands <- api; projections <- api; infra holds adapters only.
  layer(
    ['domain/**/*.ts'],
    ['**/commands/**', '**/api/**', '**/infra/**', '**/projections/**', '**/workers/**', '**/web/**', '**/seed/**'],
    'domain/ is pure rules and events: it imports nothing from the layers above it.',
  ),
  layer(['commands/**/*.ts'], ['**/api/**', '**/projections/**', '**/web/**', '**/seed/**'], 'commands/ decide from streams: no read models, no HTTP.'),
  layer(['infra/**/*.ts'], ['**/commands/**', '**/api/**', '**/web/**'], 'infra/ holds adapters only: the seed and the routes are clients of the commands, not the other way.'),
  layer(['projections/**/*.ts'], ['**/commands/**', '**/api/**', '**/web/**'], 'projections/ are built from events alone.'),
  layer(['workers/**/*.ts'], ['**/commands/**', '**/api/**', '**/web/**'], 'workers/ run projections; they know no commands or routes.'),
  // The web app: no server code, and another feature only through its public entry (features/<f>/index.ts).
  web(['web/src/**/*.{ts,tsx}'], null),
  web(['web/src/pages/**/*.{ts,tsx}', 'web/src/app/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'], '(^|/)features/[^/]+/(?!index\\.js$)'),
  web(['web/src/features/*/*.{ts,tsx}'], '^\\.\\./[^./][^/]*/(?!index\\.js$)'),
  web(['web/src/features/*/*/*.{ts,tsx}'], '^(\\.\\./){2}[^./][^/]*/(?!index\\.js$)'),
  web(['web/src/features/*/*/*/*.{ts,tsx}'], '^(\\.\\./){3}[^./][^/]*/(?!index\\.js$)'),
);
