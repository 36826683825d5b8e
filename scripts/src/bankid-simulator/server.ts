/**
 * The BankID simulator as a background service, started by `npm run services` (scripts/src/services/bankid.ts)
 * on BANKID_SIMULATOR_PORT. Options from the environment: BANKID_SIMULATOR_STEP_MS (default 1000: complete
 * after about 2 s) and BANKID_SIMULATOR_AUTO_SIGN (default true).
 */
import { z } from 'zod';
import { loadServicesConfig } from '../services/config';
import { startBankIdSimulator } from './simulator';

const config = loadServicesConfig();
const { BANKID_SIMULATOR_STEP_MS: stepMs, BANKID_SIMULATOR_AUTO_SIGN: autoSign } = z
  .object({
    BANKID_SIMULATOR_STEP_MS: z.coerce.number().int().min(0).default(1000),
    BANKID_SIMULATOR_AUTO_SIGN: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  })
  .parse(process.env);

const simulator = await startBankIdSimulator({
  port: config.BANKID_SIMULATOR_PORT,
  stepMs,
  autoSign,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
console.log(
  `bankid simulator: RP API ${simulator.rpUrl}, app ${simulator.url}/app, control ${simulator.url}/sim`,
);

function shutdown() {
  simulator.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
