import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// The card-payment provider's REST API, Stripe-shaped (https://docs.stripe.com/api): form-encoded requests
// authenticated with the secret key, an `Idempotency-Key` on every write, JSON responses, `{ error }` bodies
// (402 card_error for a declined charge, carrying the payment intent), and webhooks signed
// `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The local simulator
// (scripts/src/card-simulator) speaks the same API, so this client runs unchanged against either.

export const cardSchema = z.object({
  id: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string().regex(/^\d{4}$/),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int(),
  }),
});
export type ProviderCard = z.infer<typeof cardSchema>;

export const paymentIntentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum([
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'requires_capture',
    'succeeded',
    'canceled',
  ]),
  amount_refunded: z.number().int().optional(),
  metadata: z.record(z.string(), z.string()).default({}),
  last_payment_error: z
    .object({ code: z.string().optional(), decline_code: z.string().optional() })
    .nullish(),
  next_action: z
    .object({ type: z.string(), redirect_to_url: z.object({ url: z.string() }).optional() })
    .nullish(),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

const errorBodySchema = z.object({
  error: z.object({
    type: z.string(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string().optional(),
    payment_intent: paymentIntentSchema.optional(),
  }),
});

/** The provider refused a request (bad input, unknown object) or could not be reached. */
export class CardProviderError extends Error {
  override readonly name = 'CardProviderError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface CreatePaymentIntentInput {
  amountOre: number;
  currency: string;
  paymentMethod: string;
  /** Whether the customer is absent (a renewal): no 3-D Secure challenge can be shown. */
  offSession: boolean;
  returnUrl: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CardProviderClient {
  retrieveCard(token: string): Promise<ProviderCard | null>;
  /** Creates and confirms an intent. A declined card resolves with the failed intent, not an error. */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Cancels an intent that still waits for its customer (an abandoned 3-D Secure challenge), so it can no
   * longer be paid. One that was paid or cancelled meanwhile cannot be: it resolves with the intent as it is.
   */
  cancelPaymentIntent(id: string, reason: CancellationReason, idempotencyKey: string): Promise<PaymentIntent>;
  refund(paymentIntentId: string, idempotencyKey: string): Promise<void>;
}

/** The provider's reasons for cancelling an intent (those we use). */
export type CancellationReason = 'abandoned' | 'duplicate' | 'requested_by_customer';

export interface CardProviderOptions {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
}

export function createCardProviderClient(options: CardProviderOptions): CardProviderClient {
  async function request(
    method: 'GET' | 'POST',
    path: string,
    form?: Record<string, string>,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, options.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new CardProviderError(`card provider unreachable: ${(error as Error).message}`, 503);
    }
    const text = await response.text();
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch {
      throw new CardProviderError(`card provider sent non-JSON (HTTP ${response.status})`, 502);
    }
  }

  function fail(status: number, body: unknown): never {
    const parsed = errorBodySchema.safeParse(body);
    throw new CardProviderError(
      parsed.success ? (parsed.data.error.message ?? parsed.data.error.type) : `HTTP ${status}`,
      status,
      parsed.success ? parsed.data.error.code : undefined,
    );
  }

  return {
    async retrieveCard(token) {
      const { status, body } = await request('GET', `/v1/payment_methods/${encodeURIComponent(token)}`);
      if (status === 404) return null;
      if (status !== 200) fail(status, body);
      return cardSchema.parse(body);
    },
    async createPaymentIntent(input) {
      const form: Record<string, string> = {
        amount: String(input.amountOre),
        currency: input.currency.toLowerCase(),
        payment_method: input.paymentMethod,
        confirm: 'true',
        off_session: String(input.offSession),
        return_url: input.returnUrl,
      };
      for (const [key, value] of Object.entries(input.metadata)) form[`metadata[${key}]`] = value;
      const { status, body } = await request('POST', '/v1/payment_intents', form, input.idempotencyKey);
      if (status === 200) return paymentIntentSchema.parse(body);
      const declined = errorBodySchema.safeParse(body);
      if (status === 402 && declined.success && declined.data.error.payment_intent) {
        return declined.data.error.payment_intent;
      }
      return fail(status, body);
    },
    async retrievePaymentIntent(id) {
      const { status, body } = await request('GET', `/v1/payment_intents/${encodeURIComponent(id)}`);
      if (status === 404) return null;
      if (status !== 200) fail(status, body);
      return paymentIntentSchema.parse(body);
    },
    async cancelPaymentIntent(id, reason, idempotencyKey) {
      const { status, body } = await request(
        'POST',
        `/v1/payment_intents/${encodeURIComponent(id)}/cancel`,
        { cancellation_reason: reason },
        idempotencyKey,
      );
      if (status === 200) return paymentIntentSchema.parse(body);
      const refused = errorBodySchema.safeParse(body);
      if (
        status === 400 &&
        refused.success &&
        refused.data.error.code === 'payment_intent_unexpected_state' &&
        refused.data.error.payment_intent
      ) {
        return refused.data.error.payment_intent;
      }
      return fail(status, body);
    },
    async refund(paymentIntentId, idempotencyKey) {
      const { status, body } = await request(
        'POST',
        '/v1/refunds',
        { payment_intent: paymentIntentId },
        idempotencyKey,
      );
      if (status !== 200) fail(status, body);
    },
  };
}

export const webhookEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/**
 * Verifies a webhook's `t=...,v1=...` signature over the raw body and the timestamp's age, then parses the
 * event. Returns null for a missing, forged or stale signature (a replay of an old delivery).
 */
export function verifyWebhook(input: {
  rawBody: string;
  signatureHeader: string | undefined;
  secret: string;
  toleranceSeconds: number;
  nowSeconds?: number;
}): WebhookEvent | null {
  if (!input.signatureHeader) return null;
  const parts = new Map<string, string[]>();
  for (const item of input.signatureHeader.split(',')) {
    const [key, value] = item.split('=', 2);
    if (key && value) parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) return null;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > input.toleranceSeconds) return null;
  const expected = createHmac('sha256', input.secret).update(`${timestamp}.${input.rawBody}`).digest();
  const matches = (parts.get('v1') ?? []).some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return null;
  try {
    const parsed = webhookEventSchema.safeParse(JSON.parse(input.rawBody));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
