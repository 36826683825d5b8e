import { Migrator, NO_MIGRATIONS } from 'kysely';
import type { Kysely, MigrationInfo, MigrationProvider, MigrationResult, MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index';

/** Serves the explicitly imported migrations, so no filesystem scanning is needed at run time. */
class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return { ...migrations };
  }
}

/** Thrown when a migration step fails; carries every step's result and the underlying database error. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';

  constructor(
    message: string,
    readonly results: readonly MigrationResult[],
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

/** A kysely Migrator over this workspace's migrations (tables `kysely_migration` and `kysely_migration_lock`). */
export function createMigrator<DB>(db: Kysely<DB>): Migrator {
  // Helpers working in parallel each take a block of timestamps, so a merged migration may sort before one a
  // database already ran; it is then run as well instead of refusing the whole set.
  return new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true });
}

/** Runs every pending migration. Resolves with the steps run; throws {@link MigrationError} on failure. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<readonly MigrationResult[]> {
  return unwrapResultSet('migrate to latest', await createMigrator(db).migrateToLatest());
}

/** Reverts the most recently applied migration, if any. */
export async function migrateDownOne<DB>(db: Kysely<DB>): Promise<readonly MigrationResult[]> {
  return unwrapResultSet('migrate down', await createMigrator(db).migrateDown());
}

/** Reverts every applied migration, leaving only kysely's own bookkeeping tables. */
export async function migrateDownAll<DB>(db: Kysely<DB>): Promise<readonly MigrationResult[]> {
  return unwrapResultSet('migrate down all', await createMigrator(db).migrateTo(NO_MIGRATIONS));
}

/** Every known migration with `executedAt` set when it has been applied, sorted by name. */
export async function listMigrations<DB>(db: Kysely<DB>): Promise<readonly MigrationInfo[]> {
  return createMigrator(db).getMigrations();
}

function unwrapResultSet(
  action: string,
  { error, results = [] }: MigrationResultSet,
): readonly MigrationResult[] {
  if (error === undefined) return results;
  const failed = results.find((result) => result.status === 'Error');
  const where = failed ? ` in ${failed.migrationName} (${failed.direction.toLowerCase()})` : '';
  const reason = error instanceof Error ? error.message : String(error);
  throw new MigrationError(`Failed to ${action}${where}: ${reason}`, results, { cause: error });
}
