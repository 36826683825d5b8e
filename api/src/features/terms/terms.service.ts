import type { CurrentTerms, PendingTerms } from '@mp/api-contract/terms.schema';
import type { Locale } from '@mp/domain';
import type { Database, TermsKind } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';
import { AppError } from '../../errors';
import {
  findCurrentTermsVersion,
  findTermsVersionInForce,
  findCurrentTermsVersionsForUser,
  insertTermsAcceptance,
} from './terms.repository';

export interface TermsStatus {
  /** False when a newer published version of any kind waits for the user's acceptance. */
  accepted: boolean;
  /** The newest published terms of use. */
  version: number | null;
  publishedAt: string | null;
  effectiveAt: string | null;
  /** The kinds whose newest published version the user has not accepted: what the dialog names. */
  pending: PendingTerms[];
}

/**
 * Whether the user has accepted the newest published version of the terms of use, the privacy policy and the
 * cookie policy. A kind with nothing published has nothing to accept, so with nothing published at all
 * `accepted` is true and the web shows no dialog. A version the user never accepted is pending whether or not
 * they accepted an earlier one: a verified user from before it was published agreed to the text then in force
 * and must be asked. The web asks only verified users, though: an unverified user is in first setup, whose
 * consent box records every pending version (`acceptTerms`, {@link recordTermsAcceptance}).
 */
export async function getTermsStatus(db: Kysely<Database>, userId: string): Promise<TermsStatus> {
  const current = await findCurrentTermsVersionsForUser(db, userId);
  const terms = current.find((row) => row.kind === 'users');
  const pending = current
    .filter((row) => !row.accepted)
    .map((row) => ({
      kind: row.kind,
      version: row.version,
      publishedAt: row.published_at.toISOString(),
      effectiveAt: row.effective_at?.toISOString() ?? null,
    }));
  return {
    accepted: pending.length === 0,
    version: terms?.version ?? null,
    publishedAt: terms?.published_at.toISOString() ?? null,
    effectiveAt: terms?.effective_at?.toISOString() ?? null,
    pending,
  };
}

/**
 * Records the user's acceptance of every newest published version they had not accepted (what the
 * updated-terms dialog showed). 400 'TERMS_ALREADY_ACCEPTED' ('Terms already accepted') when nothing was
 * waiting; 404 when nothing is published.
 */
export async function acceptCurrentTerms(
  db: Kysely<Database>,
  userId: string,
): Promise<{ accepted: true; version: number | null; kinds: TermsKind[] }> {
  const current = await findCurrentTermsVersionsForUser(db, userId);
  if (current.length === 0) throw new AppError('TERMS_NOT_FOUND');
  const kinds: TermsKind[] = [];
  for (const row of current.filter((version) => !version.accepted)) {
    if (await insertTermsAcceptance(db, userId, row.id)) kinds.push(row.kind);
  }
  if (kinds.length === 0) throw new AppError('TERMS_ALREADY_ACCEPTED');
  return { accepted: true, version: current.find((row) => row.kind === 'users')?.version ?? null, kinds };
}

/**
 * Records acceptance of the newest published versions when the user ticks the terms at first setup; already
 * accepted or nothing published is fine (unlike {@link acceptCurrentTerms}, which answers the updated-terms
 * dialog).
 */
export async function recordTermsAcceptance(db: Kysely<Database>, userId: string): Promise<void> {
  for (const row of await findCurrentTermsVersionsForUser(db, userId)) {
    if (!row.accepted) await insertTermsAcceptance(db, userId, row.id);
  }
}

/**
 * The sign-up consent box (first setup's `acceptTerms`, e-mail registration): the terms of use, the privacy
 * policy and being 18 or older. Its time is recorded on the account once (`users.terms_consent_at`, the first
 * tick counts), also when no terms version is published, and every published version is recorded as accepted
 * ({@link recordTermsAcceptance}). The data export shows both.
 */
export async function recordSignupConsent(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ terms_consent_at: sql`coalesce(terms_consent_at, now())` })
    .where('id', '=', userId)
    .execute();
  await recordTermsAcceptance(db, userId);
}

/**
 * The newest published version of a kind in one language, for the public terms, privacy and cookie pages.
 * 404 'TERMS_NOT_PUBLISHED' when the kind has none (the web then shows its built-in text).
 */
export async function getCurrentTerms(
  db: Kysely<Database>,
  kind: TermsKind,
  language: Locale,
): Promise<CurrentTerms> {
  const row = await findCurrentTermsVersion(db, kind);
  if (!row?.published_at) throw new AppError('TERMS_NOT_PUBLISHED');
  // Posted but not yet in force: the version that applies until then, so it can still be read.
  const inForce =
    row.effective_at && row.effective_at.getTime() > Date.now()
      ? await findTermsVersionInForce(db, kind)
      : undefined;
  return {
    kind: row.kind,
    version: row.version,
    language,
    body: language === 'sv' ? row.body_sv : row.body_en,
    publishedAt: row.published_at.toISOString(),
    effectiveAt: row.effective_at?.toISOString() ?? null,
    previous: inForce?.published_at
      ? {
          version: inForce.version,
          body: language === 'sv' ? inForce.body_sv : inForce.body_en,
          publishedAt: inForce.published_at.toISOString(),
          effectiveAt: inForce.effective_at?.toISOString() ?? null,
        }
      : null,
  };
}
