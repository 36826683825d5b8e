import pg from 'pg';
import type { ServicesConfig } from './config';
import type { ServiceStatus } from './service-status';

function databaseName(url: string): string {
  const name = new URL(url).pathname.replace(/^\//, '');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsupported database name '${name}' in ${url}`);
  return name;
}

function maintenanceUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function checkPostgres(config: ServicesConfig): Promise<ServiceStatus> {
  const url = redact(config.DATABASE_URL);
  try {
    const version = await withClient(maintenanceUrl(config.DATABASE_URL), async (c) => {
      const r = await c.query<{ server_version: string }>('SHOW server_version');
      return r.rows[0]?.server_version.split(' ')[0];
    });
    return { name: 'postgres', up: true, url, version };
  } catch (error) {
    return { name: 'postgres', up: false, url, detail: (error as Error).message };
  }
}

/** Creates the app and test databases when they are missing; returns the names it created. */
export async function ensureDatabases(config: ServicesConfig): Promise<string[]> {
  const created: string[] = [];
  await withClient(maintenanceUrl(config.DATABASE_URL), async (c) => {
    for (const url of [config.DATABASE_URL, config.TEST_DATABASE_URL]) {
      const name = databaseName(url);
      const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        await c.query(`CREATE DATABASE "${name}"`);
        created.push(name);
      }
    }
  });
  return created;
}
