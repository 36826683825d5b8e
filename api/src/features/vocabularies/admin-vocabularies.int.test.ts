import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { loadIndexerConfig } from '@mp/indexer/config';
import { ensureSearchIndex } from '@mp/indexer/search-index';
import { startIndexer, type RunningIndexer } from '@mp/indexer/worker';
import { migrateToLatest } from '@mp/migrations/migrator';
import {
  createVocabularyCache,
  loadVocabularies,
  type StoredVocabularies,
} from '@mp/migrations/vocabulary-store';
import { createScratchDatabase, type ScratchDatabase } from '@mp/migrations/scratch-database';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { vocabularyChannel } from '../../plugins/vocabularies';
import { dropSearchIndices } from '@mp/test-support/search-index';

// The vocabulary editor against the real pipeline: a change in god/vocabulary -> outbox rows for exactly the
// affected profiles -> relay -> BullMQ -> indexer -> Elasticsearch, with the indexer in this process. A scratch
// database of its own (seeded with the vocabularies by the migration), so its edits touch no other test file.

const alias = `it-vocab-${randomUUID().slice(0, 8)}`;
let scratch: ScratchDatabase;
let indexer: RunningIndexer;
let app: FastifyInstance;
let adminToken: string;
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });

beforeAll(async () => {
  scratch = await createScratchDatabase('marketplace_vocabularies');
  await migrateToLatest(scratch.db);
  await ensureSearchIndex(es, alias);
  indexer = await startIndexer(
    loadIndexerConfig({
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: scratch.url,
      SEARCH_INDEX_ALIAS: alias,
      QUEUE_PREFIX: `it-${alias}`,
      RELAY_INTERVAL_MS: '100',
    }),
  );
  app = await buildTestApp({ DATABASE_URL: scratch.url, SEARCH_INDEX_ALIAS: alias });
  const admin = await createUser(app.db, app.config, { isAdmin: true });
  adminToken = await createSessionToken(app, admin.id);
});

afterAll(async () => {
  await app?.close();
  await indexer?.close();
  await dropSearchIndices(es, alias);
  await es.close();
  await scratch?.drop();
});

const call = (method: HTTPMethods, url: string, payload?: object, language = 'en') =>
  app.inject({
    method,
    url,
    headers: { authorization: adminToken, 'accept-language': language },
    ...(payload ? { payload } : {}),
  });

interface Card {
  userId: string;
  skills: { skill: string }[];
}

async function search(searchTerm: string, language = 'en'): Promise<Card[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/search/v3',
    headers: { 'accept-language': language },
    payload: { searchTerm, availableAt: null, facets: false, pageSize: 50 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: Card[] }).results;
}

const ids = (cards: Card[]) => cards.map((card) => card.userId).sort();

async function versions(userIds: string[]) {
  const rows = await app.db
    .selectFrom('profiles')
    .select(['user_id', 'version'])
    .where('user_id', 'in', userIds)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.user_id, Number(row.version)]));
}

/** Waits (polling the progress route, as the admin page does) until the change is in the index. */
async function waitForReindex(changeId: string) {
  return vi.waitFor(
    async () => {
      const response = await call('GET', `/api/admin/vocabularies/changes/${changeId}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().done).toBe(true);
      return response.json();
    },
    { timeout: 20_000, interval: 100 },
  );
}

const skill = (name: string, yearsOfExperience: number, lastUsedYear: number, starred = false) => ({
  name,
  yearsOfExperience,
  lastUsedYear,
  starred,
});

describe('renaming a skill', () => {
  it('reindexes only the profiles that have it, and search and suggestions find them under the new label', async () => {
    const [withSkill, inExperience, without] = await createConsultants(app.db, [
      buildProfileInput({ skills: [skill('Svelte', 5, 2025), skill('TypeScript', 6, 2026)] }),
      buildProfileInput({
        skills: [skill('TypeScript', 4, 2026)],
        experiences: [
          {
            company: 'Spotify',
            jobTitle: 'Frontendutvecklare',
            startYear: 2020,
            endYear: 2023,
            ongoing: false,
            employmentForm: 'consultant',
            description: 'Byggde en webbspelare.',
            skills: ['Svelte'],
          },
        ],
      }),
      buildProfileInput({ skills: [skill('React', 6, 2026), skill('TypeScript', 6, 2026)] }),
    ]);
    const affected = [withSkill!.userId, inExperience!.userId].sort();
    await vi.waitFor(async () => expect(ids(await search('svelte'))).toEqual(affected), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await search('zentrix')).toEqual([]);

    const listed = await call('GET', '/api/admin/vocabularies/skills?q=svelte');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'svelte', sv: 'Svelte', usage: 2 })]),
    );

    const before = await versions([withSkill!.userId, inExperience!.userId, without!.userId]);
    const renamed = await call('PUT', '/api/admin/vocabularies/skills/svelte', {
      sv: 'Zentrix',
      en: 'Zentrix framework',
      aliases: [],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().entry).toMatchObject({
      id: 'svelte',
      sv: 'Zentrix',
      en: 'Zentrix framework',
      usage: 2,
    });
    const change = renamed.json().change;
    expect(change).toMatchObject({ kind: 'skills', entryId: 'svelte', action: 'update', profiles: 2 });

    // Exactly the two profiles that have the skill got a new version and an outbox row of this change.
    const after = await versions(Object.keys(before));
    expect(after[withSkill!.userId]).toBe(before[withSkill!.userId]! + 1);
    expect(after[inExperience!.userId]).toBe(before[inExperience!.userId]! + 1);
    expect(after[without!.userId]).toBe(before[without!.userId]);
    const rows = await app.db
      .selectFrom('outbox')
      .select('aggregate_id')
      .where(({ ref }) => ref('payload', '->>').key('vocabularyChangeId'), '=', change.id)
      .execute();
    expect(rows.map((row) => row.aggregate_id).sort()).toEqual(affected);

    const progress = await waitForReindex(change.id);
    expect(progress).toMatchObject({ profiles: 2, indexed: 2, done: true });

    // Search finds them under the new label, in both languages, and the cards show it.
    const english = await search('zentrix framework');
    expect(ids(english)).toEqual(affected);
    const card = english.find((c) => c.userId === withSkill!.userId)!;
    expect(card.skills.map((s) => s.skill)).toContain('Zentrix framework');
    expect(card.skills.map((s) => s.skill)).not.toContain('Svelte');
    expect(ids(await search('zentrix', 'sv'))).toEqual(affected);
    const suggestions = await app.inject({
      method: 'POST',
      url: '/api/search/vocabulary/v2',
      headers: { 'accept-language': 'sv' },
      payload: { vocabulary: 'skills', searchTerm: 'zentri' },
    });
    expect(suggestions.statusCode, suggestions.body).toBe(200);
    expect(suggestions.json().results[0]).toEqual({ id: 'svelte', label: 'Zentrix' });
    // The label stored beside the id follows the entry.
    const stored = await app.db
      .selectFrom('profile_skills')
      .select('name')
      .where('skill_id', '=', 'svelte')
      .execute();
    expect(stored.map((row) => row.name)).toEqual(['Zentrix framework']);
    // Saved again unchanged: nothing to reindex.
    const same = await call('PUT', '/api/admin/vocabularies/skills/svelte', {
      sv: 'Zentrix',
      en: 'Zentrix framework',
      aliases: [],
    });
    expect(same.json().change).toMatchObject({ profiles: 0, done: true });
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id'])
      .where('action', '=', 'admin.vocabulary.update')
      .execute();
    expect(audit).toEqual([
      { action: 'admin.vocabulary.update', subject_id: 'svelte' },
      { action: 'admin.vocabulary.update', subject_id: 'svelte' },
    ]);
  });

  it('refuses a spelling that belongs to another entry, in the request language', async () => {
    const response = await call(
      'PUT',
      '/api/admin/vocabularies/skills/sveltekit',
      { sv: 'SvelteKit', en: 'SvelteKit', aliases: ['React'] },
      'sv',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'VOCABULARY_TEXT_TAKEN',
      errorMessage: '”react” hör redan till ett annat ord (react)',
    });
    const missing = await call('PUT', '/api/admin/vocabularies/skills/no-such-skill', {
      sv: 'X',
      en: 'X',
      aliases: [],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'VOCABULARY_ENTRY_NOT_FOUND',
      errorMessage: 'Vocabulary entry not found',
    });
  });
});

describe('merging two skills', () => {
  it("keeps every profile's years and last use, and search finds them under either name", async () => {
    const [onlyMerged, both, onlyKept, neither] = await createConsultants(app.db, [
      buildProfileInput({ skills: [skill('Nuxt', 7, 2023, true), skill('TypeScript', 6, 2026)] }),
      buildProfileInput({ skills: [skill('Nuxt', 3, 2025), skill('Vue.js', 5, 2020)] }),
      buildProfileInput({ skills: [skill('Vue', 2, 2022)] }),
      buildProfileInput({ skills: [skill('Angular', 9, 2026)] }),
    ]);
    const all = [onlyMerged!, both!, onlyKept!, neither!].map((c) => c.userId);
    await vi.waitFor(async () => expect(ids(await search('nuxt'))).toHaveLength(2), {
      timeout: 15_000,
      interval: 100,
    });
    const before = await versions(all);

    const merged = await call('POST', '/api/admin/vocabularies/skills/nuxt/merge', { into: 'vuejs' });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().entry).toMatchObject({ id: 'vuejs', usage: 3 });
    expect(merged.json().entry.aliases).toEqual(expect.arrayContaining(['Nuxt', 'Nuxt.js']));
    const change = merged.json().change;
    expect(change).toMatchObject({ action: 'merge', entryId: 'vuejs', mergedId: 'nuxt', profiles: 3 });
    const after = await versions(all);
    expect(after[neither!.userId]).toBe(before[neither!.userId]);

    const skillsOf = async (userId: string) =>
      app.db
        .selectFrom('profile_skills')
        .innerJoin('profiles', 'profiles.id', 'profile_skills.profile_id')
        .select(['skill_id', 'name', 'years_of_experience', 'last_used_year', 'starred'])
        .where('profiles.user_id', '=', userId)
        .where('skill_id', 'in', ['nuxt', 'vuejs'])
        .execute();
    expect(await skillsOf(onlyMerged!.userId)).toEqual([
      { skill_id: 'vuejs', name: 'Vue.js', years_of_experience: 7, last_used_year: 2023, starred: true },
    ]);
    // Both: one row, the longer experience and the later last use.
    expect(await skillsOf(both!.userId)).toEqual([
      { skill_id: 'vuejs', name: 'Vue.js', years_of_experience: 5, last_used_year: 2025, starred: false },
    ]);
    expect(await skillsOf(onlyKept!.userId)).toEqual([
      { skill_id: 'vuejs', name: 'Vue.js', years_of_experience: 2, last_used_year: 2022, starred: false },
    ]);

    await waitForReindex(change.id);
    const found = await search('nuxt');
    expect(ids(found)).toEqual([onlyMerged!.userId, both!.userId, onlyKept!.userId].sort());
    for (const card of found) expect(card.skills.map((s) => s.skill)).not.toContain('Nuxt');
    const document = await es.get<{
      card: { skills: { id: string; years: number; lastUsedYear: number }[] };
    }>({
      index: alias,
      id: onlyMerged!.userId,
    });
    expect(document._source!.card.skills).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'vuejs', years: 7, lastUsedYear: 2023 })]),
    );

    // The merged entry is gone from the editor; merging it again is a 404, merging into itself a 400.
    const listed = await call('GET', '/api/admin/vocabularies/skills?q=nuxt');
    expect(listed.json().entries.map((e: { id: string }) => e.id)).toEqual(['vuejs']);
    expect(
      (await call('POST', '/api/admin/vocabularies/skills/nuxt/merge', { into: 'vuejs' })).statusCode,
    ).toBe(404);
    const self = await call('POST', '/api/admin/vocabularies/skills/vuejs/merge', { into: 'vuejs' });
    expect(self.json()).toEqual({
      code: 'VOCABULARY_MERGE_SELF',
      errorMessage: 'An entry cannot be merged into itself',
    });
  });
});

describe('a new entry', () => {
  it('is created last in its kind and found by search terms and suggestions at once', async () => {
    const created = await call('POST', '/api/admin/vocabularies/skills', {
      sv: 'Qwikstad',
      en: 'Qwikstad',
      aliases: ['Qwik-stad'],
      category: 'frontend',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().entry).toMatchObject({ id: 'qwikstad', usage: 0, category: 'frontend' });
    expect(created.json().change).toMatchObject({ action: 'create', profiles: 0, done: true });
    const again = await call('POST', '/api/admin/vocabularies/skills', {
      sv: 'Q',
      en: 'Q',
      aliases: [],
      id: 'qwikstad',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('VOCABULARY_ENTRY_EXISTS');
    const suggestions = await app.inject({
      method: 'POST',
      url: '/api/search/vocabulary/v2',
      payload: { vocabulary: 'skills', searchTerm: 'qwiks' },
    });
    expect(suggestions.json().results[0]).toEqual({ id: 'qwikstad', label: 'Qwikstad' });
    const changes = await call('GET', '/api/admin/vocabularies/changes');
    expect(changes.json().changes[0]).toMatchObject({ entryId: 'qwikstad', action: 'create' });
  });

  it('takes its id from the Swedish label when the English one has no letter a-z or digit', async () => {
    const arabic = await call('POST', '/api/admin/vocabularies/skills', {
      sv: 'Zelvorstack',
      en: 'تطوير الويب',
      aliases: [],
    });
    expect(arabic.statusCode, arabic.body).toBe(200);
    expect(arabic.json().entry).toMatchObject({ id: 'zelvorstack', sv: 'Zelvorstack', en: 'تطوير الويب' });
    const emoji = await call('POST', '/api/admin/vocabularies/skills', {
      sv: 'Kvarnhjul 2',
      en: '🚀✨',
      aliases: [],
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json().entry.id).toBe('kvarnhjul-2');
  });

  it('refuses labels with no letter a-z or digit in either language at the fields, in the request language', async () => {
    const body = { sv: '🚀✨', en: 'פיתוח אתרים', aliases: [] };
    const english = await call('POST', '/api/admin/vocabularies/skills', body);
    expect(english.statusCode).toBe(400);
    const message =
      "Write a letter a-z or a digit in the English or the Swedish label: the entry's id is made from it";
    expect(english.json()).toEqual({
      code: 'VALIDATION_FAILED',
      errorMessage: message,
      data: {
        issues: [
          { field: 'en', code: 'validation.vocabularyLabelWithoutId', message },
          { field: 'sv', code: 'validation.vocabularyLabelWithoutId', message },
        ],
      },
    });
    const swedish = await call('POST', '/api/admin/vocabularies/skills', body, 'sv');
    expect(swedish.statusCode).toBe(400);
    expect(swedish.json().errorMessage).toBe(
      'Skriv en bokstav a-z eller en siffra i den engelska eller den svenska benämningen: ordets id görs av den',
    );
    expect(swedish.json().data.issues.map((issue: { field: string }) => issue.field)).toEqual(['en', 'sv']);
    // A language's id is its two-letter code: a label that gives no such id is refused at the label.
    const language = await call('POST', '/api/admin/vocabularies/languages', {
      sv: 'Klingonska',
      en: 'Klingon',
      aliases: [],
    });
    expect(language.statusCode).toBe(400);
    expect(language.json().data.issues).toEqual([
      {
        field: 'en',
        code: 'validation.invalidLanguageId',
        message: "A language's id is its two-letter code (ISO 639-1), e.g. sv",
      },
    ]);
  });
});

describe('deleting an entry', () => {
  const suggest = async (searchTerm: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/search/vocabulary/v2',
      headers: { 'accept-language': 'en' },
      payload: { vocabulary: 'skills', searchTerm },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().results as { id: string }[]).map((result) => result.id);
  };

  it('takes an entry no profile uses out of suggestions, search and the index, and lets its id come back', async () => {
    const created = await call('POST', '/api/admin/vocabularies/skills', {
      sv: 'Plorbex',
      en: 'Plorbex',
      aliases: ['Plorb-ex'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await suggest('plorbe')).toContain('plorbex');

    const deleted = await call('DELETE', '/api/admin/vocabularies/skills/plorbex');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().change).toMatchObject({
      kind: 'skills',
      entryId: 'plorbex',
      action: 'delete',
      profiles: 0,
      done: true,
    });
    // Gone from the editor, from suggestions (this process reloaded before answering) and from the other
    // processes' vocabularies (the revision moved).
    expect((await call('GET', '/api/admin/vocabularies/skills?q=plorbex')).json()).toMatchObject({
      entries: [],
      total: 0,
    });
    expect(await suggest('plorbe')).not.toContain('plorbex');
    const loaded = await loadVocabularies(scratch.db);
    expect(loaded.vocabularies.skills.entries.map((entry) => entry.id)).not.toContain('plorbex');
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('subject_id', '=', 'plorbex')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'admin.vocabulary.delete', data: { en: 'Plorbex', profiles: 0 } });

    // A consultant who writes the word now keeps it as their own words: search's skill suggestions (the
    // index's counts) never offer it.
    const word = `plorbex${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6)}`;
    const [consultant] = await createConsultants(app.db, [
      buildProfileInput({ shortDescription: `Konsult ${word}.`, skills: [skill('Plorbex', 3, 2026)] }),
    ]);
    const stored = await app.db
      .selectFrom('profile_skills')
      .innerJoin('profiles', 'profiles.id', 'profile_skills.profile_id')
      .select(['profile_skills.skill_id', 'profile_skills.name'])
      .where('profiles.user_id', '=', consultant!.userId)
      .execute();
    expect(stored).toEqual([{ skill_id: null, name: 'Plorbex' }]);
    await vi.waitFor(async () => expect(ids(await search(word))).toEqual([consultant!.userId]), {
      timeout: 15_000,
      interval: 100,
    });
    const tags = await app.inject({
      method: 'POST',
      url: '/api/search/tags/v2',
      payload: { tag: 'skills', conditions: { searchTerm: word } },
    });
    expect(tags.statusCode, tags.body).toBe(200);
    expect(JSON.stringify(tags.json().results)).not.toContain('plorbex');

    // Created again under its id, the entry is back (and the consultant's own words join it).
    const again = await call('POST', '/api/admin/vocabularies/skills', {
      id: 'plorbex',
      sv: 'Plorbex',
      en: 'Plorbex framework',
      aliases: [],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().entry).toMatchObject({ id: 'plorbex', en: 'Plorbex framework' });
    expect(again.json().change).toMatchObject({ action: 'create', profiles: 1 });
    expect(await suggest('plorbe')).toContain('plorbex');
  });

  it('refuses an entry in use, saying how many profiles use it, in the request language', async () => {
    expect(
      (await call('POST', '/api/admin/vocabularies/skills', { sv: 'Quillrod', en: 'Quillrod', aliases: [] }))
        .statusCode,
    ).toBe(200);
    await createConsultants(app.db, [
      buildProfileInput({ skills: [skill('Quillrod', 2, 2026)] }),
      buildProfileInput({ skills: [skill('Quillrod', 4, 2025)] }),
    ]);
    const refused = await call('DELETE', '/api/admin/vocabularies/skills/quillrod');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'VOCABULARY_ENTRY_IN_USE',
      errorMessage: 'This entry cannot be deleted: 2 profiles use it. Merge it into another entry instead',
      data: { profiles: 2 },
    });
    const swedish = await call('DELETE', '/api/admin/vocabularies/skills/quillrod', undefined, 'sv');
    expect(swedish.json().errorMessage).toBe(
      'Ordet kan inte raderas: 2 profiler använder det. Slå ihop det med ett annat ord i stället',
    );
    // Nothing changed: the entry is listed and suggested as before.
    expect((await call('GET', '/api/admin/vocabularies/skills?q=quillrod')).json().entries).toEqual([
      expect.objectContaining({ id: 'quillrod', usage: 2 }),
    ]);
    expect(await suggest('quillro')).toContain('quillrod');

    const unknown = await call('DELETE', '/api/admin/vocabularies/skills/no-such-entry');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('VOCABULARY_ENTRY_NOT_FOUND');
  });
});

describe('deleting or merging an entry while a profile saving it commits', () => {
  /**
   * Holds `LOCK TABLE <table> IN SHARE MODE` in a transaction of its own until `release` is called: a
   * transaction writing the table waits there, at that point of its work, with its earlier writes and locks.
   */
  async function holdTable(table: 'outbox' | 'audit_log') {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = scratch.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE ${sql.table(table)} IN SHARE MODE`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    return { release: () => (release(), holding) };
  }

  /** Until a statement matching `pattern` waits for a lock, or `settled` says its request is done. */
  const waitForLockWait = (pattern: string, settled: () => boolean) =>
    vi.waitFor(
      async () => {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${pattern}`.execute(
          scratch.db,
        );
        expect(settled() || rows[0]!.n > 0).toBe(true);
      },
      { timeout: 15_000, interval: 20 },
    );

  const tracked = <T>(promise: Promise<T>) => {
    const state = { settled: false, promise };
    void promise.finally(() => (state.settled = true));
    return state;
  };

  async function newEntryAndConsultant(en: string) {
    const created = await call('POST', '/api/admin/vocabularies/skills', { sv: en, en, aliases: [] });
    expect(created.statusCode, created.body).toBe(200);
    const [consultant] = await createConsultants(app.db, [buildProfileInput({ skills: [] })]);
    const token = await createSessionToken(app, consultant!.userId);
    const saveSkills = () =>
      app.inject({
        method: 'PUT',
        url: '/api/profile/skills',
        headers: { authorization: token, 'accept-language': 'en' },
        payload: { skills: [skill(en, 3, 2026)] },
      });
    const stored = () =>
      app.db
        .selectFrom('profile_skills')
        .innerJoin('profiles', 'profiles.id', 'profile_skills.profile_id')
        .select(['profile_skills.skill_id', 'profile_skills.name'])
        .where('profiles.user_id', '=', consultant!.userId)
        .execute();
    return { id: created.json().entry.id as string, saveSkills, stored };
  }

  it('refuses the delete when the save stored the entry first', async () => {
    const { id, saveSkills, stored } = await newEntryAndConsultant('Zorvanex');
    // The save has written the profile's skills and waits, uncommitted, at its outbox row.
    const outbox = await holdTable('outbox');
    const save = tracked(saveSkills());
    await waitForLockWait('insert into "outbox"%', () => save.settled);
    // The delete counts the profiles that use the entry meanwhile: it must wait for the save, not count 0.
    const deletion = tracked(call('DELETE', `/api/admin/vocabularies/skills/${id}`));
    await waitForLockWait('%from "vocabulary_entries"%for update%', () => deletion.settled);
    await outbox.release();
    expect((await save.promise).statusCode).toBe(200);
    const deleted = await deletion.promise;
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'VOCABULARY_ENTRY_IN_USE', data: { profiles: 1 } });
    expect(await stored()).toEqual([{ skill_id: id, name: 'Zorvanex' }]);
  });

  it("keeps the save's words as its own when the delete deactivated the entry first", async () => {
    const { id, saveSkills, stored } = await newEntryAndConsultant('Quorbanite');
    // The delete has deactivated the entry and waits, uncommitted, at its audit entry; this process's
    // vocabularies still have the entry (they reload once the delete has committed).
    const audit = await holdTable('audit_log');
    const deletion = tracked(call('DELETE', `/api/admin/vocabularies/skills/${id}`));
    await waitForLockWait('insert into "audit_log"%', () => deletion.settled);
    const save = tracked(saveSkills());
    await waitForLockWait('%from "vocabulary_entries"%for share%', () => save.settled);
    await audit.release();
    const deleted = await deletion.promise;
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().change).toMatchObject({ action: 'delete', profiles: 0 });
    const saved = await save.promise;
    expect(saved.statusCode, saved.body).toBe(200);
    // Not the deleted entry's id (which the index would read as unknown): the words, as for any word no entry has.
    expect(await stored()).toEqual([{ skill_id: null, name: 'Quorbanite' }]);
  });

  it('a merge waits for a save that stored the merged entry, then moves it to the entry that stays', async () => {
    const { id, saveSkills, stored } = await newEntryAndConsultant('Velquarn');
    const target = await call('POST', '/api/admin/vocabularies/skills', {
      sv: 'Trelvix',
      en: 'Trelvix',
      aliases: [],
    });
    expect(target.statusCode, target.body).toBe(200);
    const into = target.json().entry.id as string;
    // The save has written the profile's skills and waits, uncommitted, at its outbox row.
    const outbox = await holdTable('outbox');
    const save = tracked(saveSkills());
    await waitForLockWait('insert into "outbox"%', () => save.settled);
    // The merge looks up the profiles that use the entry meanwhile: it must wait for the save, not miss it.
    // (Without locking the entries first it would look, find nothing, and only then wait, to retire the entry.)
    const merge = tracked(call('POST', `/api/admin/vocabularies/skills/${id}/merge`, { into }));
    await waitForLockWait('%"vocabulary_entries"%', () => merge.settled);
    await outbox.release();
    expect((await save.promise).statusCode).toBe(200);
    const merged = await merge.promise;
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().change).toMatchObject({ action: 'merge', mergedId: id, entryId: into, profiles: 1 });
    // Not the retired entry's id: the profile has the entry that stays.
    expect((await stored()).map((row) => row.skill_id)).toEqual([into]);
  });
});

describe('the per-process cache', () => {
  it('reloads only when the revision moved, as the indexer checks before each batch', async () => {
    // Other API processes learn of the change on Redis.
    const listener = new Redis(app.config.REDIS_URL);
    const announced = new Promise<string>((resolve) =>
      listener.on('message', (_channel, message) => resolve(message)),
    );
    await listener.subscribe(vocabularyChannel(app.config.QUEUE_PREFIX));
    const installed: StoredVocabularies['vocabularies'][] = [];
    const cache = createVocabularyCache(app.db, (vocabularies) => installed.push(vocabularies));
    await cache.ensureCurrent();
    await cache.ensureCurrent();
    expect(installed).toHaveLength(1);
    const changed = await call('PUT', '/api/admin/vocabularies/languages/is', {
      sv: 'Isländska språket',
      en: 'Icelandic',
      aliases: ['Íslenska'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await cache.ensureCurrent();
    expect(installed).toHaveLength(2);
    expect(Number(await announced)).toBe(cache.revision);
    listener.disconnect();
    expect(installed[1]!.languages.entries.find((e) => e.id === 'is')).toMatchObject({
      sv: 'Isländska språket',
    });
    // The shipped order is kept (ties in suggestions and search terms depend on it).
    expect(installed[1]!.skills.entries.slice(0, 3).map((e) => e.id)).toEqual([
      'javascript',
      'typescript',
      'java',
    ]);
  });
});

describe('merging two job titles', () => {
  it('leaves one title per profile and moves the experiences', async () => {
    const [both, onlyMerged] = await createConsultants(app.db, [
      buildProfileInput({ jobTitles: ['Webbutvecklare', 'Frontendutvecklare'] }),
      buildProfileInput({
        jobTitles: ['Webbutvecklare'],
        experiences: [
          {
            company: 'Klarna',
            jobTitle: 'Webbutvecklare',
            startYear: 2018,
            endYear: 2021,
            ongoing: false,
            employmentForm: 'employee',
            description: null,
            skills: [],
          },
        ],
      }),
    ]);
    // Every profile with either title (as a profile title or an experience's) is reindexed: the kept one's
    // aliases change too. The first rename test's consultant was a Frontendutvecklare at Spotify.
    const holders = await app.db
      .selectFrom('profiles')
      .select('user_id')
      .where(({ exists, selectFrom, or }) =>
        or([
          exists(
            selectFrom('profile_job_titles as t')
              .whereRef('t.profile_id', '=', 'profiles.id')
              .where('t.job_title_id', 'in', ['web-developer', 'frontend-developer']),
          ),
          exists(
            selectFrom('experiences as x')
              .whereRef('x.profile_id', '=', 'profiles.id')
              .where('x.job_title_id', 'in', ['web-developer', 'frontend-developer']),
          ),
        ]),
      )
      .execute();
    expect(holders.length).toBe(3);
    const merged = await call('POST', '/api/admin/vocabularies/jobTitles/web-developer/merge', {
      into: 'frontend-developer',
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().change).toMatchObject({ mergedId: 'web-developer', profiles: holders.length });
    const titles = await app.db
      .selectFrom('profile_job_titles')
      .innerJoin('profiles', 'profiles.id', 'profile_job_titles.profile_id')
      .select(['profiles.user_id', 'job_title_id'])
      .where('profiles.user_id', 'in', [both!.userId, onlyMerged!.userId])
      .execute();
    expect(
      titles.map((t) => `${t.user_id === both!.userId ? 'both' : 'one'}:${t.job_title_id}`).sort(),
    ).toEqual(['both:frontend-developer', 'one:frontend-developer']);
    const experiences = await app.db
      .selectFrom('experiences')
      .innerJoin('profiles', 'profiles.id', 'experiences.profile_id')
      .select(['job_title', 'job_title_id'])
      .where('profiles.user_id', '=', onlyMerged!.userId)
      .execute();
    // The consultant's own words stay; the id moves.
    expect(experiences).toEqual([{ job_title: 'Webbutvecklare', job_title_id: 'frontend-developer' }]);
    await waitForReindex(merged.json().change.id);
  });
});
