/**
 * The signing simulator as a background service, started by `npm run services` (scripts/src/services/signing.ts)
 * on SIGNING_SIMULATOR_PORT. Its API key and webhook secret are the API's development defaults unless
 * SIGNING_API_KEY / SIGNING_WEBHOOK_SECRET say otherwise (set the same values for the API).
 */
import { DEVELOPMENT_SECRETS } from '@mp/api/config';
import { z } from 'zod';
import { loadServicesConfig } from '../services/config';
import { startSigningSimulator } from './simulator';

const config = loadServicesConfig();
const env = z
  .object({
    SIGNING_API_KEY: z.string().min(16).default(DEVELOPMENT_SECRETS.SIGNING_API_KEY),
    SIGNING_WEBHOOK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.SIGNING_WEBHOOK_SECRET),
  })
  .parse(process.env);

const simulator = await startSigningSimulator({
  port: config.SIGNING_SIMULATOR_PORT,
  apiKey: env.SIGNING_API_KEY,
  webhookSecret: env.SIGNING_WEBHOOK_SECRET,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
console.log(`signing simulator: API ${simulator.apiUrl}, control ${simulator.url}/sim`);

function shutdown() {
  simulator.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
