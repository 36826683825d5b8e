/** `npm run demo:accounts`: the ready demo accounts of the README's "Demo accounts" (development only). */
import { loadConfig } from '@mp/api/config';
import { createDatabase } from '@mp/migrations/db';
import { loadServicesConfig } from '../services/config';
import { installDatabaseVocabularies } from '../vocabularies';
import { assertDemoEnvironment, createDemoAccounts, DEMO_ACCOUNTS, type DemoDeps } from './demo-accounts';

try {
  assertDemoEnvironment(process.env);
} catch (error) {
  console.error(`demo: ${(error as Error).message}`);
  process.exit(2);
}

// Development only (checked above): an unset NODE_ENV means development here, not the API's production default,
// which refuses the development secrets.
const apiConfig = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' });
const db = createDatabase(loadServicesConfig().DATABASE_URL, { maxConnections: 2 });
try {
  await installDatabaseVocabularies(db);
  await createDemoAccounts({
    db,
    pictures: { API_BASE_URL: apiConfig.API_BASE_URL },
    // Only warnings (a replaced picture that could not be deleted) are logged.
    log: console as unknown as DemoDeps['log'],
  });
  console.log('demo: accounts ready (log in with e-mail and password)');
  console.table(DEMO_ACCOUNTS.map(({ description, email, password }) => ({ description, email, password })));
} finally {
  await db.destroy();
}
