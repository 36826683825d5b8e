import { emailSchema, firstNameSchema, lastNameSchema, type MessageCode } from '@mp/domain';
import { z } from 'zod';
import { optionalText } from './text-fields';

const code = (c: MessageCode) => c;

/** POST /api/profile/experiences/{experienceId}/references: the referee (spec section 3, Reference). */
export const addReferenceBodySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
});
export type AddReferenceBody = z.infer<typeof addReferenceBodySchema>;

export const REVIEW_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 2000;

/**
 * POST /api/references/{token}: the referee's answer. Approving needs a rating (1-5) and a short review;
 * declining needs nothing else. The comment is a note to the consultant, never shown on the profile.
 */
export const answerReferenceBodySchema = z
  .object({
    decision: z.enum(['approve', 'decline'], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalidInput',
    }),
    rating: z
      .number({ error: code('validation.ratingRequired') })
      .int(code('validation.ratingRequired'))
      .min(1, code('validation.ratingRequired'))
      .max(5, code('validation.ratingRequired'))
      .nullish()
      .transform((v) => v ?? null),
    review: optionalText(REVIEW_MAX_LENGTH),
    comment: optionalText(COMMENT_MAX_LENGTH),
  })
  .superRefine((answer, ctx) => {
    if (answer.decision !== 'approve') return;
    if (answer.rating === null) {
      ctx.addIssue({ code: 'custom', path: ['rating'], message: code('validation.ratingRequired') });
    }
    if (answer.review === null) {
      ctx.addIssue({ code: 'custom', path: ['review'], message: code('validation.required') });
    }
  });
export type AnswerReferenceBody = z.output<typeof answerReferenceBodySchema>;

export const experienceParamsSchema = z.object({ experienceId: z.uuid() });
export const referenceParamsSchema = z.object({ referenceId: z.uuid() });
/** Any string: a malformed token is answered like an unknown one ('Access restricted'), not as a 400. */
export const tokenParamsSchema = z.object({ token: z.string() });

/** GET /api/references/{token}: what the referee sees; never the consultant's contact details. */
export const referenceRequestSchema = z
  .object({
    referee: z.object({ firstName: z.string(), lastName: z.string() }),
    consultant: z.object({ firstName: z.string().nullable() }),
    experience: z.object({
      company: z.string(),
      jobTitle: z.string(),
      startYear: z.number().int(),
      endYear: z.number().int().nullable(),
      ongoing: z.boolean(),
    }),
    status: z.literal('pending'),
    /** The page's language: the consultant's (Swedish unless it is English). */
    locale: z.enum(['sv', 'en']),
  })
  .describe('ReferenceRequest');

export const referenceAnsweredSchema = z.object({
  status: z.enum(['approved', 'declined']),
  /** 'Thank you! Your answer has been recorded' in the request's language. */
  message: z.string(),
});
