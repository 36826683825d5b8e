import type {
  loginBodySchema,
  registerBodySchema,
  registrationSentSchema,
  resetTokenUsableSchema,
} from '@mp/api-contract/auth.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { CollectComplete } from '../../../lib/bankid';

// The e-mail and password fallback (under /api).

export type PasswordCredentials = z.input<typeof loginBodySchema>;
/** The sign-up form: the credentials and its consent box (`acceptTerms`, which must be true). */
export type Registration = z.input<typeof registerBodySchema>;

export function loginWithPassword(credentials: PasswordCredentials): Promise<CollectComplete> {
  return api.post<CollectComplete>('/auth/login', credentials);
}

/** Registration mails a verification link; there is no session until the address is confirmed. */
export function registerWithPassword(
  registration: Registration,
): Promise<z.output<typeof registrationSentSchema>> {
  return api.post('/auth/register', registration);
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post('/auth/password/forgot', { email });
}

/** Whether a reset link still works, without using it: 400 RESET_LINK_USED, RESET_LINK_EXPIRED or INVALID_TOKEN. */
export function checkResetToken(token: string): Promise<z.output<typeof resetTokenUsableSchema>> {
  return api.post('/auth/password/reset/check', { token });
}

export function resetPassword(token: string, password: string): Promise<unknown> {
  return api.post('/auth/password/reset', { token, password });
}
