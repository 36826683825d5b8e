import { createHmac } from 'node:crypto';

/**
 * The content of BankID's animated QR code for second `seconds` of an order:
 * `bankid.<qrStartToken>.<seconds>.<HMAC-SHA256(qrStartSecret, seconds) as hex>`. Computed on the server
 * every second, so the secret never reaches the browser.
 */
export function buildQrData(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const authCode = createHmac('sha256', qrStartSecret).update(String(whole)).digest('hex');
  return `bankid.${qrStartToken}.${whole}.${authCode}`;
}

/** Whole seconds since the order started (the QR code's time counter). */
export function secondsSince(startedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
}
