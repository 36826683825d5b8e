import { deleteConfirmationSchema, loginPasswordSchema } from '@mp/domain';
import { z } from 'zod';
import { strictObject } from './strict-object';

/** 202 while a BankID confirmation is under way: poll again with the same orderRef. */
export const bankIdPendingSchema = z.object({
  status: z.literal('pending'),
  hintCode: z.string(),
  message: z.string(),
});

export const deleteAccountBodySchema = strictObject({
  /** The word `delete`, typed by the user (case and surrounding spaces ignored). */
  confirmation: deleteConfirmationSchema,
  /** Confirm with the account's password ... */
  password: loginPasswordSchema.optional(),
  /** ... or with a BankID order from POST /api/user/delete/bankid (poll until it completes). */
  orderRef: z.string().min(1).max(100).optional(),
});

export const deleteAccountResponseSchemas = {
  200: z.object({ status: z.literal('deleted'), purgeAfter: z.string() }),
  202: bankIdPendingSchema,
};

export const startConfirmationResponseSchema = z.object({
  orderRef: z.string(),
  autoStartToken: z.string(),
  sameDeviceUrl: z.string(),
});

export const confirmSessionBodySchema = z.object({
  /** The account's password ... */
  password: loginPasswordSchema.optional(),
  /** ... or a BankID order from POST /api/user/confirm/bankid (poll until it completes). */
  orderRef: z.string().min(1).max(100).optional(),
});

export const confirmSessionResponseSchemas = {
  200: z.object({ status: z.literal('confirmed'), validUntil: z.string() }),
  202: bankIdPendingSchema,
};
