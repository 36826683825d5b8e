import type { inquiryBodySchema, InquiryResponse } from '@mp/api-contract/inquiries.schema';
import type { z } from 'zod';
import { api } from './api-client';

export type InquiryInput = z.input<typeof inquiryBodySchema>;

/**
 * `POST /search/inquiry`: the contact form, from the search ("let us help") or from a consultant's profile
 * (with the consultant's id); answers with the success message.
 */
export function sendInquiry(input: InquiryInput): Promise<InquiryResponse> {
  return api.post<InquiryResponse>('/search/inquiry', input);
}
