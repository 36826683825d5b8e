import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import { findCurrentTermsVersion, hasAcceptedTermsVersion, insertTermsAcceptance } from './terms.repository';

export interface TermsStatus {
  /** False when a newer published version of the terms of use waits for the user's acceptance. */
  accepted: boolean;
  version: number | null;
  publishedAt: string | null;
  effectiveAt: string | null;
}

/**
 * Whether the user has accepted the newest published terms of use. With no published terms there is nothing
 * to accept, so `accepted` is true and the web shows no dialog.
 */
export async function getTermsStatus(db: Kysely<Database>, userId: string): Promise<TermsStatus> {
  const current = await findCurrentTermsVersion(db);
  if (!current) return { accepted: true, version: null, publishedAt: null, effectiveAt: null };
  return {
    accepted: await hasAcceptedTermsVersion(db, userId, current.id),
    version: current.version,
    publishedAt: current.published_at?.toISOString() ?? null,
    effectiveAt: current.effective_at?.toISOString() ?? null,
  };
}

/**
 * Records the user's acceptance of the newest published terms of use. 400 'TERMS_ALREADY_ACCEPTED' ('Terms
 * already accepted') when they already had; 404 when no terms are published.
 */
export async function acceptCurrentTerms(
  db: Kysely<Database>,
  userId: string,
): Promise<{ accepted: true; version: number }> {
  const current = await findCurrentTermsVersion(db);
  if (!current) throw new AppError('TERMS_NOT_FOUND');
  const inserted = await insertTermsAcceptance(db, userId, current.id);
  if (!inserted) throw new AppError('TERMS_ALREADY_ACCEPTED');
  return { accepted: true, version: current.version };
}

/**
 * Records acceptance of the newest published terms when the user ticks them at first setup; already accepted
 * or nothing published is fine (unlike {@link acceptCurrentTerms}, which answers the updated-terms dialog).
 */
export async function recordTermsAcceptance(db: Kysely<Database>, userId: string): Promise<void> {
  const current = await findCurrentTermsVersion(db);
  if (current) await insertTermsAcceptance(db, userId, current.id);
}
