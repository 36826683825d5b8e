/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql, type Kysely } from 'kysely';

// Less work for every profile write and every heavy index load, on the cores Elasticsearch needs (issue 20):
// - `outbox_sent_at_idx` served the pruning of sent rows, which goes by acknowledgement since
//   `202611231300_outbox_acknowledgement` (`outbox_acked_at_idx`); no query reads it, yet every claim and every
//   acknowledgement of an outbox row wrote an entry to it.
// - The stored search source and document of a profile (a few KB of JSON text each) are compressed with lz4
//   instead of pglz: faster to write and to read back, slightly larger. Values already stored keep pglz until
//   their profile is next written. A server built without lz4 keeps pglz.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_sent_at_idx').ifExists().execute();
  await sql`
    DO $$
    BEGIN
      ALTER TABLE profiles ALTER COLUMN search_source SET COMPRESSION lz4,
                           ALTER COLUMN search_document SET COMPRESSION lz4;
    EXCEPTION WHEN feature_not_supported THEN
      RAISE NOTICE 'this server has no lz4: the stored search sources and documents stay with pglz';
    END $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE profiles ALTER COLUMN search_source SET COMPRESSION default,
                                 ALTER COLUMN search_document SET COMPRESSION default`.execute(db);
  await db.schema
    .createIndex('outbox_sent_at_idx')
    .on('outbox')
    .column('sent_at')
    .where('sent_at', 'is not', null)
    .execute();
}
