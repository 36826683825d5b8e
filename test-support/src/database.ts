/** Test database; the integration and e2e tests run against it (migrated by `npm run db:migrate:test`). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/marketplace_test';
