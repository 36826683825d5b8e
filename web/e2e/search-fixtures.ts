import { randomBytes } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { findProfileSources } from '@mp/indexer/profile-source.repository';
import { ensureSearchIndex, writeProfiles } from '@mp/indexer/search-index';
import { createDatabase } from '@mp/migrations/db';
import type { ProfileInputDraft } from '@mp/test-support/profile-factory';
import { buildProfileInput, createConsultants, uniqueSearchWord } from '@mp/test-support/profile-factory';
import { dropSearchIndices } from '@mp/test-support/search-index';

// Consultants for the browser tests of the search screen. Each run's API searches an alias of its own
// (global-setup.ts), created empty and dropped at the end, so the demo index is never touched and runs on the
// same machine (two engineers, CI) never see or delete each other's data. Each test file still scopes its
// searches with a keyword of its own.

const ALIAS_PREFIX = 'e2e-consultants-';
/** Indices of runs that died without cleaning up are dropped after this long. */
const LEFTOVER_AGE_MS = 6 * 60 * 60 * 1000;

const elasticsearchUrl = () => process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';

/** Creates this run's empty index behind a new alias (and drops old runs' leftovers); returns the alias. */
export async function prepareSearchIndex(): Promise<string> {
  const alias = `${ALIAS_PREFIX}${Date.now()}-${randomBytes(3).toString('hex')}`;
  const es = new Client({ node: elasticsearchUrl() });
  try {
    const indices = await es.cat.indices({
      index: `${ALIAS_PREFIX}*`,
      format: 'json',
      h: ['index', 'creation.date'],
    });
    const stale = indices
      .filter((index) => Date.now() - Number(index['creation.date']) > LEFTOVER_AGE_MS)
      .map((index) => index.index ?? '')
      .filter(Boolean);
    if (stale.length > 0) await es.indices.delete({ index: stale, ignore_unavailable: true });
    await ensureSearchIndex(es, alias);
    return alias;
  } finally {
    await es.close();
  }
}

/** Drops this run's index (global teardown). */
export async function dropSearchIndex(alias: string): Promise<void> {
  const es = new Client({ node: elasticsearchUrl() });
  try {
    await dropSearchIndices(es, alias);
  } finally {
    await es.close();
  }
}

/** A word no profile but the ones a test creates contains (`uniqueSearchWord` of the test support). */
export const uniqueKeyword = uniqueSearchWord;

/**
 * Creates searchable consultants (users and whole profiles, through the profile service) whose description
 * holds `keyword`, and writes them straight into the run's index, searchable at once.
 */
export async function seedConsultants(
  { databaseUrl, searchAlias }: { databaseUrl: string; searchAlias: string },
  keyword: string,
  overrides: ProfileInputDraft[],
): Promise<string[]> {
  const db = createDatabase(databaseUrl, { maxConnections: 2 });
  const es = new Client({ node: elasticsearchUrl() });
  try {
    const inputs = overrides.map((override, index) =>
      buildProfileInput({
        firstName: `Konsult${index + 1}`,
        shortDescription: `Erfaren konsult. ${keyword}`,
        ...override,
      }),
    );
    const created = await createConsultants(db, inputs);
    const userIds = created.map((consultant) => consultant.userId);
    const sources = await findProfileSources(db, userIds);
    await writeProfiles(es, searchAlias, sources, { refresh: true, requireAlias: true });
    return userIds;
  } finally {
    await es.close();
    await db.destroy();
  }
}
