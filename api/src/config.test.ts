import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS, loadConfig } from './config';

// Issue 13 item 5: development secrets and a development BankID only in development on loopback.

const realSecrets = {
  JWT_SECRET: 'a-real-production-secret-of-at-least-32-characters',
  NIN_HMAC_KEY: 'a'.repeat(64),
  NIN_ENCRYPTION_KEY: 'b'.repeat(64),
  SIGNING_API_KEY: 'a-real-signing-provider-api-key',
  SIGNING_WEBHOOK_SECRET: 'a-real-signing-webhook-secret',
  CARD_PROVIDER_SECRET_KEY: 'sk_live_a_real_card_provider_key',
  CARD_WEBHOOK_SECRET: 'whsec_a_real_card_webhook_secret',
};
const realBankId = {
  BANKID_URL: 'https://appapi2.bankid.com/rp/v6.0',
  BANKID_APP_URL: 'https://app.bankid.com/',
};

describe('loadConfig fails closed', () => {
  it('starts with the development defaults in development and tests on loopback', () => {
    for (const NODE_ENV of ['development', 'test']) {
      for (const HOST of ['127.0.0.1', 'localhost', '::1']) {
        expect(loadConfig({ NODE_ENV, HOST }).JWT_SECRET).toBe(DEVELOPMENT_SECRETS.JWT_SECRET);
      }
    }
  });

  it('refuses them when NODE_ENV is missing, naming every bad variable', () => {
    expect(() => loadConfig({})).toThrow(
      /JWT_SECRET[\s\S]*NIN_HMAC_KEY[\s\S]*NIN_ENCRYPTION_KEY[\s\S]*BANKID_URL: must be https[\s\S]*BANKID_APP_URL/,
    );
  });

  it('refuses them in production, even on loopback', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1', ...realBankId })).toThrow(
      /JWT_SECRET: the development default is refused/,
    );
  });

  it('refuses them in development on a public interface', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toThrow(/JWT_SECRET/);
  });

  it("refuses plain http and BankID's test service outside loopback development", () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...realSecrets, BANKID_APP_URL: realBankId.BANKID_APP_URL }),
    ).toThrow(/BANKID_URL: must be https/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        ...realSecrets,
        ...realBankId,
        BANKID_URL: 'https://appapi2.test.bankid.com/rp/v6.0',
      }),
    ).toThrow(/BANKID_URL: BankID's test service/);
  });

  it('starts in production with real secrets and the real BankID, API docs off by default', () => {
    const config = loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', ...realSecrets, ...realBankId });
    expect(config.NODE_ENV).toBe('production');
    expect(config.SERVE_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).SERVE_DOCS).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', SERVE_DOCS: 'true', ...realSecrets, ...realBankId }).SERVE_DOCS,
    ).toBe(true);
  });
});
