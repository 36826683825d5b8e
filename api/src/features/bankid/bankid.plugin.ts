import { readFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import { createBankIdClient, type BankIdClient } from './bankid.client';

declare module 'fastify' {
  interface FastifyInstance {
    bankid: BankIdClient;
  }
}

/**
 * The BankID RP client, pointed by config at the local simulator (default) or a real BankID service. The
 * real services require mutual TLS, so an https URL without a client certificate is refused at boot.
 */
export default fp(
  async (app) => {
    const { BANKID_URL, BANKID_PFX_PATH, BANKID_PFX_PASSPHRASE, BANKID_CA_PATH, BANKID_TIMEOUT_MS } =
      app.config;
    const isHttps = new URL(BANKID_URL).protocol === 'https:';
    if (isHttps && (!BANKID_PFX_PATH || !BANKID_CA_PATH)) {
      throw new Error('BANKID_URL is https: set BANKID_PFX_PATH, BANKID_PFX_PASSPHRASE and BANKID_CA_PATH');
    }
    const client = createBankIdClient({
      baseUrl: BANKID_URL,
      timeoutMs: BANKID_TIMEOUT_MS,
      ...(isHttps
        ? {
            pfx: readFileSync(BANKID_PFX_PATH!),
            passphrase: BANKID_PFX_PASSPHRASE,
            ca: readFileSync(BANKID_CA_PATH!),
          }
        : {}),
    });
    app.decorate('bankid', client);
  },
  { name: 'bankid', dependencies: ['config'] },
);
