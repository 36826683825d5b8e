import { api } from '../../../lib/api-client';

export interface SetupDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}

/** First setup: the user's details (POST user); the API mails the confirmation link to the address. */
export function saveSetupDetails(details: SetupDetails): Promise<unknown> {
  return api.post('/user', details);
}

/** Confirms an e-mail address with the token from the mailed link (GET verify/email?token). */
export function verifyEmail(token: string): Promise<unknown> {
  return api.get('/verify/email', { query: { token } });
}
