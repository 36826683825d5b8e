import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { config } from './config';
import type { Database } from './database';
import { createDatabase } from './db';

/** A throw-away database on the test server, for tests that must own the whole schema. */
export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  readonly db: Kysely<Database>;
  /** Closes the pool and drops the database, even if sessions are still connected. */
  drop(): Promise<void>;
}

/**
 * Creates an empty database named `<prefix>_<random>` on the server of TEST_DATABASE_URL (through its
 * `postgres` maintenance database) and opens a pool on it.
 */
export async function createScratchDatabase(prefix = 'marketplace_scratch'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = withDatabaseName(config.TEST_DATABASE_URL, name);
  await runAdminStatement(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  const db = createDatabase(url, { maxConnections: 4 });
  return {
    name,
    url,
    db,
    async drop() {
      await db.destroy();
      await runAdminStatement(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    },
  };
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function runAdminStatement(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabaseName(config.TEST_DATABASE_URL, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
