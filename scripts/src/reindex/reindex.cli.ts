/**
 * `npm run reindex`: rebuild the search index from Postgres with no downtime.
 * `npm run reindex -- --verify`: compare Postgres with the index; exit 1 on drift.
 */
import { parseArgs } from 'node:util';
import { Client } from '@elastic/elasticsearch';
import { createDatabase } from '@mp/migrations/db';
import { SingleBar, Presets } from 'cli-progress';
import { loadServicesConfig } from '../services/config';
import { installDatabaseVocabularies } from '../vocabularies';
import { reindex } from './reindex.service';
import { hasDrift, verifyIndex } from './verify.service';

const { values } = parseArgs({
  options: {
    verify: { type: 'boolean', default: false },
    alias: { type: 'string', default: process.env.SEARCH_INDEX_ALIAS ?? 'consultants' },
    shards: { type: 'string', default: process.env.SEARCH_INDEX_SHARDS ?? '1' },
    replicas: { type: 'string', default: process.env.SEARCH_INDEX_REPLICAS ?? '0' },
  },
});

const config = loadServicesConfig();
const db = createDatabase(config.DATABASE_URL, { maxConnections: 2 });
const es = new Client({ node: config.ELASTICSEARCH_URL, requestTimeout: 60_000 });

async function main(): Promise<number> {
  await installDatabaseVocabularies(db);
  if (values.verify) {
    const report = await verifyIndex(db, es, values.alias);
    console.log(
      `verify: ${report.expected} searchable profiles in Postgres, ${report.indexed} documents in '${values.alias}'`,
    );
    console.log(
      `verify: missing ${report.missing.length}, extra ${report.extra.length}, stale ${report.stale.length}` +
        (report.deadLettered.length > 0
          ? ` (and ${report.deadLettered.length} dead-lettered: npm run dead-letters)`
          : ''),
    );
    for (const id of report.missing.slice(0, 10)) console.log(`  missing ${id}`);
    for (const id of report.extra.slice(0, 10)) console.log(`  extra   ${id}`);
    for (const s of report.stale.slice(0, 10))
      console.log(`  stale   ${s.userId} (index v${s.index} < postgres v${s.postgres})`);
    console.log(hasDrift(report) ? 'verify: DRIFT' : 'verify: in sync');
    return hasDrift(report) ? 1 : 0;
  }
  const bar = new SingleBar(
    {
      format:
        'reindex [{bar}] {percentage}% | {value}/{total} profiles | {speed} docs/s | ETA {eta_formatted}',
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  const started = Date.now();
  let barStarted = false;
  const result = await reindex({
    db,
    es,
    alias: values.alias,
    shards: Number(values.shards),
    replicas: Number(values.replicas),
    onProgress: (p) => {
      if (p.phase !== 'bulk') return;
      if (!barStarted) {
        bar.start(p.total, 0, { speed: 0 });
        barStarted = true;
      }
      bar.update(p.done, { speed: Math.round(p.done / Math.max(0.001, (Date.now() - started) / 1000)) });
    },
  });
  if (barStarted) bar.stop();
  console.log(
    `reindex: ${result.documents} profiles into ${result.index} in ${result.seconds.toFixed(1)} s, ` +
      `${result.caughtUp} caught up, alias '${values.alias}' -> ${result.index}` +
      (result.pruned.length ? `, pruned ${result.pruned.join(', ')}` : ''),
  );
  return 0;
}

main()
  .then(
    (code) => (process.exitCode = code),
    (error: Error) => {
      console.error(`reindex: ${error.message}`);
      process.exitCode = 1;
    },
  )
  .finally(async () => {
    await es.close();
    await db.destroy();
  });
