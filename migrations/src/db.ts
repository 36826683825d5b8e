import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const DATE_OID = 1082;

// Parsers for this pool only (no global pg.types mutation, so other pg users in the process are unaffected):
// - int8 -> number: ids, versions, counters and öre amounts stay far below 2^53 (9e15 öre is 90 trillion SEK).
// - numeric -> number: hours, years of experience, quantities and VAT rates are small decimals.
// - date -> the 'YYYY-MM-DD' string as is: pg would build a Date at local midnight, which shifts by time zone.
const parseWithNumbers: pg.CustomTypesConfig['getTypeParser'] = ((
  oid: number,
  format?: 'text' | 'binary',
) => {
  if (format !== 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    if (oid === DATE_OID) return (value: string) => value;
  }
  return pg.types.getTypeParser(oid, format);
}) as pg.CustomTypesConfig['getTypeParser'];

/** Pool settings a caller may tune (e.g. a smaller pool for CLIs, a larger one for the API). */
export interface DatabaseOptions {
  /** Maximum open connections; defaults to pg's 10. */
  readonly maxConnections?: number;
  /** Called when an idle pooled connection fails (e.g. Postgres restarted); defaults to a console line. */
  readonly onIdleClientError?: (error: Error) => void;
}

/**
 * A typed kysely instance over a new pg Pool for `url`. Column values come back as {@link Database} says:
 * bigint and numeric as numbers, date as 'YYYY-MM-DD' strings, timestamptz as Date, jsonb parsed.
 * Call `destroy()` to close the pool.
 */
export function createDatabase(url: string, options: DatabaseOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections,
    types: { getTypeParser: parseWithNumbers },
    // JIT compilation pays off only for long analytical queries; on our short, correlated aggregation queries
    // (the indexer's profile loader) it added ~200 ms of compile time per call when statistics were stale.
    options: '-c jit=off',
  });
  // Without a listener an idle connection's error would crash the process; the pool drops that client and
  // the next query opens a fresh one.
  pool.on('error', options.onIdleClientError ?? reportIdleClientError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

function reportIdleClientError(error: Error): void {
  console.error(`postgres pool: idle connection failed: ${error.message}`);
}
