import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// One vitest project per workspace and kind: `<workspace>:unit` (pure logic, no services) and
// `<workspace>:integration` (real Postgres, Redis, Elasticsearch and SMTP, started by `npm run services`).
// Integration test files are named *.int.test.ts.
const workspaces = [
  'domain',
  'search-schema',
  'api-contract',
  'migrations',
  'api',
  'indexer',
  'scripts',
  'test-support',
];

export default defineConfig({
  test: {
    projects: (workspaces as readonly string[])
      .flatMap((w): TestProjectInlineConfiguration[] => [
        {
          test: {
            name: `${w}:unit`,
            root: w,
            include: ['src/**/*.test.ts'],
            exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          },
        },
        {
          test: {
            name: `${w}:integration`,
            root: w,
            include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
            exclude: ['**/node_modules/**'],
            testTimeout: 30_000,
            hookTimeout: 90_000,
            // Integration files share one database and one Elasticsearch node; run them one file at a time.
            fileParallelism: false,
            // ...and one module registry: each file would otherwise load the API's module graph again (about
            // 1.4 s a file, 90 s of a 370 s run). So a test must not rely on module state another file may have
            // left (the installed vocabularies, say), and integration tests use no module mocks.
            isolate: false,
          },
        },
      ])
      .concat([
        {
          // Pure web logic and the i18n key check: plain Node, no DOM needed.
          test: { name: 'web:unit', root: 'web', include: ['src/**/*.test.ts'], environment: 'node' },
        },
        {
          // Headless Chromium through the real UI against the real API (web/e2e/global-setup.ts builds and
          // starts them). One file at a time: they share the API, the database and the browser binary.
          test: {
            name: 'web:e2e',
            root: 'web',
            include: ['e2e/**/*.e2e.test.ts'],
            globalSetup: ['e2e/global-setup.ts'],
            // No retries: a test that fails once is a bug to find (the 30 s page-load stalls were one, see
            // web/e2e/page-load.e2e.test.ts), not noise to hide.
            retry: 0,
            testTimeout: 90_000,
            hookTimeout: 180_000,
            fileParallelism: false,
          },
        },
      ]),
  },
});
