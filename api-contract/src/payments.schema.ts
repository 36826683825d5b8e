import {
  organisationNumberSchema,
  personalIdentityNumberSchema,
  requiredTextSchema,
  vatNumberSchema,
  type MessageCode,
} from '@mp/domain';
import { z } from 'zod';

/**
 * POST /payment/cards: only what the provider's hosted card form returned, a token such as `pm_...`. The
 * card's brand, expiry and last four digits are read from the provider, never taken from the browser.
 */
export const addCardBodySchema = z.strictObject({
  token: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[\w-]+$/, 'validation.invalidCardToken'),
});

export const cardSchema = z.object({
  id: z.uuid(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expiryMonth: z.number().int().nullable(),
  expiryYear: z.number().int().nullable(),
  isDefault: z.boolean(),
});

/**
 * Why the card provider declined a charge, as a 402 CARD_DECLINED tells it in `data.reason` (its
 * `errorMessage` says what to do about it): `insufficient_funds` (another card, or the bank),
 * `expired_card` (add the new card), `incorrect_cvc` (add the card again with the right code),
 * `processing_error` (a temporary fault: try again), and `declined` for every other reason, the ones the
 * issuer does not explain and those (a lost or stolen card, suspected fraud) that are not told to the payer.
 */
export const CARD_DECLINE_REASONS = [
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'declined',
] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];
/** `data` of a 402 CARD_DECLINED answer. */
export const cardDeclinedDataSchema = z.object({ reason: z.enum(CARD_DECLINE_REASONS) });

/**
 * What became of the charge a card change made at once: a subscription whose renewal was declined (past_due) is
 * charged the period due to the new default card when a card is added, or when the default is removed.
 * `declined` carries the reason (as a 402 CARD_DECLINED does); `requires_action` is a charge the bank wants
 * confirmed with 3-D Secure (Pay now does that). `nextAttemptAt` is the next automatic try (null: none before
 * premium ends at `graceEndsAt`).
 */
export const cardChargeSchema = z.object({
  status: z.enum(['paid', 'declined', 'requires_action']),
  amountOre: z.number().int(),
  currency: z.string(),
  reason: z.enum(CARD_DECLINE_REASONS).nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  graceEndsAt: z.iso.datetime().nullable(),
});
export type CardCharge = z.infer<typeof cardChargeSchema>;
/**
 * The saved cards; after adding or removing one, `message` says what was done, and `charge` what became of the
 * charge it made at once (absent when nothing was charged). The message then tells the outcome too.
 */
export const cardListSchema = z.object({
  cards: z.array(cardSchema),
  message: z.string().optional(),
  charge: cardChargeSchema.optional(),
});

export const cardFormQuerySchema = z.object({
  /** Where the provider's form sends the browser back to, as a path of our web app. */
  returnPath: z
    .string()
    .regex(/^\/(sv|en)\/[\w/-]*$/, 'validation.invalidReturnPath')
    .max(200),
});
export const cardFormResponseSchema = z.object({ url: z.url() });

/** Required text of at most `max` characters; the refusal says the limit ('Cannot be longer than 200 characters'). */
const text = (max: number) => requiredTextSchema.max(max, 'validation.maxLength' satisfies MessageCode);

/** A Swedish postal code of five digits, with or without the space, in its written form: '111 56'. */
export function swedishPostalCode(value: string): string {
  const digits = value.replace(/\s/g, '');
  return /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : value;
}

/**
 * POST /store/ipu: the payment details (spec section 3): billing name, address, and either an organisation
 * number (a company pays) or a personal identity number (a person pays).
 */
export const paymentDetailsBodySchema = z
  .strictObject({
    billingName: text(200),
    addressLine: text(200),
    postalCode: z
      .string('validation.required')
      .trim()
      // An empty postal code is a missing one ('Field is required'), not a badly written one.
      .min(1, { error: 'validation.required' satisfies MessageCode, abort: true })
      .regex(/^\d{3} ?\d{2}$/, 'validation.invalidPostalCode')
      // Stored and shown in the Swedish form, '111 56', whether written with the space or without.
      .transform(swedishPostalCode),
    // A town has a name: digits alone ('1234', a postal code in the wrong field) are refused.
    city: text(100).regex(/\D/, 'validation.invalidCity'),
    country: z.literal('SE').default('SE'),
    organisationNumber: organisationNumberSchema.optional(),
    personalNumber: personalIdentityNumberSchema.optional(),
    /** Optional, with an organisation number: the buyer's EU VAT number, printed on receipts ('' is none). */
    vatNumber: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      vatNumberSchema.optional(),
    ),
  })
  .refine((b) => (b.organisationNumber === undefined) !== (b.personalNumber === undefined), {
    message: 'validation.identityNumberRequired',
    path: ['organisationNumber'],
  });
export type PaymentDetailsBody = z.output<typeof paymentDetailsBodySchema>;

export const paymentDetailsSchema = z.object({
  billingName: z.string(),
  addressLine: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  organisationNumber: z.string().nullable(),
  /** Masked, e.g. 19800101-****. */
  personalNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
});

/**
 * What the form starts from when no payment details are saved: the caller's company (one they are an admin of),
 * its name, address (split into street, postal code and city where it reads so) and numbers. Only a suggestion:
 * nothing is saved until the buyer saves the form.
 */
export const paymentDetailsPrefillSchema = z.object({
  billingName: z.string(),
  addressLine: z.string(),
  postalCode: z.string(),
  city: z.string(),
  organisationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
});
export type PaymentDetailsPrefill = z.output<typeof paymentDetailsPrefillSchema>;

export const paymentDetailsResponseSchema = z.object({
  details: paymentDetailsSchema.nullable(),
  /** Only when `details` is null and the caller administers a company. */
  prefill: paymentDetailsPrefillSchema.nullable().optional(),
  message: z.string().optional(),
});

export const intentParamsSchema = z.object({
  intentId: z.string().regex(/^[\w-]{1,255}$/, 'validation.invalidId'),
});
export const paymentParamsSchema = z.object({ id: z.uuid() });
/** DELETE /payment/cards/{id}: a saved card's id. */
export const cardParamsSchema = z.object({ id: z.uuid() });

/** Where a payment stands after a purchase call: paid, or waiting for the 3-D Secure challenge. */
export const paymentStateSchema = z.object({
  paymentId: z.uuid(),
  status: z.enum(['requires_action', 'processing', 'succeeded', 'failed', 'refunded']),
  /** For 'requires_action': send the browser here (the card issuer's challenge). */
  redirectUrl: z.string().nullable(),
  /**
   * True for a payment of a subscription period after its first: a declined renewal paid now (the return from
   * its 3-D Secure challenge says "payment received, premium continues", not "welcome to premium").
   */
  overdue: z.boolean().optional(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

export const receiptListSchema = z.object({
  receipts: z.array(
    z.object({
      id: z.uuid(),
      purpose: z.enum(['subscription', 'assessment', 'bill']),
      /** The invoice a bill payment paid; else null. */
      invoiceNumber: z.number().int().nullable(),
      amountOre: z.number().int(),
      currency: z.string(),
      status: z.enum(['succeeded', 'refunded']),
      /** A subscription payment's plan ('Premium', 'Premium plus'), in the request's language; else null. */
      planName: z.string().nullable(),
      receiptNumber: z.string().nullable(),
      periodStart: z.iso.datetime().nullable(),
      periodEnd: z.iso.datetime().nullable(),
      paidAt: z.iso.datetime(),
    }),
  ),
});

/** POST /api/admin/payments/{paymentId}/refund */
export const paymentRefundedSchema = z.object({ paymentId: z.uuid(), status: z.literal('refunded') });
/** POST /api/payments/webhook */
export const paymentWebhookReceivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
