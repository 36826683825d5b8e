import { defineConfig } from 'vitest/config';

// One vitest project per workspace and kind: `<workspace>:unit` (pure logic, no services) and
// `<workspace>:integration` (real Postgres, Redis, Elasticsearch and SMTP, started by `npm run services`).
// Integration test files are named *.int.test.ts.
const workspaces = ['domain', 'search-schema', 'migrations', 'api', 'indexer', 'scripts'];

export default defineConfig({
  test: {
    projects: workspaces.flatMap((w) => [
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
        },
      },
    ]),
  },
});
