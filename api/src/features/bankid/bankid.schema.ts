import { z } from 'zod';

// Wire formats of the BankID Relying Party API v6.0 (auth, collect, cancel). Parsed with zod because they
// cross a process boundary; unknown hint and error codes are kept as strings and mapped to a generic message.

export const authRequestSchema = z.object({
  endUserIp: z.string().min(1),
  requirement: z
    .object({
      personalNumber: z
        .string()
        .regex(/^\d{12}$/)
        .optional(),
      pinCode: z.boolean().optional(),
      mrtd: z.boolean().optional(),
      cardReader: z.enum(['class1', 'class2']).optional(),
      certificatePolicies: z.array(z.string()).optional(),
    })
    .optional(),
  userVisibleData: z.string().optional(),
  userVisibleDataFormat: z.literal('simpleMarkdownV1').optional(),
  userNonVisibleData: z.string().optional(),
  returnUrl: z.string().optional(),
});
export type BankIdAuthRequest = z.infer<typeof authRequestSchema>;

export const authResponseSchema = z.object({
  orderRef: z.string().min(1),
  autoStartToken: z.string().min(1),
  qrStartToken: z.string().min(1),
  qrStartSecret: z.string().min(1),
});
export type BankIdAuthResponse = z.infer<typeof authResponseSchema>;

export const completionDataSchema = z.object({
  user: z.object({
    personalNumber: z.string().regex(/^\d{12}$/),
    name: z.string(),
    givenName: z.string(),
    surname: z.string(),
  }),
  device: z.object({ ipAddress: z.string(), uhi: z.string().optional() }).partial().optional(),
  bankIdIssueDate: z.string().optional(),
  stepUp: z.object({ mrtd: z.boolean() }).partial().optional(),
  signature: z.string(),
  ocspResponse: z.string(),
});
export type BankIdCompletionData = z.infer<typeof completionDataSchema>;

export const collectResponseSchema = z.discriminatedUnion('status', [
  z.object({ orderRef: z.string(), status: z.literal('pending'), hintCode: z.string().default('') }),
  z.object({ orderRef: z.string(), status: z.literal('failed'), hintCode: z.string().default('') }),
  z.object({ orderRef: z.string(), status: z.literal('complete'), completionData: completionDataSchema }),
]);
export type BankIdCollectResponse = z.infer<typeof collectResponseSchema>;

export const errorResponseSchema = z.object({ errorCode: z.string(), details: z.string().default('') });

/** Pending hint codes of v6.0; others may appear and are treated as "in progress". */
export const PENDING_HINT_CODES = [
  'outstandingTransaction',
  'noClient',
  'started',
  'userMrtd',
  'userCallConfirm',
  'userSign',
] as const;

/** Failed hint codes of v6.0; others may appear and are treated as an unknown failure. */
export const FAILED_HINT_CODES = [
  'expiredTransaction',
  'certificateErr',
  'userCancel',
  'cancelled',
  'startFailed',
  'userDeclinedCall',
  'notSupportedByUserApp',
] as const;

/** Error codes of v6.0 (HTTP 4xx/5xx bodies). */
export const ERROR_CODES = [
  'alreadyInProgress',
  'invalidParameters',
  'unauthorized',
  'notFound',
  'methodNotAllowed',
  'requestTimeout',
  'unsupportedMediaType',
  'internalError',
  'maintenance',
] as const;
