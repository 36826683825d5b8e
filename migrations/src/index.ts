export { config } from './config';
export type { MigrationsConfig } from './config';
export { createDatabase } from './db';
export type { DatabaseOptions } from './db';
export {
  createMigrator,
  listMigrations,
  migrateDownAll,
  migrateDownOne,
  migrateToLatest,
  MigrationError,
} from './migrator';
export { migrations } from './migrations/index';
export type * from './database';
