import type { Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import type { AuditAction } from '@mp/api-contract/admin.schema';
import { recordAuditEvent } from '../../lib/audit';
import { deleteOffer, findAllOffers, findCurrentOffers, insertOffer, updateOffer } from './offers.repository';
import type { OfferInput } from '@mp/api-contract/offers.schema';

const offerNotFound = () => new AppError('OFFER_NOT_FOUND');

/** GET /api/offers: the partner deals shown today, in the request's language. */
export async function listCurrentOffers(db: Kysely<Database>, locale: Locale) {
  const rows = await findCurrentOffers(db);
  return {
    offers: rows.map((row) => ({
      id: row.id,
      partner: row.partner,
      title: locale === 'sv' ? row.title_sv : row.title_en,
      text: locale === 'sv' ? row.body_sv : row.body_en,
      url: row.url,
      logoUrl: row.logo_url,
      validFrom: row.valid_from,
      validUntil: row.valid_until,
    })),
  };
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

export async function createOffer(db: Kysely<Database>, adminId: string, input: OfferInput) {
  const id = await insertOffer(db, input);
  await audit(db, adminId, 'admin.offer.create', id);
  return listAllOffers(db);
}

export async function changeOffer(db: Kysely<Database>, adminId: string, id: string, input: OfferInput) {
  if (!(await updateOffer(db, id, input))) throw offerNotFound();
  await audit(db, adminId, 'admin.offer.update', id);
  return listAllOffers(db);
}

export async function removeOffer(db: Kysely<Database>, adminId: string, id: string) {
  if (!(await deleteOffer(db, id))) throw offerNotFound();
  await audit(db, adminId, 'admin.offer.delete', id);
  return listAllOffers(db);
}
