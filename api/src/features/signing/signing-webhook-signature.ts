import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures of the signing provider: `x-signing-signature: v1=<hex HMAC-SHA256(secret,
 * "<timestamp>.<raw body>")>` with `x-signing-timestamp: <unix seconds>`. The timestamp is inside the MAC, so
 * an old delivery cannot be replayed with a fresh time; deliveries older (or newer) than the tolerance are
 * refused. Replays within the tolerance are caught by the event id (signing_webhook_events).
 */
export function signWebhookPayload(secret: string, timestamp: number, rawBody: Buffer | string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `v1=${mac}`;
}

export function verifyWebhookSignature(options: {
  secret: string;
  rawBody: Buffer;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  toleranceSeconds: number;
  nowMs?: number;
}): boolean {
  const { timestampHeader, signatureHeader } = options;
  if (!timestampHeader || !signatureHeader || !/^\d{1,12}$/.test(timestampHeader)) return false;
  const timestamp = Number(timestampHeader);
  const now = Math.floor((options.nowMs ?? Date.now()) / 1000);
  if (Math.abs(now - timestamp) > options.toleranceSeconds) return false;
  const expected = Buffer.from(signWebhookPayload(options.secret, timestamp, options.rawBody));
  // Several signatures may be sent while a secret is rotated: any one that matches will do.
  return signatureHeader
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}
