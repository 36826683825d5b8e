// Transaction-scoped advisory locks that more than one process takes (the API and the indexer's jobs), kept in
// one place so both sides lock the same key.
import { sql, type Transaction } from 'kysely';
import type { Database } from './database';

/**
 * Held by an offer's save from its logo's check to the offer's write (api/src/features/offers/offers.service.ts)
 * and by the retention job's sweep of unused offer logos (indexer/src/jobs/retention.repository.ts), so the sweep
 * never deletes a logo a save has just checked and is about to reference.
 */
export async function lockOfferLogos(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('offers.logo_url', 0))`.execute(trx);
}
