import { sql } from 'kysely';
import type { CreateTableBuilder, Kysely } from 'kysely';

// Shared by the migration files. Released migrations depend on these, so change what they produce only by
// adding a new helper, never by editing an existing one.

/** Adds `id uuid primary key default gen_random_uuid()` (built into PostgreSQL 13+, no extension needed). */
export function addUuidPrimaryKey<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'id'> {
  return table.addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`));
}

/** Adds `created_at` and `updated_at`, both `timestamptz not null default now()`. */
export function addTimestamps<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'created_at' | 'updated_at'> {
  return table
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`));
}

/**
 * Keeps `updated_at` current on every UPDATE of `table` through the `set_updated_at()` trigger function
 * created by the identity migration, so no code path can forget it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- called with the migrations' Kysely<any>
export async function addUpdatedAtTrigger(db: Kysely<any>, table: string): Promise<void> {
  await sql`
    CREATE TRIGGER ${sql.id(`${table}_set_updated_at`)}
    BEFORE UPDATE ON ${sql.table(table)}
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()
  `.execute(db);
}

/** Renders a list of strings as an SQL `IN (...)` list of literals, for CHECK constraints on fixed value sets. */
export function listLiterals(values: readonly string[]): ReturnType<typeof sql.join> {
  return sql.join(values.map((value) => sql.lit(value)));
}
