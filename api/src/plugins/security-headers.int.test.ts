import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';

// Issue 13 item 4: security headers on every answer, HSTS only in production.

const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** Stand-ins for the BankID client certificate files a production config names (read at boot, unused here). */
function certificateFiles() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bankid-'));
  writeFileSync(path.join(dir, 'client.p12'), 'stand-in');
  writeFileSync(path.join(dir, 'ca.pem'), 'stand-in');
  return { BANKID_PFX_PATH: path.join(dir, 'client.p12'), BANKID_CA_PATH: path.join(dir, 'ca.pem') };
}

async function headersOf(nodeEnv: 'test' | 'production', url: string) {
  const app = await buildTestApp({
    NODE_ENV: nodeEnv,
    ...(nodeEnv === 'production'
      ? {
          JWT_SECRET: 'a-real-production-secret-of-at-least-32-characters',
          NIN_HMAC_KEY: 'a'.repeat(64),
          NIN_ENCRYPTION_KEY: 'b'.repeat(64),
          SIGNING_API_KEY: 'a-real-signing-provider-api-key',
          SIGNING_WEBHOOK_SECRET: 'a-real-signing-webhook-secret',
          CARD_PROVIDER_SECRET_KEY: 'sk_live_a_real_card_provider_key',
          CARD_WEBHOOK_SECRET: 'whsec_a_real_card_webhook_secret',
          BANKID_URL: 'https://appapi2.bankid.com/rp/v6.0',
          BANKID_APP_URL: 'https://app.bankid.com/',
          ...certificateFiles(),
        }
      : {}),
  });
  apps.push(app);
  return (await app.inject({ method: 'GET', url })).headers;
}

describe('security headers', () => {
  it.each(['/api/check/subscription', '/api/no-such-route', '/api/bankid/qr/%'])(
    'are on every answer, errors included (%s)',
    async (url) => {
      const headers = await headersOf('test', url);
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('adds HSTS and upgrade-insecure-requests in production', async () => {
    const headers = await headersOf('production', '/api/check/subscription');
    expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(String(headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
