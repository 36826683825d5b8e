// Usage: tsx migrations/src/cli.ts <latest|down|down-all|status> [--test]
// --test targets TEST_DATABASE_URL instead of DATABASE_URL. Prints one line per migration; exits 1 on failure.
import type { MigrationInfo, MigrationResult } from 'kysely';
import { config } from './config';
import { createDatabase } from './db';
import { listMigrations, migrateDownAll, migrateDownOne, migrateToLatest, MigrationError } from './migrator';

const commands = ['latest', 'down', 'down-all', 'status'] as const;
type Command = (typeof commands)[number];

function parseArguments(argv: readonly string[]): { command: Command; test: boolean } {
  const flags = argv.filter((arg) => arg.startsWith('--'));
  const positional = argv.filter((arg) => !arg.startsWith('--'));
  const unknownFlags = flags.filter((flag) => flag !== '--test');
  const command = positional[0];
  if (positional.length !== 1 || !commands.includes(command as Command) || unknownFlags.length > 0) {
    throw new UsageError(`usage: tsx migrations/src/cli.ts <${commands.join('|')}> [--test]`);
  }
  return { command: command as Command, test: flags.includes('--test') };
}

class UsageError extends Error {}

function printResults(results: readonly MigrationResult[], emptyMessage: string): void {
  if (results.length === 0) console.log(emptyMessage);
  for (const { migrationName, direction, status } of results) {
    const mark = status === 'Success' ? 'ok' : status === 'Error' ? 'FAILED' : 'skipped';
    console.log(`${direction === 'Up' ? 'up  ' : 'down'} ${migrationName} ${mark}`);
  }
}

function printStatus(migrations: readonly MigrationInfo[]): void {
  for (const { name, executedAt } of migrations) {
    console.log(`${name} ${executedAt ? `applied ${executedAt.toISOString()}` : 'pending'}`);
  }
}

/** Hides credentials when naming the database in output. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

async function runCommand(command: Command, url: string): Promise<void> {
  const db = createDatabase(url, { maxConnections: 1 });
  try {
    console.log(`database ${describeUrl(url)}`);
    switch (command) {
      case 'latest':
        return printResults(await migrateToLatest(db), 'already at latest');
      case 'down':
        return printResults(await migrateDownOne(db), 'nothing to revert');
      case 'down-all':
        return printResults(await migrateDownAll(db), 'nothing to revert');
      case 'status':
        return printStatus(await listMigrations(db));
    }
  } finally {
    await db.destroy();
  }
}

function explainFailure(error: unknown): string {
  if (error instanceof MigrationError && error.results.length > 0) {
    printResults(error.results, '');
  }
  const message = error instanceof Error ? error.message : String(error);
  // 3D000 invalid_catalog_name: the database itself is missing, which `npm run services` creates.
  const cause = error instanceof MigrationError ? error.cause : error;
  if ((cause as { code?: unknown } | null)?.code === '3D000') {
    return `${message} (run \`npm run services\` to create the databases)`;
  }
  return message;
}

try {
  const { command, test } = parseArguments(process.argv.slice(2));
  await runCommand(command, test ? config.TEST_DATABASE_URL : config.DATABASE_URL);
} catch (error) {
  console.error(error instanceof UsageError ? error.message : `migration failed: ${explainFailure(error)}`);
  process.exitCode = 1;
}
