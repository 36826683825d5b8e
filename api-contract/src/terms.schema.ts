import { LOCALES } from '@mp/domain/locale';
import { z } from 'zod';

// Terms of use, privacy and cookie policies: accepting the current terms, and the admin's versions.

export const termsKindSchema = z.enum(['users', 'privacy', 'cookies']);
const bodyText = z.string().trim().min(1, 'validation.required').max(100_000, 'validation.maxLength');

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
export const termsAcceptedSchema = z.object({
  accepted: z.literal(true),
  /** The terms of use's version, null when only a policy was waiting. */
  version: z.number().int().nullable(),
  /** Every kind whose newest published version was accepted by this call. */
  kinds: z.array(termsKindSchema),
});

/** A published version waiting for a user's acceptance (GET /api/user `terms.pending`). */
export const pendingTermsSchema = z.object({
  kind: termsKindSchema,
  version: z.number().int(),
  publishedAt: z.string(),
  /** When the version takes effect: posted now, in force after the notice period (spec section 1). */
  effectiveAt: z.string().nullable(),
});
export type PendingTerms = z.infer<typeof pendingTermsSchema>;

export const termsKindParamsSchema = z.object({ kind: termsKindSchema });

/** GET /api/terms/{kind}/current: the newest published version's text, in the request's language. */
export const currentTermsSchema = z.object({
  kind: termsKindSchema,
  version: z.number().int(),
  language: z.enum(LOCALES),
  body: z.string(),
  publishedAt: z.string(),
  effectiveAt: z.string().nullable(),
  /**
   * While this version is posted but not yet in force (effectiveAt in the future): the published version that
   * applies until then. Null when this version is in force, or none was published before it (the built-in
   * text applies).
   */
  previous: z
    .object({
      version: z.number().int(),
      body: z.string(),
      publishedAt: z.string(),
      effectiveAt: z.string().nullable(),
    })
    .nullable(),
});
export type CurrentTerms = z.infer<typeof currentTermsSchema>;
export type TermsKind = z.infer<typeof termsKindSchema>;
