import { contactInquirySchema } from '@mp/domain';
import { partialCriteriaSchema } from '@mp/search-schema';
import { z } from 'zod';

/**
 * `POST /search/inquiry`: the "let us help" contact form (spec sections 3 and 5): details, name and e-mail
 * required, phone optional, terms ticked. `id` is the form's optional reference (the consultant the inquiry is
 * about when it is sent from a profile); `criteria` the search the sender had made, for the operators.
 */
export const inquiryBodySchema = contactInquirySchema.extend({
  id: z.string().trim().max(100).nullish(),
  criteria: partialCriteriaSchema.nullish(),
});
export type InquiryBody = z.output<typeof inquiryBodySchema>;

export const inquiryResponseSchema = z.object({
  message: z.string().describe("The success message in the request's language"),
});
export type InquiryResponse = z.output<typeof inquiryResponseSchema>;
