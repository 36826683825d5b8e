import type { offerSchema } from '@mp/api-contract/offers.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Offer = z.output<typeof offerSchema>;

/** `GET /offers`: the partner deals shown today, in the interface language. */
export function fetchOffers(signal?: AbortSignal): Promise<{ offers: Offer[] }> {
  return api.get('/offers', { signal });
}
