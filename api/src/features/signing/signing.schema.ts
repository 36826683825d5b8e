import { z } from 'zod';

// The digital-mailbox signing provider's API (docs/signing-provider.md), as our client sends and reads it.
// The local simulator (scripts/src/signing-simulator) speaks the same API.

export const SIGNING_ORDER_STATUSES = ['pending', 'signed', 'declined', 'expired', 'cancelled'] as const;
export type SigningOrderStatus = (typeof SIGNING_ORDER_STATUSES)[number];

/** `POST /signing-orders` */
export interface CreateSigningOrderRequest {
  /** Our reference, echoed in every webhook: the contract id. */
  reference: string;
  title: string;
  document: { fileName: string; contentBase64: string; sha256: string };
  /** The personal identity number (12 digits) delivers to the signer's digital mailbox; else e-mail. */
  signer: { nationalIdentityNumber?: string; email?: string; name?: string };
  callbackUrl: string;
  locale: 'sv' | 'en';
}

export const signingOrderSchema = z.object({
  id: z.string().min(1),
  reference: z.string(),
  status: z.enum(SIGNING_ORDER_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  signedAt: z.string().nullable().optional(),
  /** SHA-256 of the signed document, once signed. */
  signedDocumentSha256: z.string().nullable().optional(),
});
export type SigningOrder = z.infer<typeof signingOrderSchema>;

export const providerErrorSchema = z.object({ error: z.string(), message: z.string().optional() });

/** The body of a webhook delivery, signed with the account's webhook secret. */
export const signingWebhookEventSchema = z.object({
  eventId: z.string().min(1).max(200),
  type: z.enum([
    'signing_order.signed',
    'signing_order.declined',
    'signing_order.expired',
    'signing_order.cancelled',
  ]),
  orderId: z.string().min(1).max(200),
  reference: z.string().max(200),
  occurredAt: z.string(),
});
export type SigningWebhookEvent = z.infer<typeof signingWebhookEventSchema>;

/** Headers of a webhook delivery. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-signing-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-signing-signature';
