import { CONTRACT_STATUSES, contractNameSchema } from '@mp/domain';
import { z } from 'zod';
import { strictObject } from './strict-object';

export const contractParamsSchema = z.object({ contractId: z.string().max(100) });
export const companyContractParamsSchema = z.object({
  companyId: z.string().max(100),
  contractId: z.string().max(100),
});

const personSchema = z.object({
  userId: z.uuid().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable().describe('The name; null for an account without one (show the e-mail address)'),
});

/** A contract as the list and detail calls show it (spec section 3: name, status, modified, signer, delegate). */
export const contractViewSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  projectId: z.uuid().nullable(),
  projectName: z.string().nullable(),
  name: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  modifiedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  signedAt: z.iso.datetime().nullable(),
  fileName: z.string().nullable(),
  fileSizeBytes: z.number().int().nullable(),
  fileSha256: z.string().nullable().describe('SHA-256 (hex) of the uploaded PDF'),
  signedFileSha256: z.string().nullable().describe('SHA-256 (hex) of the signed PDF, once signed'),
  signer: personSchema.describe('The recipient who signs'),
  delegate: personSchema.describe('The creator'),
  signingVia: z
    .enum(['bankid', 'email'])
    .describe(
      "How the signing provider reaches the signer: 'bankid' (their digital mailbox, signed with BankID; a " +
        "member who logged in with BankID) or 'email' (a signing link by e-mail)",
    ),
  isSigner: z.boolean().describe('The caller is the one who signs it (by account or confirmed e-mail)'),
  canManage: z.boolean().describe('The caller may send or cancel it (manage_contracts)'),
});
export type ContractView = z.output<typeof contractViewSchema>;

export const contractListSchema = z.object({ contracts: z.array(contractViewSchema) });
export const contractResponseSchema = z.object({ contract: contractViewSchema });
export const contractMessageResponseSchema = contractResponseSchema.extend({ message: z.string() });
export type ContractList = z.output<typeof contractListSchema>;
export type ContractResponse = z.output<typeof contractResponseSchema>;
export type ContractMessageResponse = z.output<typeof contractMessageResponseSchema>;

/** The text fields of the multipart upload (POST /api/company/{companyId}/contracts) beside the PDF part. */
export const contractUploadFieldsSchema = z.object({
  name: contractNameSchema.optional(),
  signerUserId: z.string().max(100).optional(),
  signerEmail: z.string().max(320).optional(),
  projectId: z.string().max(100).optional(),
});

/**
 * POST /api/company/{companyId}/contracts/{contractId}/update: a draft's name, project (null: none) and signer (a
 * member by signerUserId, or signerEmail; exactly one).
 */
export const contractUpdateBodySchema = strictObject({
  name: contractNameSchema,
  projectId: z.string().max(100).nullable(),
  signerUserId: z.string().max(100).nullable(),
  signerEmail: z.string().max(320).nullable(),
});
export type ContractUpdateInput = z.infer<typeof contractUpdateBodySchema>;

/** POST /api/signing/webhook */
export const signingWebhookReceivedSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  applied: z.boolean(),
});
