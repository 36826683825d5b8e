/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import type { Kysely } from 'kysely';

// The weekly saved-search mail's unsubscribe link (RFC 8058 one-click, and the link in the mail): each mailing
// row keeps the SHA-256 of a random token that only its mail carries, as `email_tokens` keep theirs. The token
// names the saved search through its mailing, so a link keeps working for as long as the search exists, and a
// database leak opens no link.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('saved_search_mailings').addColumn('unsubscribe_token_hash', 'text').execute();
  await db.schema
    .createIndex('saved_search_mailings_unsubscribe_token_hash_key')
    .on('saved_search_mailings')
    .column('unsubscribe_token_hash')
    .unique()
    .where('unsubscribe_token_hash', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('saved_search_mailings_unsubscribe_token_hash_key').ifExists().execute();
  await db.schema.alterTable('saved_search_mailings').dropColumn('unsubscribe_token_hash').execute();
}
