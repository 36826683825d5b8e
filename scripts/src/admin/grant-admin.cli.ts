/** `npm run admin:grant -- <email> [--revoke]`: makes an account an admin (or takes it back). */
import { parseArgs } from 'node:util';
import { createDatabase } from '@mp/migrations/db';
import { loadServicesConfig } from '../services/config';
import { setAdmin } from './grant-admin.service';

const { values, positionals } = parseArgs({
  options: { revoke: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const email = positionals[0];
if (!email || positionals.length > 1) {
  console.error('usage: npm run admin:grant -- <email> [--revoke]');
  process.exit(2);
}

const db = createDatabase(loadServicesConfig().DATABASE_URL, { maxConnections: 1 });
try {
  const outcome = await setAdmin(db, email, !values.revoke);
  const messages = {
    granted: `${email} is now an admin`,
    revoked: `${email} is no longer an admin`,
    unchanged: `${email} already was${values.revoke ? ' not' : ''} an admin`,
    'not-found': `no live account has the e-mail address ${email}`,
  } as const;
  console.log(`admin:grant: ${messages[outcome]}`);
  process.exitCode = outcome === 'not-found' ? 1 : 0;
} finally {
  await db.destroy();
}
