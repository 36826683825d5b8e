import { api } from '../../../lib/api-client';

/** Accepts the current version of the terms (spec section 7: GET terms/application/accept). */
export function acceptTerms(): Promise<unknown> {
  return api.get('/terms/application/accept');
}
