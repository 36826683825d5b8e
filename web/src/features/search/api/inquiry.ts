import type { SearchCriteriaInput } from '@mp/search-schema/criteria.schema';
import { api } from '../../../lib/api-client';

export interface InquiryInput {
  name: string;
  email: string;
  details: string;
  phone: string;
  terms: boolean;
  criteria?: SearchCriteriaInput;
}

/** `POST /search/inquiry`: the "let us help" contact form; answers with the success message. */
export function sendInquiry(input: InquiryInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/search/inquiry', input);
}
