import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@elastic/elasticsearch';
import { createDatabase } from '@mp/migrations/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { loadIndexerConfig } from './config';
import { handleIndexProfiles, RetryableProfilesError } from './jobs/index-profiles.job';
import { ensureSearchIndex } from './search-index';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { dropSearchIndices } from '@mp/test-support/search-index';

const alias = `it-dead-letters-${randomUUID().slice(0, 8)}`;
const config = loadIndexerConfig({ ...process.env, DATABASE_URL: TEST_DATABASE_URL });
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 2 });
const es = new Client({ node: config.ELASTICSEARCH_URL });
const deps = { db, search: es, alias };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
});

afterAll(async () => {
  await dropSearchIndices(es, alias);
  await es.close();
  await db.destroy();
});

describe('one bad profile does not fail its batch', () => {
  it(
    'sends a profile Elasticsearch rejects to the dead-letter table and indexes the other 999',
    { timeout: 180_000 },
    async () => {
      const created = await createConsultants(
        db,
        Array.from({ length: 1000 }, (_, i) => buildProfileInput({ firstName: `Batch${i}` })),
      );
      const ids = created.map((c) => c.userId);
      const bad = ids[417]!;
      // A stored source is trusted by the indexer; this one carries a date Elasticsearch's mapping refuses. Its
      // stored document goes, so the indexer builds from that source whether or not this process has installed
      // the vocabularies the document's key names (another test file in the same process may have).
      await sql`UPDATE profiles
        SET search_source = jsonb_set(search_source::jsonb, '{updatedAt}', '"not a date"')::json,
            search_document = NULL, search_document_key = NULL
        WHERE user_id = ${bad}`.execute(db);

      const result = await handleIndexProfiles(deps, { userIds: ids });
      expect(result).toMatchObject({ indexed: 999, deadLettered: 1 });

      await es.indices.refresh({ index: alias });
      const searchable = await es.count({ index: alias, query: { ids: { values: ids } } });
      expect(searchable.count).toBe(999);
      const letters = await db
        .selectFrom('index_dead_letters')
        .selectAll()
        .where('user_id', 'in', ids)
        .execute();
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({
        user_id: bad,
        profile_version: created[417]!.version,
        status: 400,
        error_type: 'document_parsing_exception',
        resolved_at: null,
      });
      expect(letters[0]!.reason).toContain('updatedAt');

      // Meeting it again (a retry, the repair job) counts it instead of adding a row.
      await handleIndexProfiles(deps, { userIds: [bad] });
      const again = await db
        .selectFrom('index_dead_letters')
        .select(['occurrences'])
        .where('user_id', '=', bad)
        .execute();
      expect(again).toEqual([{ occurrences: 2 }]);

      // Operators see it.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'scripts/src/dead-letters/dead-letters.cli.ts', '--limit', '1000'],
        { cwd: root, env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL } },
      );
      expect(stdout).toContain(bad);
      expect(stdout).toContain('document_parsing_exception');

      // Once the profile is fixed (a new version from the profile service), indexing it resolves its letter.
      await sql`UPDATE profiles SET search_source_version = NULL, version = version + 1 WHERE user_id = ${bad}`.execute(
        db,
      );
      await handleIndexProfiles(deps, { userIds: [bad] });
      const resolved = await db
        .selectFrom('index_dead_letters')
        .select(['resolved_at'])
        .where('user_id', '=', bad)
        .executeTakeFirstOrThrow();
      expect(resolved.resolved_at).toBeInstanceOf(Date);
    },
  );

  it('retries transient item errors with only the profiles that failed, and dead-letters none', async () => {
    const created = await createConsultants(db, [buildProfileInput(), buildProfileInput()]);
    const ids = created.map((c) => c.userId);
    let narrowedTo: string[] | undefined;
    // Writes require the alias; with none yet each item fails with index_not_found_exception: not permanent.
    const missingAlias = { ...deps, alias: `${alias}-not-yet` };
    const error = await handleIndexProfiles(missingAlias, { userIds: ids }, async (userIds) => {
      narrowedTo = userIds;
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryableProfilesError);
    expect(narrowedTo?.sort()).toEqual([...ids].sort());
    const letters = await db
      .selectFrom('index_dead_letters')
      .select('id')
      .where('user_id', 'in', ids)
      .execute();
    expect(letters).toEqual([]);
  });
});
