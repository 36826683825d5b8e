import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { OfferInput } from '@mp/api-contract/offers.schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Active and within its validity today (Swedish calendar day). */
const isCurrent = sql<boolean>`active
  and (valid_from is null or valid_from <= (now() at time zone 'Europe/Stockholm')::date)
  and (valid_until is null or valid_until >= (now() at time zone 'Europe/Stockholm')::date)`;

const columns = (input: OfferInput) => ({
  partner: input.partner,
  title_sv: input.titleSv,
  title_en: input.titleEn,
  body_sv: input.bodySv,
  body_en: input.bodyEn,
  url: input.url ?? null,
  logo_url: input.logoUrl ?? null,
  valid_from: input.validFrom ?? null,
  valid_until: input.validUntil ?? null,
  active: input.active,
  sort_order: input.sortOrder,
});

export async function findCurrentOffers(db: Kysely<Database>) {
  return db
    .selectFrom('offers')
    .selectAll()
    .where(isCurrent)
    .orderBy('sort_order')
    .orderBy('created_at', 'desc')
    .execute();
}

export async function findAllOffers(db: Kysely<Database>) {
  return db
    .selectFrom('offers')
    .selectAll()
    .select(isCurrent.as('current'))
    .orderBy('sort_order')
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertOffer(db: Db, input: OfferInput): Promise<string> {
  const row = await db.insertInto('offers').values(columns(input)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOffer(db: Db, id: string, input: OfferInput): Promise<boolean> {
  const result = await db.updateTable('offers').set(columns(input)).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteOffer(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('offers').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
