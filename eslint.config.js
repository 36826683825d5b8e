// One lint setup for every workspace; formatting is prettier's job (eslint-config-prettier turns off clashing rules).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Workspace boundaries (docs/architecture.md). `no-restricted-imports` also catches `import type`, so the web
 * cannot take even a type from the API; the wire shapes are in `@mp/api-contract`. One entry per file set:
 * a later block would replace, not extend, an earlier block's list for the same files.
 */
const outside = (workspaces, message) => ({
  // A package name, or a relative path that climbs out of the workspace into another one's src/ or test/.
  regex: `^(@mp/(${workspaces.join('|')})(/.*)?|(\\.\\./)+(${workspaces.join('|')})/(src|test)(/.*)?)$`,
  message,
});
const boundaries = [
  {
    name: 'boundaries/web',
    files: ['web/src/**/*.{ts,tsx}'],
    patterns: [
      outside(
        ['api', 'indexer', 'migrations', 'scripts'],
        'The web imports wire shapes from @mp/api-contract, never from the API, the indexer or the database.',
      ),
    ],
  },
  {
    name: 'boundaries/indexer',
    files: ['indexer/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    patterns: [
      outside(['api', 'web', 'scripts'], 'The indexer shares code with the API through packages, not api/.'),
    ],
  },
  {
    name: 'boundaries/api-features',
    files: ['api/src/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    patterns: [
      outside(
        ['indexer', 'web', 'scripts'],
        'The API does not import the indexer, the web app or the scripts.',
      ),
      {
        regex: '^\\.\\./[^/.][^/]*/[^/]+\\.repository$',
        message: "Call the other feature's service; a feature's repository is its own.",
      },
    ],
  },
  {
    name: 'boundaries/api',
    files: ['api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'api/src/features/**'],
    patterns: [
      outside(
        ['indexer', 'web', 'scripts'],
        'The API does not import the indexer, the web app or the scripts.',
      ),
    ],
  },
  {
    name: 'boundaries/api-contract',
    files: ['api-contract/src/**/*.ts'],
    patterns: [
      outside(
        ['api', 'indexer', 'migrations', 'scripts', 'web'],
        'The contract is pure: zod, @mp/domain, @mp/search-schema.',
      ),
    ],
  },
  {
    name: 'boundaries/search-schema',
    files: ['search-schema/src/**/*.ts'],
    patterns: [
      outside(
        ['api', 'api-contract', 'indexer', 'migrations', 'scripts', 'web'],
        'search-schema imports only @mp/domain.',
      ),
    ],
  },
  {
    name: 'boundaries/domain',
    files: ['domain/src/**/*.ts'],
    patterns: [
      outside(
        ['api', 'api-contract', 'indexer', 'migrations', 'scripts', 'search-schema', 'web'],
        'domain imports nothing of ours.',
      ),
    ],
  },
].map(({ name, files, ignores, patterns }) => ({
  name,
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { patterns }] },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.cache/**',
      'coverage/**',
      'test-artifacts/**',
      'search-schema/analysis-plugin/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The web app runs in the browser; its hooks follow the rules of hooks.
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Integration test files share one module registry (vitest.config.ts, isolate: false): a module mock or a
    // stubbed global in one would leak into the files after it.
    files: ['**/*.int.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv', 'stubGlobal'].map((property) => ({
          object: 'vi',
          property,
          message: 'Integration test files share one module registry: no module mocks or stubbed globals.',
        })),
      ],
    },
  },
  ...boundaries,
  prettier,
);
