import { touchProfiles } from '@mp/api/features/profiles/profile.service';
import { createDatabase } from '@mp/migrations/db';
import { profileSourceSchema } from '@mp/search-schema';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { findProfileSources } from './profile-source.repository';
import { TEST_DATABASE_URL } from '@mp/test-support/database';

const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 2 });

afterAll(async () => {
  await db.destroy();
});

async function storedSource(userId: string) {
  const { rows } = await sql<{ source: unknown; storedVersion: number | null; version: number }>`
    SELECT search_source AS source, search_source_version AS "storedVersion", version
    FROM profiles WHERE user_id = ${userId}::uuid`.execute(db);
  return rows[0]!;
}

describe('the search source the indexer reads', () => {
  it('is stored, valid and of the current version after every change through the profile service', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput({ locations: ['stockholm'] })]);
    const stored = await storedSource(consultant!.userId);
    expect(stored.storedVersion).toBe(stored.version);
    expect(profileSourceSchema.parse(stored.source)).toMatchObject({ version: stored.version });

    const [touched] = await touchProfiles(db, [consultant!.userId]);
    const [source] = await findProfileSources(db, [consultant!.userId]);
    expect(source).toEqual(profileSourceSchema.parse((await storedSource(consultant!.userId)).source));
    expect(source!.version).toBe(touched!.version);
    expect(source!.locations).toEqual(['stockholm']);
  });

  it('is computed afresh when the row changed without the service', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput({ locations: ['stockholm'] })]);
    await sql`UPDATE profiles SET version = version + 1, locations = '{goteborg}'
      WHERE user_id = ${consultant!.userId}::uuid`.execute(db);
    const [source] = await findProfileSources(db, [consultant!.userId]);
    expect(source!.version).toBe(consultant!.version + 1);
    expect(source!.locations).toEqual(['goteborg']);
  });

  it('fails the change, storing nothing, when the source breaks the schema', async () => {
    const [consultant] = await createConsultants(db, [buildProfileInput({ locations: ['stockholm'] })]);
    // A location id no list has: only a bug could store one. The next change must surface it, not index it.
    await sql`UPDATE profiles SET locations = '{atlantis}' WHERE user_id = ${consultant!.userId}::uuid`.execute(
      db,
    );
    await expect(touchProfiles(db, [consultant!.userId])).rejects.toMatchObject({
      name: 'ZodError',
      message: expect.stringContaining('locations'),
    });
    const stored = await storedSource(consultant!.userId);
    expect(stored.version).toBe(consultant!.version);
    expect(stored.storedVersion).toBe(consultant!.version);
    const outbox = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('aggregate_id', '=', consultant!.userId)
      .executeTakeFirstOrThrow();
    expect(Number(outbox.n)).toBe(1);
  });
});
