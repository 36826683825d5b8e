import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { setProfileSearchable, touchProfiles } from '@mp/api/features/profiles/profile.service';
import { createDatabase } from '@mp/migrations/db';
import { loadVocabularies } from '@mp/migrations/vocabulary-store';
import {
  buildConsultantDocument,
  installVocabularies,
  storedDocumentKey,
  vocabularies as shippedVocabularies,
  type ProfileSource,
} from '@mp/search-schema';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { loadIndexerConfig } from './config';
import { handleIndexProfiles } from './jobs/index-profiles.job';
import { findProfileSourcesForIndexing } from './profile-source.repository';
import { ensureSearchIndex } from './search-index';
import { dropSearchIndices } from '@mp/test-support/search-index';

const alias = `it-stored-docs-${randomUUID().slice(0, 8)}`;
const config = loadIndexerConfig({ ...process.env, DATABASE_URL: TEST_DATABASE_URL });
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 2 });
const es = new Client({ node: config.ELASTICSEARCH_URL });
const deps = { db, search: es, alias };

/** The database's vocabularies, installed as the API and the indexer install them (with their revision). */
async function installDatabaseVocabularies(): Promise<number> {
  const { vocabularies, revision } = await loadVocabularies(db);
  installVocabularies(vocabularies, revision);
  return revision;
}

async function storedRow(userId: string) {
  const { rows } = await sql<{ source: ProfileSource; document: string | null; key: string | null }>`
    SELECT search_source AS source, search_document AS document, search_document_key AS key
    FROM profiles WHERE user_id = ${userId}::uuid`.execute(db);
  return rows[0]!;
}

async function indexedSource(userId: string): Promise<Record<string, unknown> | undefined> {
  await es.indices.refresh({ index: alias });
  const r = await es.search<Record<string, unknown>>({ index: alias, query: { ids: { values: [userId] } } });
  return r.hits.hits[0]?._source;
}

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
});

afterEach(() => installVocabularies(shippedVocabularies));

afterAll(async () => {
  await dropSearchIndices(es, alias);
  await es.close();
  await db.destroy();
});

describe('search documents built when the profile is written', () => {
  it('are stored with the source, under the key of the vocabularies and build that made them', async () => {
    const revision = await installDatabaseVocabularies();
    const [consultant] = await createConsultants(db, [buildProfileInput({ firstName: 'Stina' })]);
    const stored = await storedRow(consultant!.userId);
    expect(stored.key).toBe(storedDocumentKey());
    expect(stored.key).toMatch(new RegExp(`\\.r${revision}$`));
    expect(JSON.parse(stored.document!)).toEqual(
      JSON.parse(JSON.stringify(buildConsultantDocument(stored.source))),
    );

    // The indexer takes the text under its own key; under any other (or repairing) it reads the source.
    const ids = [consultant!.userId];
    const mine = await findProfileSourcesForIndexing(db, ids, { documentKey: storedDocumentKey() });
    expect(mine.sources).toEqual([]);
    expect(mine.prebuilt).toEqual([
      { userId: consultant!.userId, version: consultant!.version, document: stored.document },
    ]);
    const other = await findProfileSourcesForIndexing(db, ids, { documentKey: `${storedDocumentKey()}0` });
    expect(other.prebuilt).toEqual([]);
    expect(other.sources.map((s) => s.firstName)).toEqual(['Stina']);
    const repair = await findProfileSourcesForIndexing(db, ids, {
      documentKey: storedDocumentKey(),
      recompute: true,
    });
    expect(repair.prebuilt).toEqual([]);
    expect(repair.sources).toHaveLength(1);
  });

  it('are not stored by a process that does not run the database vocabularies', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput()]);
    expect(await storedRow(consultant!.userId)).toMatchObject({ document: null, key: null });
    expect(storedDocumentKey()).toBeNull();
  });

  it('are shipped to Elasticsearch as the stored text', async () => {
    await installDatabaseVocabularies();
    const [consultant] = await createConsultants(db, [buildProfileInput({ firstName: 'Tove' })]);
    // Marked behind the service's back, so the index shows which text went out.
    await sql`UPDATE profiles SET search_document = jsonb_set(search_document::jsonb, '{completion}', '7')::text
      WHERE user_id = ${consultant!.userId}::uuid`.execute(db);
    const result = await handleIndexProfiles(deps, { userIds: [consultant!.userId] });
    expect(result).toMatchObject({ indexed: 1, deadLettered: 0 });
    const indexed = await indexedSource(consultant!.userId);
    expect(indexed).toMatchObject({ userId: consultant!.userId, completion: 7 });
  });

  it('remove a hidden profile: its stored document is none', async () => {
    await installDatabaseVocabularies();
    const [consultant] = await createConsultants(db, [buildProfileInput()]);
    await handleIndexProfiles(deps, { userIds: [consultant!.userId] });
    expect(await indexedSource(consultant!.userId)).toBeDefined();
    await setProfileSearchable(db, consultant!.userId, false);
    expect(await storedRow(consultant!.userId)).toMatchObject({ document: null, key: storedDocumentKey() });
    const result = await handleIndexProfiles(deps, { userIds: [consultant!.userId] });
    expect(result).toMatchObject({ deleted: 1 });
    expect(await indexedSource(consultant!.userId)).toBeUndefined();
  });

  it('are built afresh when the vocabularies moved on since they were stored', async () => {
    const revision = await installDatabaseVocabularies();
    const { vocabularies } = await loadVocabularies(db);
    // A process still on an earlier revision, whose label for the consultant's job title was another.
    const jobTitles = vocabularies.jobTitles;
    installVocabularies(
      {
        ...vocabularies,
        jobTitles: {
          ...jobTitles,
          entries: jobTitles.entries.map((e) =>
            e.sv === 'Systemutvecklare' ? { ...e, en: 'Software developer (old)' } : e,
          ),
        },
      },
      revision - 1,
    );
    const [consultant] = await createConsultants(db, [
      buildProfileInput({ jobTitles: ['Systemutvecklare'] }),
    ]);
    const stored = await storedRow(consultant!.userId);
    expect(JSON.parse(stored.document!).titleText).toContain('Software developer (old)');

    // The indexer runs the database's revision: the stored document is not its own, so it builds one.
    await installDatabaseVocabularies();
    await handleIndexProfiles(deps, { userIds: [consultant!.userId] });
    const indexed = (await indexedSource(consultant!.userId)) as { titleText: string[] };
    expect(indexed.titleText).toContain('Software developer');
    expect(indexed.titleText).not.toContain('Software developer (old)');

    // The next write stores the current one.
    await touchProfiles(db, [consultant!.userId]);
    const restored = await storedRow(consultant!.userId);
    expect(restored.key).toBe(storedDocumentKey());
    expect(JSON.parse(restored.document!).titleText).not.toContain('Software developer (old)');
  });
});
