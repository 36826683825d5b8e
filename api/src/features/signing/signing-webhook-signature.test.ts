import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature } from './signing-webhook-signature';

const secret = 'test-secret-of-enough-length-0123456789';
const body = Buffer.from('{"eventId":"e1"}');
const now = 1_800_000_000_000;
const ts = now / 1000;

const verify = (overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
  verifyWebhookSignature({
    secret,
    rawBody: body,
    timestampHeader: String(ts),
    signatureHeader: signWebhookPayload(secret, ts, body),
    toleranceSeconds: 300,
    nowMs: now,
    ...overrides,
  });

describe('verifyWebhookSignature', () => {
  it('accepts a fresh delivery signed with the secret', () => expect(verify({})).toBe(true));
  it('accepts one of several signatures (secret rotation)', () =>
    expect(verify({ signatureHeader: `v1=00, ${signWebhookPayload(secret, ts, body)}` })).toBe(true));
  it('refuses another secret', () =>
    expect(verify({ signatureHeader: signWebhookPayload('other-secret', ts, body) })).toBe(false));
  it('refuses a changed body', () =>
    expect(verify({ rawBody: Buffer.from('{"eventId":"e2"}') })).toBe(false));
  it('refuses a timestamp outside the tolerance, even when signed', () => {
    const old = ts - 301;
    expect(
      verify({ timestampHeader: String(old), signatureHeader: signWebhookPayload(secret, old, body) }),
    ).toBe(false);
  });
  it('refuses a changed timestamp', () => expect(verify({ timestampHeader: String(ts + 1) })).toBe(false));
  it('refuses missing headers', () => {
    expect(verify({ signatureHeader: undefined })).toBe(false);
    expect(verify({ timestampHeader: undefined })).toBe(false);
    expect(verify({ timestampHeader: 'soon' })).toBe(false);
  });
});
