import { z } from 'zod';
import type { ErrorCode } from './error-codes';

/** The API's one error shape (spec section 8), for route response schemas and the OpenAPI description. */
export const errorBodySchema = z
  .object({
    errorMessage: z.string().describe("The message in the request's language (Accept-Language)"),
    code: z.string().describe('Stable code to switch on, e.g. 403E005, SESSION_EXPIRED'),
    data: z.unknown().optional(),
  })
  .describe('Error');

/** The one error shape of the API (spec section 8): the client shows `errorMessage` and switches on `code`. */
export interface ErrorBody {
  errorMessage: string;
  code: ErrorCode;
  data?: unknown;
}

/**
 * `data` of 403 ACCOUNT_REMOVED (a login to a deleted account, refused until the purge): when the account's data
 * is erased for good (ISO instant), after which the person can come back; null if no purge date is set.
 */
export interface AccountRemovedData {
  purgeAfter: string | null;
}

/** Error responses a route may answer with, for `schema.response`. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
} as const;
