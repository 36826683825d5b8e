/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import type { Kysely } from 'kysely';

// The profile service now also stores each profile's search document, built when the profile is written, as
// JSON text the indexer sends to Elasticsearch as it is (search-schema's stored-document.ts). `text`, not
// `json`: nothing reads inside it, and Postgres hands text out without a second look. The key records what
// built it (mapping version, builder, vocabulary revision); a document whose key is not the indexer's own, or
// whose source is not the profile's current version, is built afresh from the source. Existing rows have none
// and are built by the indexer, as before, until their profile is next written. A migration that rewrites
// `search_source` in place must set both columns to NULL for those rows.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('search_document', 'text')
    .addColumn('search_document_key', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .dropColumn('search_document')
    .dropColumn('search_document_key')
    .execute();
}
