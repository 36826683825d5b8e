import { paymentDetailsBodySchema, type PaymentDetailsBody } from '@mp/api-contract/payments.schema';
import type { z } from 'zod';
import { formIssueOf, type FormIssue } from './validation';

/** The inputs of the payment details form; `number` is the organisation or personal identity number. */
export type PaymentDetailsField =
  'billingName' | 'addressLine' | 'postalCode' | 'city' | 'number' | 'vatNumber';

/**
 * What the API would refuse in the payment details, checked in the browser with its own schema before any
 * request: the first problem per input, worded as the API words it. Empty when the form may be sent.
 */
export function paymentDetailsIssues(
  body: z.input<typeof paymentDetailsBodySchema> | Partial<PaymentDetailsBody>,
): Partial<Record<PaymentDetailsField, FormIssue>> {
  const result = paymentDetailsBodySchema.safeParse(body);
  if (result.success) return {};
  const issues: Partial<Record<PaymentDetailsField, FormIssue>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field = key === 'organisationNumber' || key === 'personalNumber' ? 'number' : key;
    if (
      (field === 'billingName' ||
        field === 'addressLine' ||
        field === 'postalCode' ||
        field === 'city' ||
        field === 'number' ||
        field === 'vatNumber') &&
      !issues[field]
    ) {
      issues[field] = formIssueOf(issue);
    }
  }
  return issues;
}
