import type { Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { lockOfferLogos } from '@mp/migrations/locks';
import { AppError, validationError } from '../../errors';
import type { AuditAction } from '@mp/api-contract/admin.schema';
import { recordAuditEvent } from '../../lib/audit';
import { deleteOffer, findAllOffers, findCurrentOffers, insertOffer, updateOffer } from './offers.repository';
import type { OfferInput } from '@mp/api-contract/offers.schema';
import {
  offerLogoExists,
  offerLogoKeyOf,
  offerLogoUrlOf,
  processOfferLogo,
  storeOfferLogo,
} from './offer-logos';

export interface OfferDeps {
  db: Kysely<Database>;
  /** Where the API is reached from the browser: our logos' addresses start with it. */
  apiBaseUrl: string;
}

const offerNotFound = () => new AppError('OFFER_NOT_FOUND');

/** GET /api/offers: the partner deals shown today, in the request's language. */
export async function listCurrentOffers({ db, apiBaseUrl }: OfferDeps, locale: Locale) {
  const rows = await findCurrentOffers(db);
  return {
    offers: rows.map((row) => ({
      id: row.id,
      partner: row.partner,
      title: locale === 'sv' ? row.title_sv : row.title_en,
      text: locale === 'sv' ? row.body_sv : row.body_en,
      url: row.url,
      // A logo address elsewhere (saved before logos were uploaded) is blocked by the CSP: no broken image.
      logoUrl: row.logo_url && offerLogoKeyOf(apiBaseUrl, row.logo_url) ? row.logo_url : null,
      validFrom: row.valid_from,
      validUntil: row.valid_until,
    })),
  };
}

/**
 * POST /admin/offers/logo: an uploaded logo (JPEG, PNG or WebP, at most 10 MB), stored by us so the offers page
 * can show it under the app's Content-Security-Policy; answers the address to save with the offer.
 */
export async function uploadOfferLogo({ db, apiBaseUrl }: OfferDeps, bytes: Buffer) {
  const key = await storeOfferLogo(db, await processOfferLogo(bytes));
  return { logoUrl: offerLogoUrlOf(apiBaseUrl, key) };
}

/** An offer's logo must be one uploaded here: the CSP (img-src 'self') blocks any other address. */
async function checkLogo(
  { apiBaseUrl }: OfferDeps,
  db: Transaction<Database>,
  input: OfferInput,
  locale: Locale,
) {
  if (!input.logoUrl) return;
  await lockOfferLogos(db);
  const key = offerLogoKeyOf(apiBaseUrl, input.logoUrl);
  if (!key || !(await offerLogoExists(db, key))) {
    throw validationError(
      [{ path: ['logoUrl'], message: 'validation.offerLogoUpload', code: 'custom' }],
      locale,
    );
  }
}

/** The admin's list: every offer in both languages, with whether it is shown today. */
export async function listAllOffers(db: Kysely<Database>) {
  const rows = await findAllOffers(db);
  return {
    offers: rows.map((row) => ({
      id: row.id,
      partner: row.partner,
      titleSv: row.title_sv,
      titleEn: row.title_en,
      bodySv: row.body_sv,
      bodyEn: row.body_en,
      url: row.url,
      logoUrl: row.logo_url,
      validFrom: row.valid_from,
      validUntil: row.valid_until,
      active: row.active,
      sortOrder: row.sort_order,
      current: row.current,
    })),
  };
}

async function audit(db: Kysely<Database>, adminId: string, action: AuditAction, id: string) {
  await recordAuditEvent(db, { actorUserId: adminId, action, subjectType: 'offer', subjectId: id });
}

export async function createOffer(deps: OfferDeps, adminId: string, input: OfferInput, locale: Locale) {
  const { db } = deps;
  const id = await db.transaction().execute(async (trx) => {
    await checkLogo(deps, trx, input, locale);
    return insertOffer(trx, input);
  });
  await audit(db, adminId, 'admin.offer.create', id);
  return listAllOffers(db);
}

export async function changeOffer(
  deps: OfferDeps,
  adminId: string,
  id: string,
  input: OfferInput,
  locale: Locale,
) {
  const { db } = deps;
  const updated = await db.transaction().execute(async (trx) => {
    await checkLogo(deps, trx, input, locale);
    return updateOffer(trx, id, input);
  });
  if (!updated) throw offerNotFound();
  await audit(db, adminId, 'admin.offer.update', id);
  return listAllOffers(db);
}

export async function removeOffer(db: Kysely<Database>, adminId: string, id: string) {
  if (!(await deleteOffer(db, id))) throw offerNotFound();
  await audit(db, adminId, 'admin.offer.delete', id);
  return listAllOffers(db);
}
