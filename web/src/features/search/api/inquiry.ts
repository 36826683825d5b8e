import type { inquiryBodySchema, InquiryResponse } from '@mp/api-contract/inquiries.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type InquiryInput = z.input<typeof inquiryBodySchema>;

/** `POST /search/inquiry`: the "let us help" contact form; answers with the success message. */
export function sendInquiry(input: InquiryInput): Promise<InquiryResponse> {
  return api.post<InquiryResponse>('/search/inquiry', input);
}
