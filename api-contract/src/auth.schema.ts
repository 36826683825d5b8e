import {
  consentSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  loginPasswordSchema,
  passwordSchema,
  personalIdentityNumberSchema,
} from '@mp/domain';
import { z } from 'zod';
import { strictObject } from './strict-object';
import { loginRedirectSchema, userResponseSchema } from './users.schema';

export const startBankIdBodySchema = strictObject({
  /** 12 digits (a hyphen before the last four is accepted), valid check digit, at least 18 years old. */
  nationalIdentityNumber: personalIdentityNumberSchema,
  /** The login page's `redirect`, kept in the same-device return link so the login ends where it would. */
  redirect: loginRedirectSchema.optional(),
  /** The login page's `tab` (a settings or company tab to open with `redirect`). */
  tab: z
    .string()
    .regex(/^[\w-]{1,50}$/, 'validation.invalidTab')
    .optional(),
});

export const startBankIdResponseSchema = z.object({
  orderRef: z.string(),
  autoStartToken: z.string(),
  sameDeviceUrl: z
    .string()
    .describe(
      'Opens the BankID app on this device; it returns to /{lang}/login?orderRef=... (with the redirect and ' +
        'tab sent) to resume collecting',
    ),
  collectSecret: z
    .string()
    .describe('Binds the order to this browser: send it with every POST /auth; keep it out of URLs and logs'),
});
export type StartBankIdResponse = z.output<typeof startBankIdResponseSchema>;

export const collectBankIdBodySchema = z.object({
  orderRef: z.string().min(1).max(100),
  /** The `collectSecret` PUT /auth returned: only the browser that started the order can collect it. */
  collectSecret: z.string().min(1).max(100),
  /** The partner-company login variant (auth/giggly) passes its company token here. */
  externalCompanyToken: z.string().min(1).max(500).optional(),
});

export const sessionResponseSchema = z.object({
  /** The session token: send it raw in the Authorization header. */
  authorization: z.string(),
  expiresAt: z.string(),
  user: userResponseSchema,
});
export type SessionResponse = z.output<typeof sessionResponseSchema>;

export const collectBankIdResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('pending'),
    hintCode: z.string(),
    /** What to tell the user now, in the request's language (BankID's RFA texts). */
    message: z.string(),
  }),
  sessionResponseSchema.extend({ status: z.literal('complete') }),
]);
export type CollectBankIdResponse = z.output<typeof collectBankIdResponseSchema>;

export const registerBodySchema = strictObject({
  email: emailSchema,
  password: passwordSchema,
  /** The sign-up form asks for the name, as first setup does: 'Enter first name' / 'Enter last name'. */
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  /**
   * The consent checkbox, as at first setup ("I have read and accept the terms of use ... I am at least 18
   * years old"): must be true ('You must agree to continue'); records acceptance of the current terms.
   */
  acceptTerms: consentSchema,
  /**
   * The login page's `redirect` (a company invite, say): the verification link leads back there once the
   * address is confirmed. A path of the web app, as PUT /auth takes it.
   */
  redirect: loginRedirectSchema.optional(),
});

export const loginBodySchema = strictObject({ email: emailSchema, password: loginPasswordSchema });

export const forgotPasswordBodySchema = strictObject({ email: emailSchema });

const resetTokenSchema = z
  .string({ error: 'error.invalidToken' })
  .min(1, 'error.invalidToken')
  .max(200, 'error.invalidToken');

export const resetPasswordBodySchema = strictObject({ token: resetTokenSchema, password: passwordSchema });

/** POST /api/auth/password/reset/check: the token of a reset link, checked without using it. */
export const resetTokenCheckBodySchema = strictObject({ token: resetTokenSchema });

/** POST /api/auth/register: the verification link is on its way; no session until it is opened. */
export const registrationSentSchema = z.object({ status: z.literal('verificationSent') });
/** POST /api/auth/password/forgot: answered the same whether or not the address has an account. */
export const resetLinkSentSchema = z.object({ status: z.literal('resetLinkSent') });
/** POST /api/auth/password/reset */
export const passwordResetSchema = z.object({ passwordReset: z.literal(true) });
/**
 * POST /api/auth/password/reset/check: the link still works. One that does not is an error: 400
 * RESET_LINK_USED (used, or replaced by a newer link), RESET_LINK_EXPIRED or INVALID_TOKEN (unknown).
 */
export const resetTokenUsableSchema = z.object({ usable: z.literal(true) });
/** GET /api/logout */
export const loggedOutSchema = z.object({ loggedOut: z.literal(true) });
