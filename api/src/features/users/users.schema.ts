import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  LOCALES,
  loginPasswordSchema,
  optionalPhoneSchema,
  passwordSchema,
} from '@mp/domain';
import { z } from 'zod';

/** `users.settings` as stored: other features may add keys, so unknown ones are kept. */
export const storedSettingsSchema = z.looseObject({
  notifications: z.object({ marketing: z.boolean().default(false) }).default({ marketing: false }),
});

/** The user as GET /api/user returns it (spec section 3, User). */
export const userResponseSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    /** An address waiting for its confirmation link to be opened. */
    pendingEmail: z.string().nullable(),
    phone: z.string().nullable(),
    picture: z.object({ key: z.string().nullable(), url: z.string().nullable() }),
    nationalIdentityNumber: z
      .string()
      .nullable()
      .describe('Masked (YYYYMMDD-****); the full number is only in the data export'),
    verified: z.boolean(),
    isAdmin: z.boolean(),
    isPremium: z.boolean(),
    locale: z.enum(LOCALES),
    hasPassword: z.boolean(),
    hasBankId: z.boolean(),
    settings: z.object({
      platform: z.object({ isSearchable: z.boolean() }),
      notifications: z.object({ marketing: z.boolean() }),
    }),
    terms: z.object({
      accepted: z.boolean().describe('False: show the persistent updated-terms dialog'),
      version: z.number().int().nullable(),
      publishedAt: z.string().nullable(),
      effectiveAt: z.string().nullable(),
    }),
    subscriptions: z.object({ isAdmin: z.boolean(), isPremium: z.boolean() }),
    createdAt: z.string(),
  })
  .describe('User');
export type UserResponse = z.infer<typeof userResponseSchema>;

/** POST /api/user: the account fields a user edits; everything is optional. */
export const updateUserBodySchema = z.object({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  phone: optionalPhoneSchema,
  locale: z.enum(LOCALES).optional(),
  settings: z.object({ notifications: z.object({ marketing: z.boolean() }).partial().optional() }).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const changePasswordBodySchema = z.object({
  /** Required when the account has a password; a BankID-only account sets its first one without it. */
  currentPassword: loginPasswordSchema.optional(),
  newPassword: passwordSchema,
});

export const changeEmailBodySchema = z.object({ email: emailSchema });

export const emailTokenQuerySchema = z.object({
  token: z
    .string({ error: 'error.invalidToken' })
    .min(1, 'error.invalidToken')
    .max(200, 'error.invalidToken'),
});
