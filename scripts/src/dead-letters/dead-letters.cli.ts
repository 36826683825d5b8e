/**
 * `npm run dead-letters`: the profiles the indexer could not write for good (a document that cannot be built,
 * a 4xx from Elasticsearch), newest first, with the reason. `-- --all` includes resolved ones (a later version
 * indexed), `-- --limit N` shows more than 100.
 */
import { parseArgs } from 'node:util';
import { listDeadLetters } from '@mp/indexer/dead-letters.repository';
import { createDatabase } from '@mp/migrations/db';
import { loadServicesConfig } from '../services/config';

const { values } = parseArgs({
  options: {
    all: { type: 'boolean', default: false },
    limit: { type: 'string', default: '100' },
  },
});

const config = loadServicesConfig();
const db = createDatabase(config.DATABASE_URL, { maxConnections: 1 });

async function main(): Promise<void> {
  const letters = await listDeadLetters(db, { includeResolved: values.all, limit: Number(values.limit) });
  if (letters.length === 0) {
    console.log(values.all ? 'dead letters: none' : 'dead letters: none open');
    return;
  }
  console.log(`dead letters: ${letters.length}${values.all ? '' : ' open'} (newest first)`);
  for (const l of letters) {
    console.log(
      `${l.userId}  v${l.profileVersion}  ${l.status ?? '-'} ${l.errorType}  x${l.occurrences}  ` +
        `last ${l.lastSeenAt.toISOString()}${l.resolvedAt ? `  resolved ${l.resolvedAt.toISOString()}` : ''}`,
    );
    console.log(`    ${l.reason.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
}

main()
  .catch((error: Error) => {
    console.error(`dead-letters: ${error.message}`);
    process.exitCode = 1;
  })
  .finally(() => db.destroy());
