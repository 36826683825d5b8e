import { DISC_TYPE_IDS, DRIVING_FORCE_IDS } from '@mp/domain';
import { z } from 'zod';

export const questionsResponseSchema = z.object({
  questions: z.array(
    z.object({
      number: z.number().int(),
      kind: z.enum(['statement', 'pair']),
      /** statement: agree 1 (not at all) .. 5 (completely). */
      text: z.string().nullable(),
      /** pair: 1 = the left statement fits completely .. 5 = the right one does. */
      left: z.string().nullable(),
      right: z.string().nullable(),
    }),
  ),
});

export const resultSchema = z.object({
  discType: z.enum(DISC_TYPE_IDS),
  discTypeName: z.string(),
  description: z.string(),
  drivingForces: z.array(z.object({ id: z.enum(DRIVING_FORCE_IDS), name: z.string(), score: z.number() })),
  strengths: z.array(z.string()),
  completedAt: z.iso.datetime(),
});

export const assessmentStateSchema = z.object({
  status: z.enum(['not_purchased', 'purchased', 'taken', 'completed']),
  package: z.enum(['basic', 'full_coach']).nullable(),
  /** Answers so far by question number, to resume after a reload. */
  answers: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  result: resultSchema.nullable(),
});
export type AssessmentState = z.output<typeof assessmentStateSchema>;

export const purchaseBodySchema = z.strictObject({
  package: z.enum(['basic', 'full_coach']),
  cardId: z.uuid().optional(),
});

export const answerParamsSchema = z.object({ number: z.coerce.number().int().min(1).max(36) });
export const answerBodySchema = z.strictObject({ value: z.number().int().min(1).max(5) });
export const answerResponseSchema = z.object({
  saved: z.number().int(),
  answered: z.number().int(),
  total: z.number().int(),
});
export const submitResponseSchema = z.object({ status: z.literal('taken') });
