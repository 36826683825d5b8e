import { z } from 'zod';

// Terms of use, privacy and cookie policies: accepting the current terms, and the admin's versions.

export const termsKindSchema = z.enum(['users', 'privacy', 'cookies']);
const bodyText = z.string().trim().min(1, 'validation.required').max(100_000, 'validation.invalidInput');

/** The texts of a draft, in both languages. */
export const termsTextsSchema = z.object({ bodySv: bodyText, bodyEn: bodyText });
export const createTermsDraftBodySchema = termsTextsSchema.extend({ kind: termsKindSchema });
export const termsVersionParamsSchema = z.object({ id: z.uuid() });
export const termsVersionsQuerySchema = z.object({ kind: termsKindSchema.optional() });

export const termsVersionSchema = z.object({
  id: z.uuid(),
  kind: termsKindSchema,
  version: z.number().int(),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  effectiveAt: z.string().nullable(),
  bodySv: z.string(),
  bodyEn: z.string(),
  acceptances: z.number().int(),
  updatedAt: z.string(),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;
export const termsVersionListSchema = z.object({ versions: z.array(termsVersionSchema) });

/** GET /api/terms/application/accept */
export const termsAcceptedSchema = z.object({ accepted: z.literal(true), version: z.number().int() });
