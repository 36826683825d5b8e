import { POLICY_CHANGE_NOTICE_DAYS } from '@mp/domain';
import type { Database, TermsKind } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import {
  deleteTermsDraft,
  findTermsVersionById,
  findTermsVersions,
  insertTermsDraft,
  publishTermsDraft,
  updateTermsDraft,
} from './terms.repository';

type VersionRow = NonNullable<Awaited<ReturnType<typeof findTermsVersionById>>>;

export const termsVersionNotFound = () => new AppError('TERMS_VERSION_NOT_FOUND');
const alreadyPublished = () => new AppError('TERMS_VERSION_PUBLISHED');
const draftExists = () => new AppError('TERMS_DRAFT_EXISTS');

const toTermsVersion = (row: VersionRow & { acceptances?: number | null }) => ({
  id: row.id,
  kind: row.kind,
  version: row.version,
  status: row.published_at ? ('published' as const) : ('draft' as const),
  publishedAt: row.published_at?.toISOString() ?? null,
  effectiveAt: row.effective_at?.toISOString() ?? null,
  bodySv: row.body_sv,
  bodyEn: row.body_en,
  acceptances: row.acceptances ?? 0,
  updatedAt: row.updated_at.toISOString(),
});

export async function listTermsVersions(db: Kysely<Database>, kind?: TermsKind) {
  return { versions: (await findTermsVersions(db, kind)).map(toTermsVersion) };
}

/** A new draft of a kind's terms; 409 TERMS_DRAFT_EXISTS when the kind already has one (edit that instead). */
export async function createTermsDraft(
  db: Kysely<Database>,
  adminId: string,
  draft: { kind: TermsKind; bodySv: string; bodyEn: string },
) {
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertTermsDraft(trx, draft);
    if (!inserted) return null;
    await recordAuditEvent(trx, {
      actorUserId: adminId,
      action: 'admin.terms.draft',
      subjectType: 'terms_version',
      subjectId: inserted.id,
      data: { kind: inserted.kind, version: inserted.version },
    });
    return inserted;
  });
  if (!row) throw draftExists();
  return toTermsVersion(row);
}

async function explainMissingDraft(db: Kysely<Database>, id: string): Promise<never> {
  throw (await findTermsVersionById(db, id)) ? alreadyPublished() : termsVersionNotFound();
}

/** Changes a draft's texts; a published version is never changed (409 TERMS_VERSION_PUBLISHED). */
export async function editTermsDraft(
  db: Kysely<Database>,
  id: string,
  texts: { bodySv: string; bodyEn: string },
) {
  const row = await updateTermsDraft(db, id, texts);
  if (!row) return explainMissingDraft(db, id);
  return toTermsVersion(row);
}

/**
 * Discards a draft (the version number is free again); a published version is never deleted
 * (409 TERMS_VERSION_PUBLISHED). Answers with the draft as it was.
 */
export async function discardTermsDraft(db: Kysely<Database>, adminId: string, id: string) {
  const row = await db.transaction().execute(async (trx) => {
    const deleted = await deleteTermsDraft(trx, id);
    if (!deleted) return null;
    await recordAuditEvent(trx, {
      actorUserId: adminId,
      action: 'admin.terms.discard',
      subjectType: 'terms_version',
      subjectId: deleted.id,
      data: { kind: deleted.kind, version: deleted.version },
    });
    return deleted;
  });
  if (!row) return explainMissingDraft(db, id);
  return toTermsVersion(row);
}

/**
 * Publishes a draft: published now, effective after the notice period (spec section 9). Every user who has
 * not accepted it gets the updated-terms dialog on their next navigation (GET /api/user reports
 * `terms.accepted: false`).
 */
export async function publishTermsVersion(db: Kysely<Database>, adminId: string, id: string) {
  const row = await db.transaction().execute(async (trx) => {
    const published = await publishTermsDraft(trx, id, POLICY_CHANGE_NOTICE_DAYS);
    if (!published) return null;
    await recordAuditEvent(trx, {
      actorUserId: adminId,
      action: 'admin.terms.publish',
      subjectType: 'terms_version',
      subjectId: published.id,
      data: { kind: published.kind, version: published.version },
    });
    return published;
  });
  if (!row) return explainMissingDraft(db, id);
  return toTermsVersion(row);
}
