/**
 * Points the local card simulator's webhooks at the running API, as a provider's dashboard (or `stripe listen`)
 * does for a real account: without it the simulator sends its events nowhere, and a payment whose browser never
 * came back (closed tab, a reload on the return from 3-D Secure) would be paid but never applied. Development
 * only, and only for a provider on this machine: a real provider's endpoints are set up once, by hand.
 */
export interface CardWebhookSettings {
  NODE_ENV: string;
  CARD_PROVIDER_URL: string;
  CARD_PROVIDER_SECRET_KEY: string;
  PUBLIC_URL: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Registers `<PUBLIC_URL>/api/payment/webhook` (the simulator keeps one endpoint per URL, so it is idempotent). */
export async function registerLocalCardWebhook(
  settings: CardWebhookSettings,
): Promise<{ registered: string } | { skipped: string }> {
  if (settings.NODE_ENV !== 'development') return { skipped: 'not in development' };
  const provider = new URL(settings.CARD_PROVIDER_URL);
  if (!LOOPBACK.has(provider.hostname))
    return { skipped: `the card provider at ${provider.host} is not local` };
  const url = new URL('/api/payment/webhook', settings.PUBLIC_URL).toString();
  const response = await fetch(new URL('/v1/webhook_endpoints', provider), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${settings.CARD_PROVIDER_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ url }).toString(),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok)
    throw new Error(`the card simulator answered ${response.status}: ${await response.text()}`);
  return { registered: url };
}
