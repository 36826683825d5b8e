import type { updateUserBodySchema, verificationSentSchema } from '@mp/api-contract/users.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** What first setup sends (POST user): the API's own body type, whose unknown keys it refuses. */
export type SetupDetails = Pick<
  z.input<typeof updateUserBodySchema>,
  'firstName' | 'lastName' | 'email' | 'phone' | 'acceptTerms' | 'redirect'
>;

/**
 * First setup: names, phone, the ticked terms and the e-mail address (POST user). The API mails a
 * confirmation link to the address; opening it verifies the account.
 */
export function saveSetupDetails(details: SetupDetails): Promise<unknown> {
  return api.post('/user', details);
}

/** Confirms an e-mail address with the token from the mailed link (GET verify/email?token). */
export function verifyEmail(token: string): Promise<unknown> {
  return api.get('/verify/email', { query: { token } });
}

/**
 * Mails a new verification link to the logged-in user's unconfirmed address (POST verify/email/resend),
 * leading on to `redirect` once opened, when given.
 */
export function resendVerification(
  redirect?: string | null,
): Promise<z.output<typeof verificationSentSchema>> {
  return api.post('/verify/email/resend', redirect ? { redirect } : {});
}
