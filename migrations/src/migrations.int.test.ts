import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations/index';
import { migrateDownAll, migrateToLatest } from './migrator';
import { createScratchDatabase } from './scratch-database';
import type { ScratchDatabase } from './scratch-database';

let scratch: ScratchDatabase;

beforeAll(async () => {
  scratch = await createScratchDatabase('marketplace_migrations');
});

afterAll(async () => {
  await scratch?.drop();
});

async function listPublicTables(): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name
  `.execute(scratch.db);
  return rows.map((row) => row.table_name);
}

/** The name of the constraint a statement violated, or the error itself when it is not a pg error. */
async function violatedConstraint(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error, 'statement should have been rejected').toBeDefined();
  return (error as { constraint?: string }).constraint ?? String(error);
}

async function insertUser(email: string) {
  return scratch.db
    .insertInto('users')
    .values({ email, first_name: 'Anna', last_name: 'Lind' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

describe('migrations', () => {
  it('runs every migration up', async () => {
    const results = await migrateToLatest(scratch.db);
    expect(results.map((result) => [result.migrationName, result.direction, result.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Up', 'Success']),
    );
    expect(await listPublicTables()).toEqual(
      expect.arrayContaining(['users', 'profiles', 'saved_search_mailings', 'outbox', 'audit_log']),
    );
  });

  it('stores a user and a profile, reading bigint and numeric as numbers and date as a string', async () => {
    const user = await insertUser('Anna.Lind@Example.se');
    expect(user.created_at).toBeInstanceOf(Date);
    expect(user.settings).toEqual({});
    expect(user.locale).toBe('sv');

    const profile = await scratch.db
      .insertInto('profiles')
      .values({
        user_id: user.id,
        availability_kind: 'available_at',
        available_at: '2026-12-01',
        disc_type: 'analyser',
        locations: ['stockholm', 'remote'],
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(profile.version).toBe(1);
    expect(profile.available_at).toBe('2026-12-01');
    expect(profile.locations).toEqual(['stockholm', 'remote']);

    const skill = await scratch.db
      .insertInto('profile_skills')
      .values({
        profile_id: profile.id,
        skill_id: 'typescript',
        name: 'TypeScript',
        years_of_experience: 3.5,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(skill.years_of_experience).toBe(3.5);

    // citext: the address matches whatever its case.
    const found = await scratch.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'anna.lind@example.se')
      .executeTakeFirst();
    expect(found?.id).toBe(user.id);
  });

  it('rejects a second account with the same e-mail in another case', async () => {
    await insertUser('dup@example.se');
    expect(await violatedConstraint(insertUser('DUP@example.se'))).toBe('users_email_key');
  });

  it('rejects an unknown availability kind and an available_at kind without a date', async () => {
    const user = await insertUser('availability@example.se');
    expect(
      await violatedConstraint(
        scratch.db
          .insertInto('profiles')
          .values({ user_id: user.id, availability_kind: 'sometimes' as never })
          .execute(),
      ),
    ).toBe('profiles_availability_kind_check');
    expect(
      await violatedConstraint(
        scratch.db
          .insertInto('profiles')
          .values({ user_id: user.id, availability_kind: 'available_at' })
          .execute(),
      ),
    ).toBe('profiles_available_at_check');
  });

  it('keeps updated_at current on update unless the statement sets it', async () => {
    const user = await insertUser('updated@example.se');
    const past = new Date('2020-01-01T00:00:00Z');
    const explicit = await scratch.db
      .updateTable('users')
      .set({ updated_at: past })
      .where('id', '=', user.id)
      .returning('updated_at')
      .executeTakeFirstOrThrow();
    expect(explicit.updated_at).toEqual(past);
    const touched = await scratch.db
      .updateTable('users')
      .set({ phone: '0701234567' })
      .where('id', '=', user.id)
      .returning('updated_at')
      .executeTakeFirstOrThrow();
    expect(touched.updated_at.getTime()).toBeGreaterThan(past.getTime());
  });

  it('allows one saved-search mailing per week', async () => {
    const user = await insertUser('weekly@example.se');
    const search = await scratch.db
      .insertInto('saved_searches')
      .values({
        user_id: user.id,
        name: 'Java in Göteborg',
        criteria: { skills: ['java'] },
        send_email: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mailing = { saved_search_id: search.id, period: '2026-W47', match_ids: ['a', 'b'] };
    await scratch.db.insertInto('saved_search_mailings').values(mailing).execute();
    expect(
      await violatedConstraint(scratch.db.insertInto('saved_search_mailings').values(mailing).execute()),
    ).toBe('saved_search_mailings_search_period_key');
    // The weekly job's way: a losing insert returns no row, so that run sends nothing.
    const again = await scratch.db
      .insertInto('saved_search_mailings')
      .values(mailing)
      .onConflict((conflict) => conflict.columns(['saved_search_id', 'period']).doNothing())
      .returning('id')
      .executeTakeFirst();
    expect(again).toBeUndefined();
    expect(
      await violatedConstraint(
        scratch.db
          .insertInto('saved_search_mailings')
          .values({ ...mailing, period: '2026-47' })
          .execute(),
      ),
    ).toBe('saved_search_mailings_period_check');
  });

  it('caps reported hours at 24 per day', async () => {
    const user = await insertUser('hours@example.se');
    const report = { user_id: user.id, work_date: '2026-11-20', hours: 20, overtime_hours: 5 };
    expect(await violatedConstraint(scratch.db.insertInto('time_reports').values(report).execute())).toBe(
      'time_reports_overtime_hours_check',
    );
    await scratch.db
      .insertInto('time_reports')
      .values({ ...report, overtime_hours: 4 })
      .execute();
  });

  it('numbers outbox rows with numeric ids in commit order', async () => {
    const rows = await scratch.db
      .insertInto('outbox')
      .values([
        {
          aggregate_type: 'profile',
          aggregate_id: 'p1',
          event_type: 'profile.changed',
          payload: { version: 2 },
        },
        {
          aggregate_type: 'profile',
          aggregate_id: 'p1',
          event_type: 'profile.changed',
          payload: { version: 3 },
        },
      ])
      .returning(['id', 'attempts', 'payload'])
      .execute();
    expect(typeof rows[0]?.id).toBe('number');
    expect(rows[1]!.id).toBeGreaterThan(rows[0]!.id);
    expect(rows[1]).toMatchObject({ attempts: 0, payload: { version: 3 } });
  });

  it('stores search sources and documents with lz4 where the server has it, and no index on outbox.sent_at alone', async () => {
    // A server built without lz4 refuses the method; the migration then leaves pglz.
    const lz4 = await sql`CREATE TEMP TABLE lz4_probe (value text COMPRESSION lz4)`.execute(scratch.db).then(
      () => true,
      (error: { code?: string }) => {
        if (error.code !== '0A000') throw error;
        return false;
      },
    );
    const { rows: columns } = await sql<{ attname: string; attcompression: string }>`
      SELECT attname, attcompression FROM pg_attribute
      WHERE attrelid = 'profiles'::regclass AND attname IN ('search_source', 'search_document')
      ORDER BY attname`.execute(scratch.db);
    expect(columns).toEqual([
      { attname: 'search_document', attcompression: lz4 ? 'l' : '' },
      { attname: 'search_source', attcompression: lz4 ? 'l' : '' },
    ]);

    const user = await insertUser('compression@example.se');
    // Large enough to be compressed (over ~2 KB), as a real profile's document is.
    const document = JSON.stringify({
      bodyText: 'Systemutvecklare med lång erfarenhet av Java. '.repeat(200),
    });
    const profile = await scratch.db
      .insertInto('profiles')
      .values({ user_id: user.id, search_document: document })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ method: string | null; text: string }>`
      SELECT pg_column_compression(search_document) AS method, search_document AS text
      FROM profiles WHERE id = ${profile.id}`.execute(scratch.db);
    expect(rows[0]).toEqual({ method: lz4 ? 'lz4' : 'pglz', text: document });

    const { rows: indexes } = await sql<{ indexname: string }>`
      SELECT indexname FROM pg_indexes WHERE tablename = 'outbox' ORDER BY indexname`.execute(scratch.db);
    expect(indexes.map((index) => index.indexname)).not.toContain('outbox_sent_at_idx');
    expect(indexes.map((index) => index.indexname)).toEqual(
      expect.arrayContaining(['outbox_unsent_idx', 'outbox_unacked_idx', 'outbox_acked_at_idx']),
    );
  });

  it('removes a deleted user’s profile but not their bookkeeping rows', async () => {
    const user = await insertUser('cascade@example.se');
    await scratch.db.insertInto('profiles').values({ user_id: user.id }).execute();
    await scratch.db.deleteFrom('users').where('id', '=', user.id).execute();
    const profiles = await scratch.db
      .selectFrom('profiles')
      .where('user_id', '=', user.id)
      .selectAll()
      .execute();
    expect(profiles).toEqual([]);

    const accountant = await insertUser('accountant@example.se');
    await scratch.db
      .insertInto('time_reports')
      .values({ user_id: accountant.id, work_date: '2026-11-20', hours: 8 })
      .execute();
    expect(
      await violatedConstraint(scratch.db.deleteFrom('users').where('id', '=', accountant.id).execute()),
    ).toBe('time_reports_user_id_fkey');
  });

  it('runs every migration down, leaving only kysely’s own tables', async () => {
    const results = await migrateDownAll(scratch.db);
    expect(results.map((result) => [result.migrationName, result.direction, result.status])).toEqual(
      Object.keys(migrations)
        .reverse()
        .map((name) => [name, 'Down', 'Success']),
    );
    expect(await listPublicTables()).toEqual(['kysely_migration', 'kysely_migration_lock']);
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM pg_proc WHERE proname = 'set_updated_at'
    `.execute(scratch.db);
    expect(rows[0]?.count).toBe(0);
  });

  it('runs every migration up again', async () => {
    const results = await migrateToLatest(scratch.db);
    expect(results).toHaveLength(Object.keys(migrations).length);
    expect(results.every((result) => result.status === 'Success')).toBe(true);
  });
});
