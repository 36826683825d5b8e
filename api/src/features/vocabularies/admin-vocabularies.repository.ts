import type { Database } from '@mp/migrations/database';
import { OUTBOX_AGGREGATES, OUTBOX_CHANNEL } from '@mp/migrations/outbox';
import { toTableKind } from '@mp/migrations/vocabulary-store';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { AdminVocabularyKind } from '@mp/api-contract/admin-vocabularies.schema';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

// The SQL of the vocabulary editor. Profile rows refer to entries by id (text, no foreign key); the tables below
// are every place an entry's id is stored, and the text column that holds its (English) label or the
// consultant's own words when no entry matched.

interface Reference {
  table: string;
  column: string;
  /** Holds the entry's English label while the id is set (kept in step on a rename). */
  label?: string;
  /** The consultant's own words, matched against new spellings while the id is null. */
  text?: string;
  /** The row's owner within which an entry appears once (merging two entries may meet there). */
  unique?: 'profile_id' | 'experience_id';
  /** How to reach the profile: its own profile_id, or through its experience. */
  profile: 'own' | 'experience';
}

const REFERENCES: Record<AdminVocabularyKind, Reference[]> = {
  skills: [
    {
      table: 'profile_skills',
      column: 'skill_id',
      label: 'name',
      text: 'name',
      unique: 'profile_id',
      profile: 'own',
    },
    {
      table: 'experience_skills',
      column: 'skill_id',
      label: 'name',
      text: 'name',
      unique: 'experience_id',
      profile: 'experience',
    },
  ],
  jobTitles: [
    {
      table: 'profile_job_titles',
      column: 'job_title_id',
      label: 'name',
      text: 'name',
      unique: 'profile_id',
      profile: 'own',
    },
    { table: 'experiences', column: 'job_title_id', text: 'job_title', profile: 'own' },
  ],
  languages: [{ table: 'profile_languages', column: 'language_id', unique: 'profile_id', profile: 'own' }],
  degrees: [{ table: 'educations', column: 'degree_id', label: 'degree', text: 'degree', profile: 'own' }],
  fieldsOfStudy: [
    {
      table: 'educations',
      column: 'field_of_study_id',
      label: 'field_of_study',
      text: 'field_of_study',
      profile: 'own',
    },
  ],
};

/** `profile_id` of a reference row aliased `r`. */
function profileIdOf(reference: Reference): { from: RawBuilder<unknown>; profileId: RawBuilder<unknown> } {
  return reference.profile === 'own'
    ? { from: sql`${sql.table(reference.table)} r`, profileId: sql`r.profile_id` }
    : {
        from: sql`${sql.table(reference.table)} r JOIN experiences x ON x.id = r.experience_id`,
        profileId: sql`x.profile_id`,
      };
}

/** Profiles using each of the given entries (all of the kind when `ids` is undefined). */
export async function countUsage(
  db: Db,
  kind: AdminVocabularyKind,
  ids?: readonly string[],
): Promise<Map<string, number>> {
  const parts = REFERENCES[kind].map((reference) => {
    const { from, profileId } = profileIdOf(reference);
    const column = sql.ref(`r.${reference.column}`);
    return sql`SELECT ${column} AS id, ${profileId} AS profile_id FROM ${from} WHERE ${column} IS NOT NULL${
      ids ? sql` AND ${column} = ANY(${[...ids]}::text[])` : sql``
    }`;
  });
  const { rows } = await sql<{ id: string; usage: number }>`
    SELECT id, count(DISTINCT profile_id)::int AS usage FROM (${sql.join(parts, sql` UNION ALL `)}) u
    GROUP BY id`.execute(db);
  return new Map(rows.map((row) => [row.id, row.usage]));
}

/** Profiles (ids) that store one of these entry ids, or whose own words are one of `texts` (exactly). */
export async function findProfilesUsing(
  db: Db,
  kind: AdminVocabularyKind,
  ids: readonly string[],
  texts: readonly string[] = [],
): Promise<string[]> {
  const parts = REFERENCES[kind].flatMap((reference) => {
    const { from, profileId } = profileIdOf(reference);
    const column = sql.ref(`r.${reference.column}`);
    const byId = sql`SELECT ${profileId} AS profile_id FROM ${from} WHERE ${column} = ANY(${[...ids]}::text[])`;
    if (!reference.text || texts.length === 0) return [byId];
    const text = sql.ref(`r.${reference.text}`);
    return [
      byId,
      sql`SELECT ${profileId} FROM ${from} WHERE ${column} IS NULL AND ${text} = ANY(${[...texts]}::text[])`,
    ];
  });
  const { rows } = await sql<{ profile_id: string }>`
    SELECT DISTINCT profile_id FROM (${sql.join(parts, sql` UNION ALL `)}) u ORDER BY profile_id`.execute(db);
  return rows.map((row) => row.profile_id);
}

/** Distinct free texts (no entry id) stored for this kind: matched in code against new spellings. */
export async function findFreeTexts(db: Db, kind: AdminVocabularyKind): Promise<string[]> {
  const parts = REFERENCES[kind]
    .filter((reference) => reference.text)
    .map(
      (reference) =>
        sql`SELECT ${sql.ref(reference.text!)} AS text FROM ${sql.table(reference.table)}
            WHERE ${sql.ref(reference.column)} IS NULL AND ${sql.ref(reference.text!)} IS NOT NULL`,
    );
  if (parts.length === 0) return [];
  const { rows } = await sql<{ text: string }>`
    SELECT DISTINCT text FROM (${sql.join(parts, sql` UNION `)}) t`.execute(db);
  return rows.map((row) => row.text);
}

/** A rename: the stored English label copies follow the entry. */
export async function syncStoredLabels(trx: Trx, kind: AdminVocabularyKind, id: string, en: string) {
  for (const reference of REFERENCES[kind]) {
    if (!reference.label) continue;
    await sql`UPDATE ${sql.table(reference.table)} SET ${sql.ref(reference.label)} = ${en}
      WHERE ${sql.ref(reference.column)} = ${id} AND ${sql.ref(reference.label)} IS DISTINCT FROM ${en}`.execute(
      trx,
    );
  }
}

/**
 * Moves every use of `from` to `into`. Where a profile (or experience) has both, the two rows become one: for
 * skills the longer experience, the later last use, starred if either was, the earlier place in the list.
 */
export async function moveReferences(
  trx: Trx,
  kind: AdminVocabularyKind,
  from: string,
  into: { id: string; en: string },
): Promise<void> {
  for (const reference of REFERENCES[kind]) {
    const table = sql.table(reference.table);
    const column = sql.ref(reference.column);
    if (reference.unique) {
      const owner = sql.ref(reference.unique);
      if (reference.table === 'profile_skills') {
        await sql`UPDATE profile_skills t SET
            years_of_experience = greatest(t.years_of_experience, f.years_of_experience),
            last_used_year = greatest(t.last_used_year, f.last_used_year),
            starred = t.starred OR f.starred,
            sort_order = least(t.sort_order, f.sort_order)
          FROM profile_skills f
          WHERE f.profile_id = t.profile_id AND f.skill_id = ${from} AND t.skill_id = ${into.id}`.execute(
          trx,
        );
      }
      await sql`DELETE FROM ${table} f WHERE f.${column} = ${from} AND EXISTS (
          SELECT 1 FROM ${table} t WHERE t.${owner} = f.${owner} AND t.${column} = ${into.id})`.execute(trx);
    }
    await sql`UPDATE ${table} SET ${column} = ${into.id}${
      reference.label ? sql`, ${sql.ref(reference.label)} = ${into.en}` : sql``
    } WHERE ${column} = ${from}`.execute(trx);
  }
}

/** `outbox.event_type` of a profile row a vocabulary change wrote (indexed like `profile.changed`). */
export const VOCABULARY_CHANGED_EVENT = 'profile.vocabulary-changed';

/**
 * Sends these profiles through the indexing pipeline: each gets a new version (the Elasticsearch external
 * version the new document wins with) and an outbox row naming the change, in the change's transaction. The
 * stored search sources are left behind the version, so the indexer computes them afresh.
 */
export async function reindexProfiles(trx: Trx, profileIds: readonly string[], changeId: string) {
  if (profileIds.length === 0) return 0;
  const { rows } = await sql<{ id: number }>`
    WITH bumped AS (
      UPDATE profiles SET version = version + 1 WHERE id = ANY(${[...profileIds]}::uuid[])
      RETURNING user_id, version)
    INSERT INTO outbox (aggregate_type, aggregate_id, event_type, payload)
    SELECT ${OUTBOX_AGGREGATES.profile}::text, user_id::text, ${VOCABULARY_CHANGED_EVENT}::text,
      jsonb_build_object('version', version, 'vocabularyChangeId', ${changeId}::text)
    FROM bumped ORDER BY user_id
    RETURNING id`.execute(trx);
  await sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
  return rows.length;
}

/** Serialises vocabulary changes (the row lock) and moves the revision every process compares with. */
export async function bumpRevision(trx: Trx): Promise<number> {
  const row = await trx
    .updateTable('vocabulary_revision')
    .set({ revision: sql`revision + 1` })
    .where('id', '=', 1)
    .returning('revision')
    .executeTakeFirstOrThrow();
  return Number(row.revision);
}

/** Locks an entry's row (FOR UPDATE) until the transaction ends; profile saves lock the entries they store FOR SHARE. */
/**
 * Locks entries' rows FOR UPDATE, in id order: the order profile saves take their FOR SHARE locks in
 * (`lockActiveVocabularyEntries`), so a change locking two entries and a save storing both cannot deadlock.
 */
export async function lockVocabularyEntries(
  trx: Trx,
  kind: AdminVocabularyKind,
  ids: readonly string[],
): Promise<void> {
  await trx
    .selectFrom('vocabulary_entries')
    .select('id')
    .where('kind', '=', toTableKind(kind))
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function selectEntries(db: Db, kind: AdminVocabularyKind) {
  return db
    .selectFrom('vocabulary_entries')
    .select(['id', 'label_sv', 'label_en', 'aliases', 'category', 'version', 'updated_at', 'position'])
    .where('kind', '=', toTableKind(kind))
    .where('active', '=', true);
}

export type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['executeTakeFirstOrThrow']>>;

/** Active entries of a kind, in order; `q` matches part of a label, an alias or the id. */
export async function listEntries(
  db: Db,
  kind: AdminVocabularyKind,
  query: { q?: string; limit: number; offset: number },
) {
  let select = selectEntries(db, kind);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) =>
      eb.or([
        eb('label_sv', 'ilike', like),
        eb('label_en', 'ilike', like),
        eb('id', 'ilike', like),
        eb(sql`array_to_string(aliases, ' ')`, 'ilike', like),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    select.orderBy('position').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    select
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.count };
}

export async function insertChange(
  trx: Trx,
  change: {
    kind: AdminVocabularyKind;
    entryId: string;
    action: 'create' | 'update' | 'merge' | 'delete';
    mergedId?: string;
    actorUserId: string;
  },
) {
  return trx
    .insertInto('vocabulary_changes')
    .values({
      kind: toTableKind(change.kind),
      entry_id: change.entryId,
      action: change.action,
      merged_id: change.mergedId ?? null,
      actor_user_id: change.actorUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A change with its progress: outbox rows of the change not yet acknowledged by the index worker. */
export async function findChanges(db: Db, where: { id?: string; limit: number }) {
  let select = db
    .selectFrom('vocabulary_changes as c')
    .select([
      'c.id',
      'c.kind',
      'c.entry_id',
      'c.action',
      'c.merged_id',
      'c.profiles',
      'c.created_at',
      sql<number>`(SELECT count(*)::int FROM outbox o
        WHERE o.acked_at IS NULL AND o.payload->>'vocabularyChangeId' = c.id::text)`.as('pending'),
    ])
    .orderBy('c.created_at', 'desc')
    .limit(where.limit);
  if (where.id) select = select.where('c.id', '=', where.id);
  return select.execute();
}
