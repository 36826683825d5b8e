/**
 * `npm run seed:companies`: the demo company, its three accounts, projects and a contract in each status, then
 * its time reporting: assignments with months approved, returned, submitted and open, and bills in each status.
 */
import { createDatabase } from '@mp/migrations/db';
import { loadServicesConfig } from '../services/config';
import { DEMO_COMPANY, DEMO_COMPANY_USERS, DEMO_PASSWORD, seedDemoCompanies } from './demo-companies.service';
import { seedDemoTimeReporting } from './demo-time.service';

const db = createDatabase(loadServicesConfig().DATABASE_URL, { maxConnections: 2 });
try {
  const result = await seedDemoCompanies(db);
  console.log(`seed:companies: ${DEMO_COMPANY.businessName} ${result}`);
  console.log(`seed:companies: time reports and bills ${await seedDemoTimeReporting(db)}`);
  for (const user of DEMO_COMPANY_USERS)
    console.log(`  ${user.role.padEnd(6)} ${user.email} / ${DEMO_PASSWORD}`);
} finally {
  await db.destroy();
}
