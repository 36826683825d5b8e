import { LOCALES, requiredTextSchema, type MessageCode } from '@mp/domain';
import { z } from 'zod';

export const FEEDBACK_MESSAGE_MAX = 5_000;
export const FEEDBACK_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;

/** POST /api/feedback: what the user wrote and the app page they were on. */
export const feedbackBodySchema = z.object({
  message: requiredTextSchema.max(FEEDBACK_MESSAGE_MAX, 'validation.maxLength' satisfies MessageCode),
  page: z.string().trim().max(500).nullish(),
});
export type FeedbackBody = z.output<typeof feedbackBodySchema>;

export const feedbackItemSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** The sender has deleted the account: an answer is kept but not mailed. */
  senderRemoved: z.boolean(),
  message: z.string(),
  page: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  /** The sender's language when they wrote: the answer is mailed in it. */
  locale: z.enum(LOCALES),
  answer: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});

export const adminFeedbackQuerySchema = z.object({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** PUT /api/admin/feedback/{id}: a new status, or an answer (which is mailed and sets 'answered'). */
export const feedbackUpdateSchema = z
  .object({
    status: z.enum(FEEDBACK_STATUSES).optional(),
    answer: requiredTextSchema
      .max(FEEDBACK_MESSAGE_MAX, 'validation.maxLength' satisfies MessageCode)
      .optional(),
  })
  .refine((body) => body.status !== undefined || body.answer !== undefined, {
    message: 'validation.required',
    path: ['answer'],
  });
export type FeedbackUpdate = z.output<typeof feedbackUpdateSchema>;

/**
 * PUT /api/admin/feedback/{id}: the item, and for an answer whether it was mailed: 'sent', or why not
 * ('accountRemoved': the sender deleted the account; 'noEmail': the account has no address); null for a status
 * change.
 */
export const FEEDBACK_ANSWER_MAIL = ['sent', 'accountRemoved', 'noEmail'] as const;
export const feedbackHandledSchema = feedbackItemSchema.extend({
  answerMail: z.enum(FEEDBACK_ANSWER_MAIL).nullable(),
});

/** GET /api/admin/feedback: one page of feedback. */
export const feedbackPageSchema = z.object({
  items: z.array(feedbackItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const feedbackParamsSchema = z.object({ id: z.uuid() });

/** POST /api/feedback */
export const feedbackReceivedSchema = z.object({ id: z.uuid(), message: z.string() });
