/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// `profiles.search_source` is only ever written whole and read whole by the indexer, never queried inside: as
// `json` (the text as written) Postgres hands it out as it is, where `jsonb` must be printed back to text for
// every row the indexer reads (about half of Postgres' work per indexed profile). Its version moves to its own
// column, so telling a current source from a stale one no longer opens the document. Sources already stored are
// kept as current: the same function wrote them and the indexer parsed each one when it indexed it; from now on
// the profile service validates every source it stores (`refreshSearchSources`).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('search_source_version', 'bigint').execute();
  await sql`UPDATE profiles SET search_source_version = (search_source ->> 'version')::bigint
    WHERE search_source IS NOT NULL`.execute(db);
  await sql`ALTER TABLE profiles ALTER COLUMN search_source TYPE json USING search_source::json`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE profiles ALTER COLUMN search_source TYPE jsonb USING search_source::jsonb`.execute(
    db,
  );
  await db.schema.alterTable('profiles').dropColumn('search_source_version').execute();
}
