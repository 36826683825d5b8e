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

/** Browser test files that change state every page shares (see the `web:e2e:alone` project). */
const CHANGES_EVERY_USER = ['e2e/terms-update.e2e.test.ts', 'e2e/journeys/admin.e2e.test.ts'];

function e2eProject({
  name,
  include = ['e2e/**/*.e2e.test.ts'],
  exclude = [],
  maxWorkers,
  groupOrder,
}: {
  name: string;
  include?: string[];
  exclude?: string[];
  maxWorkers: number;
  groupOrder: number;
}): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      root: 'web',
      include,
      exclude: ['**/node_modules/**', ...exclude],
      globalSetup: ['e2e/global-setup.ts'],
      // No retries: a test that fails once is a bug to find (the 30 s page-load stalls were one, see
      // web/e2e/page-load.e2e.test.ts), not noise to hide.
      retry: 0,
      // A poll waits for the page to reach a state (a popup open, an alert shown), bounded. Vitest's default of
      // 1 s is less than a click's round trip can take with two browser files on two busy cores (CI saw an
      // Autocomplete open after it); 10 s still fails fast when the state never comes.
      expect: { poll: { timeout: 10_000 } },
      testTimeout: 90_000,
      hookTimeout: 180_000,
      maxWorkers,
      // The groups run one after the other: every file of `web:e2e`, then `web:e2e:alone`.
      sequence: { groupOrder },
    },
  };
}

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
        // Headless Chromium through the real UI against the real API (web/e2e/global-setup.ts builds the app and
        // starts the API and the indexer once for both projects). Most files run two at a time: each makes the
        // users and consultants it needs and scopes its searches with a keyword of its own, and a file spends
        // much of its time waiting on the browser, the simulators and the index, not on the two cores.
        e2eProject({ name: 'web:e2e', exclude: CHANGES_EVERY_USER, maxWorkers: 2, groupOrder: 1 }),
        // Then, one at a time and with nothing else running, the files that change what every user sees: a new
        // version of the terms (every logged-in page shows the terms dialog until it is accepted) or the skills
        // vocabulary. A test of the first project would meet the dialog in the middle of its steps.
        e2eProject({ name: 'web:e2e:alone', include: CHANGES_EVERY_USER, maxWorkers: 1, groupOrder: 2 }),
      ]),
  },
});
