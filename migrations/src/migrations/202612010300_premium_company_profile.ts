/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Spec section 1: the Premium tier "gives a consulting-company profile". The plans seeded in
// 202611231700_payments listed it only for Premium plus and Custom; the subscription page shows what the plan
// row says, so Premium gains it here, right after time reporting (the order the page lists).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    UPDATE plans
    SET features = array_append(features, 'companyProfile')
    WHERE code = 'premium' AND NOT ('companyProfile' = ANY (features))
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE plans SET features = array_remove(features, 'companyProfile') WHERE code = 'premium'`.execute(
    db,
  );
}
