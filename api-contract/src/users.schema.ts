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
import { strictObject } from './strict-object';
import { pendingTermsSchema } from './terms.schema';

/**
 * Where the login page should go after login (its `redirect` query): a path of the web app below the language
 * prefix, e.g. `/app/time?week=2026-W10`. Same site only: no scheme or host, no `//` or backslash, and not
 * the login or session-expired page itself. First setup and registration carry it into the verification link.
 */
export const loginRedirectSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\\]*$/, 'validation.invalidReturnPath')
  .refine((value) => !/^\/(login|session-expired)(?:[/?#]|$)/.test(value), 'validation.invalidReturnPath');

/**
 * The e-mails a user chose (Settings > Notifications): `marketing`, news and offers, is the consent the privacy
 * policy names (off until given); `savedSearches`, the weekly mail of new matches for the saved searches that
 * have it switched on (premium), is on until turned off.
 */
const notificationSettingsSchema = z.object({
  marketing: z.boolean().default(false),
  savedSearches: z.boolean().default(true),
});

/** `users.settings` as stored: other features may add keys, so unknown ones are kept. */
export const storedSettingsSchema = z.looseObject({
  notifications: notificationSettingsSchema.default({ marketing: false, savedSearches: true }),
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
      notifications: z.object({ marketing: z.boolean(), savedSearches: z.boolean() }),
    }),
    terms: z.object({
      accepted: z.boolean().describe('False: show the persistent updated-terms dialog'),
      /** The newest published terms of use (kind `users`). */
      version: z.number().int().nullable(),
      publishedAt: z.string().nullable(),
      effectiveAt: z.string().nullable(),
      pending: z
        .array(pendingTermsSchema)
        .describe(
          'The kinds (terms of use, privacy, cookies) whose newest version the user has not accepted',
        ),
    }),
    subscriptions: z.object({ isAdmin: z.boolean(), isPremium: z.boolean() }),
    createdAt: z.string(),
  })
  .describe('User');
export type UserResponse = z.infer<typeof userResponseSchema>;

/**
 * POST /api/user: the account fields a user edits; everything is optional. Strict: the setup and settings
 * pages rely on every field they send being stored, so an unknown key is a 400, never silently dropped.
 */
export const updateUserBodySchema = strictObject({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  phone: optionalPhoneSchema,
  /**
   * First setup (and any unconfirmed account): the address to confirm. A link is mailed to it and the
   * address becomes the account's when it is opened, which verifies the account; the same address again
   * sends a new link. A verified account's change goes through the confirmation at its current address, as
   * POST /api/user/settings/email. 409 EMAIL_IN_USE when another account has the address.
   */
  email: emailSchema.optional(),
  /**
   * Where the confirmation link mailed for `email` leads once the address is confirmed (first setup passes
   * the login page's `redirect`, e.g. a company invite); the dashboard without it. Ignored when no link is sent.
   */
  redirect: loginRedirectSchema.optional(),
  /** The setup page's terms checkbox: records acceptance of the current terms of use (no error if done). */
  acceptTerms: z.literal(true).optional(),
  locale: z.enum(LOCALES).optional(),
  settings: strictObject({
    notifications: strictObject({ marketing: z.boolean(), savedSearches: z.boolean() }).partial().optional(),
  }).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const changePasswordBodySchema = strictObject({
  /** Required when the account has a password; a BankID-only account sets its first one without it. */
  currentPassword: loginPasswordSchema.optional(),
  newPassword: passwordSchema,
});

export const changeEmailBodySchema = strictObject({ email: emailSchema });

export const emailTokenQuerySchema = z.object({
  token: z
    .string({ error: 'error.invalidToken' })
    .min(1, 'error.invalidToken')
    .max(200, 'error.invalidToken'),
});

/** GET /api/check/subscription */
export const subscriptionCheckSchema = z.object({ isPremium: z.boolean(), isAdmin: z.boolean() });
export type SubscriptionCheck = z.infer<typeof subscriptionCheckSchema>;

/** POST /api/user/password */
export const passwordChangedSchema = z.object({ passwordChanged: z.literal(true) });

/** POST /api/user/settings/email: where the confirmation link went. */
export const emailChangeRequestedSchema = z.object({
  confirmationSentTo: z.enum(['currentEmail', 'newEmail']),
});

/** GET /api/verify/email: what the opened link did. */
export const emailTokenConfirmedSchema = z.object({
  purpose: z.enum(['verify', 'change_email']),
  email: z.string().nullable(),
  verified: z.literal(true),
});
export type EmailTokenConfirmed = z.infer<typeof emailTokenConfirmedSchema>;

/** POST /api/verify/email/resend (the body is optional) */
export const resendVerificationBodySchema = strictObject({
  /** Where the new link leads once the address is confirmed, as at first setup. */
  redirect: loginRedirectSchema.optional(),
}).nullish();

/** POST /api/verify/email/resend */
export const verificationSentSchema = z.object({ sent: z.literal(true) });
