/**
 * `npm run relevance -- [--alias A] [--out FILE] [--today YYYY-MM-DD]`: nDCG@10 of every judged query on the
 * indexed (demo) data, and the mean. Exits 1 when the mean is under 0.9 or a query is under 0.6.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@elastic/elasticsearch';
import { swedishToday } from '@mp/api/features/search/search.service';
import { createDatabase } from '@mp/migrations/db';
import { loadServicesConfig } from '../services/config';
import { installDatabaseVocabularies } from '../vocabularies';
import { formatRelevanceReport, measureRelevance } from './relevance.service';

export const RELEVANCE_TARGET = { mean: 0.9, min: 0.6 } as const;

const { values } = parseArgs({
  options: {
    alias: { type: 'string', default: process.env.SEARCH_INDEX_ALIAS ?? 'consultants' },
    out: { type: 'string' },
    today: { type: 'string' },
  },
});

const config = loadServicesConfig();
const es = new Client({ node: config.ELASTICSEARCH_URL, requestTimeout: 60_000 });
// The search analyses terms with the vocabularies the API uses: the database's.
const db = createDatabase(config.DATABASE_URL, { maxConnections: 1 });
try {
  await installDatabaseVocabularies(db).finally(() => db.destroy());
  const report = await measureRelevance(es, values.alias, values.today ?? swedishToday());
  console.log(formatRelevanceReport(report));
  if (values.out) {
    mkdirSync(path.dirname(values.out), { recursive: true });
    writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
  }
  const met = report.mean >= RELEVANCE_TARGET.mean && report.min >= RELEVANCE_TARGET.min;
  console.log(
    met
      ? `relevance: target met (mean >= ${RELEVANCE_TARGET.mean}, none < ${RELEVANCE_TARGET.min})`
      : `relevance: BELOW target (mean >= ${RELEVANCE_TARGET.mean}, none < ${RELEVANCE_TARGET.min})`,
  );
  process.exitCode = met ? 0 : 1;
} finally {
  await es.close();
}
