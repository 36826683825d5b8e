/**
 * The card-payment simulator as a background service, started by `npm run services`
 * (scripts/src/services/card-payments.ts) on CARD_SIMULATOR_PORT. Its keys match the API's development
 * defaults (CARD_PROVIDER_SECRET_KEY, CARD_WEBHOOK_SECRET); override both sides together.
 */
import { z } from 'zod';
import { loadServicesConfig } from '../services/config';
import { startCardSimulator } from './simulator';

const config = loadServicesConfig();
const keys = z
  .object({
    CARD_PROVIDER_SECRET_KEY: z.string().min(1).default('sk_test_simulator_local'),
    CARD_WEBHOOK_SECRET: z.string().min(1).default('whsec_simulator_local'),
  })
  .parse(process.env);

const simulator = await startCardSimulator({
  port: config.CARD_SIMULATOR_PORT,
  secretKey: keys.CARD_PROVIDER_SECRET_KEY,
  webhookSecret: keys.CARD_WEBHOOK_SECRET,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
console.log(`card-payment simulator: API ${simulator.url}/v1, card form ${simulator.url}/hosted/card`);

function shutdown() {
  simulator.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
