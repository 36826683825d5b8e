import { loadIndexerConfig } from '@mp/indexer/config';
import { QUEUES } from '@mp/indexer/queues';
import { startIndexer } from '@mp/indexer/worker';
import { createDatabase } from '@mp/migrations/db';
import { sql } from 'kysely';
import { dropQueues } from './queue-fixtures';

// The browser tests' own indexer: the outbox relay and the index worker of production, writing into the e2e
// alias. Its queue prefix is the run's own (queue-fixtures.ts), so no other indexer (dev, integration tests,
// another e2e run) takes its jobs and a recreated test database cannot collide with an earlier run's job ids.

export interface E2eIndexer {
  close(): Promise<void>;
}

export async function startE2eIndexer(
  databaseUrl: string,
  alias: string,
  queuePrefix: string,
): Promise<E2eIndexer> {
  const config = loadIndexerConfig({
    ...process.env,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SEARCH_INDEX_ALIAS: alias,
    QUEUE_PREFIX: queuePrefix,
    RELAY_INTERVAL_MS: '100',
    // No weekly saved-search mail from the browser tests, and no repair run: it compares the whole test
    // database with the run's index and would fill it with every other test's profiles.
    WEEKLY_MAIL_PATTERN: '',
    INDEX_REPAIR_PATTERN: '',
  });
  // Outbox rows left unsent by earlier test files (integration tests that write profiles without running an
  // indexer) belong to no browser test; relaying thousands of them would only load the machine while the
  // browser tests run. They are marked sent before this run's relay starts.
  const db = createDatabase(databaseUrl, { maxConnections: 1 });
  await db
    .updateTable('outbox')
    .set({ sent_at: sql`now()`, acked_at: sql`now()` })
    .where('sent_at', 'is', null)
    .execute();
  await db.destroy();
  const indexer = await startIndexer(config);
  return {
    async close() {
      await indexer.close();
      await dropQueues(config.REDIS_URL, config.QUEUE_PREFIX, Object.values(QUEUES));
    },
  };
}
