import { POLICY_CHANGE_NOTICE_DAYS } from '@mp/domain';
import type { Database, TermsKind } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '@mp/api-contract/admin.schema';
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

/**
 * Runs one change to a terms version and audits it in the same transaction; null (and nothing audited) when
 * the change found nothing to change.
 */
async function changeAudited(
  db: Kysely<Database>,
  adminId: string,
  action: Extract<AuditAction, `admin.terms.${string}`>,
  change: (trx: Transaction<Database>) => Promise<VersionRow | null | undefined>,
) {
  return db.transaction().execute(async (trx) => {
    const row = await change(trx);
    if (!row) return null;
    await recordAuditEvent(trx, {
      actorUserId: adminId,
      action,
      subjectType: 'terms_version',
      subjectId: row.id,
      data: { kind: row.kind, version: row.version },
    });
    return row;
  });
}

export async function listTermsVersions(db: Kysely<Database>, kind?: TermsKind) {
  return { versions: (await findTermsVersions(db, kind)).map(toTermsVersion) };
}

/** A new draft of a kind's terms; 409 TERMS_DRAFT_EXISTS when the kind already has one (edit that instead). */
export async function createTermsDraft(
  db: Kysely<Database>,
  adminId: string,
  draft: { kind: TermsKind; bodySv: string; bodyEn: string },
) {
  const row = await changeAudited(db, adminId, 'admin.terms.draft', (trx) => insertTermsDraft(trx, draft));
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
  const row = await changeAudited(db, adminId, 'admin.terms.discard', (trx) => deleteTermsDraft(trx, id));
  if (!row) return explainMissingDraft(db, id);
  return toTermsVersion(row);
}

/**
 * Publishes a draft: published now, effective after the notice period (spec section 9). Every user who has
 * not accepted it gets the updated-terms dialog on their next navigation (GET /api/user reports
 * `terms.accepted: false`).
 */
export async function publishTermsVersion(db: Kysely<Database>, adminId: string, id: string) {
  const row = await changeAudited(db, adminId, 'admin.terms.publish', (trx) =>
    publishTermsDraft(trx, id, POLICY_CHANGE_NOTICE_DAYS),
  );
  if (!row) return explainMissingDraft(db, id);
  return toTermsVersion(row);
}
