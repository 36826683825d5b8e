import { z } from 'zod';

export const subscribeBodySchema = z.strictObject({
  plan: z.enum(['premium', 'premium_plus', 'standard', 'custom']),
  /** A saved card; the default (last added) card when left out. */
  cardId: z.uuid().optional(),
});
export type SubscribeBody = z.output<typeof subscribeBodySchema>;

export const changePlanBodySchema = z.strictObject({
  /** The plan from the next renewal; the current plan takes back a change asked for. */
  plan: z.enum(['premium', 'premium_plus', 'standard', 'custom']),
});
export type ChangePlanBody = z.output<typeof changePlanBodySchema>;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  plan: z.enum(['standard', 'premium', 'premium_plus', 'custom']),
  planName: z.string(),
  status: z.enum(['active', 'trialing', 'past_due']),
  amountOre: z.number().int(),
  currency: z.string(),
  currentPeriodEnd: z.iso.datetime(),
  /** Cancelled: premium ends at currentPeriodEnd. */
  cancelAtPeriodEnd: z.boolean(),
  /** past_due: premium lasts until then while renewals are retried. */
  graceEndsAt: z.iso.datetime().nullable(),
  /** past_due: when the renewal job next tries the card by itself (POST /subscriptions/pay pays at once). */
  nextAttemptAt: z.iso.datetime().nullable(),
  /** The card renewals (and paying now) charge: the default card. */
  card: z.object({ brand: z.string().nullable(), last4: z.string() }).nullable(),
  /**
   * A change of plan asked for: from startsAt (the next renewal; for past_due, the next automatic try of the
   * payment due) the plan is this one, at this price.
   */
  scheduledChange: z
    .object({
      plan: z.enum(['standard', 'premium', 'premium_plus', 'custom']),
      planName: z.string(),
      amountOre: z.number().int(),
      currency: z.string(),
      startsAt: z.iso.datetime(),
    })
    .nullable(),
});

export const subscriptionResponseSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  message: z.string().optional(),
});
