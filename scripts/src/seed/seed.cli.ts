/** `npm run seed -- --consultants N [--seed S]`: realistic, deterministic consultants via the profile service. */
import { parseArgs } from 'node:util';
import { createDatabase } from '@mp/migrations/db';
import { loadServicesConfig } from '../services/config';
import { installDatabaseVocabularies } from '../vocabularies';
import { progressLine } from './progress';
import { seedConsultants } from './seed.service';

const { values } = parseArgs({
  options: { consultants: { type: 'string', default: '2000' }, seed: { type: 'string', default: '1' } },
});
const count = Number(values.consultants);
if (!Number.isInteger(count) || count < 0) {
  console.error('--consultants must be a whole number');
  process.exit(2);
}

const db = createDatabase(loadServicesConfig().DATABASE_URL, { maxConnections: 2 });
const started = Date.now();
const progress = progressLine();
try {
  await installDatabaseVocabularies(db);
  await seedConsultants(db, {
    count,
    seed: Number(values.seed),
    onProgress: ({ done, total }) => progress.update(`seed: ${done}/${total} consultants`),
  });
  progress.end();
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `seed: wrote ${count} consultants in ${seconds.toFixed(1)} s (${Math.round(count / seconds)}/s)`,
  );
} finally {
  await db.destroy();
}
