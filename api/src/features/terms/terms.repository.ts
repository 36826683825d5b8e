import type { Database, TermsKind } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';

/** The newest published version of a kind, with its texts, if any. */
export async function findCurrentTermsVersion(db: Kysely<Database>, kind: TermsKind) {
  return db
    .selectFrom('terms_versions')
    .select(['id', 'kind', 'version', 'published_at', 'effective_at', 'body_sv', 'body_en'])
    .where('kind', '=', kind)
    .where('published_at', 'is not', null)
    .where('published_at', '<=', sql<Date>`now()`)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest published version of a kind that is in force now (effective, or published without a date). */
export async function findTermsVersionInForce(db: Kysely<Database>, kind: TermsKind) {
  return db
    .selectFrom('terms_versions')
    .select(['version', 'published_at', 'effective_at', 'body_sv', 'body_en'])
    .where('kind', '=', kind)
    .where('published_at', 'is not', null)
    .where('published_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('effective_at', 'is', null), eb('effective_at', '<=', sql<Date>`now()`)]))
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest published version of every kind that has one, and whether the user has accepted it. */
export async function findCurrentTermsVersionsForUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('terms_versions as v')
    .distinctOn('v.kind')
    .select(['v.id', 'v.kind', 'v.version', 'v.published_at', 'v.effective_at'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('terms_acceptances as a')
            .select('a.id')
            .whereRef('a.terms_version_id', '=', 'v.id')
            .where('a.user_id', '=', userId),
        )
        .as('accepted'),
    )
    .where('v.published_at', 'is not', null)
    .where('v.published_at', '<=', sql<Date>`now()`)
    .$narrowType<{ published_at: Date }>()
    .orderBy('v.kind')
    .orderBy('v.version', 'desc')
    .execute();
}

/** Returns false when the user had already accepted this version (the unique key decides). */
export async function insertTermsAcceptance(
  db: Kysely<Database>,
  userId: string,
  termsVersionId: string,
): Promise<boolean> {
  const row = await db
    .insertInto('terms_acceptances')
    .values({ user_id: userId, terms_version_id: termsVersionId })
    .onConflict((oc) => oc.columns(['user_id', 'terms_version_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- the god area's terms editor --------------------------------------------------------------------------

const termsVersionColumns = [
  'id',
  'kind',
  'version',
  'published_at',
  'effective_at',
  'body_sv',
  'body_en',
  'created_at',
  'updated_at',
] as const;

/** Every version, newest first per kind, with how many users accepted each. */
export async function findTermsVersions(db: Kysely<Database>, kind?: TermsKind) {
  let query = db
    .selectFrom('terms_versions as v')
    .select(termsVersionColumns.map((column) => `v.${column}` as const))
    .select((eb) =>
      eb
        .selectFrom('terms_acceptances as a')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('a.terms_version_id', '=', 'v.id')
        .as('acceptances'),
    )
    .orderBy('v.kind')
    .orderBy('v.version', 'desc');
  if (kind) query = query.where('v.kind', '=', kind);
  return query.execute();
}

export async function findTermsVersionById(db: Kysely<Database> | Transaction<Database>, id: string) {
  return db.selectFrom('terms_versions').select(termsVersionColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * A new draft numbered after every existing version of its kind; returns null when the kind already has a
 * draft (one draft at a time keeps version numbers in publishing order). The kind's rows are locked first so
 * two admins cannot take the same number.
 */
export async function insertTermsDraft(
  trx: Transaction<Database>,
  draft: { kind: TermsKind; bodySv: string; bodyEn: string },
) {
  await sql`select pg_advisory_xact_lock(hashtext('terms_versions'), hashtext(${draft.kind}))`.execute(trx);
  const existing = await trx
    .selectFrom('terms_versions')
    .select([
      sql<number>`coalesce(max(version), 0)::int`.as('max'),
      sql<number>`count(*) filter (where published_at is null)::int`.as('drafts'),
    ])
    .where('kind', '=', draft.kind)
    .executeTakeFirstOrThrow();
  if (existing.drafts > 0) return null;
  return trx
    .insertInto('terms_versions')
    .values({ kind: draft.kind, version: existing.max + 1, body_sv: draft.bodySv, body_en: draft.bodyEn })
    .returning(termsVersionColumns)
    .executeTakeFirstOrThrow();
}

/** Changes a draft's texts; undefined when it does not exist or is already published. */
export async function updateTermsDraft(
  db: Kysely<Database>,
  id: string,
  texts: { bodySv: string; bodyEn: string },
) {
  return db
    .updateTable('terms_versions')
    .set({ body_sv: texts.bodySv, body_en: texts.bodyEn })
    .where('id', '=', id)
    .where('published_at', 'is', null)
    .returning(termsVersionColumns)
    .executeTakeFirst();
}

/** Deletes a draft (never a published version); undefined when it does not exist or is published. */
export async function deleteTermsDraft(db: Kysely<Database> | Transaction<Database>, id: string) {
  return db
    .deleteFrom('terms_versions')
    .where('id', '=', id)
    .where('published_at', 'is', null)
    .returning(termsVersionColumns)
    .executeTakeFirst();
}

/** Publishes a draft now, effective `effectiveDays` later; undefined when it is not a draft. */
export async function publishTermsDraft(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  effectiveDays: number,
) {
  return db
    .updateTable('terms_versions')
    .set({
      published_at: sql`now()`,
      effective_at: sql`now() + make_interval(days => ${effectiveDays})`,
    })
    .where('id', '=', id)
    .where('published_at', 'is', null)
    .returning(termsVersionColumns)
    .executeTakeFirst();
}
