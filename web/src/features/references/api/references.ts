import type {
  answerReferenceBodySchema,
  referenceAnsweredSchema,
  referenceRequestSchema,
} from '@mp/api-contract/references.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

// The referee's calls behind the mailed link (no login). Only types come from the API's schemas.

export type ReferenceRequest = z.infer<typeof referenceRequestSchema>;
export type ReferenceAnswered = z.infer<typeof referenceAnsweredSchema>;
export type ReferenceAnswerBody = z.input<typeof answerReferenceBodySchema>;

/** `GET /references/{token}`: what the referee is asked about; 403 ACCESS_RESTRICTED for a bad token. */
export function fetchReferenceRequest(token: string, signal?: AbortSignal): Promise<ReferenceRequest> {
  return api.get<ReferenceRequest>(`/references/${encodeURIComponent(token)}`, { signal });
}

/** `POST /references/{token}`: approve with a rating and a review, or decline. */
export function answerReference(token: string, answer: ReferenceAnswerBody): Promise<ReferenceAnswered> {
  return api.post<ReferenceAnswered>(`/references/${encodeURIComponent(token)}`, answer);
}
