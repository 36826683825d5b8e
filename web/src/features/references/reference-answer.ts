import type { MessageCode } from '@mp/domain/messages';
import { notOnlySpacesSchema, requiredTextSchema } from '@mp/domain/validation';
import { firstIssue, maxLengthIssue, type FormIssue } from '../../lib/validation';
import type { ReferenceAnswerBody } from './api/references';

// The referee's answer form and its rules, as the API judges them (`references.schema.ts`).

export const REVIEW_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 2000;

export interface ReferenceAnswerForm {
  decision: 'approve' | 'decline' | '';
  rating: number | null;
  review: string;
  comment: string;
}

export const emptyAnswer: ReferenceAnswerForm = { decision: '', rating: null, review: '', comment: '' };

/** Problems keyed by field (a text too long with its limit); approving needs a rating from 1 to 5 and a short review. */
export function validateAnswer(
  form: ReferenceAnswerForm,
): Partial<Record<keyof ReferenceAnswerForm, MessageCode | FormIssue>> {
  const errors: Partial<Record<keyof ReferenceAnswerForm, MessageCode | FormIssue>> = {};
  if (!form.decision) errors.decision = 'validation.required';
  const commentProblem =
    firstIssue(notOnlySpacesSchema, form.comment) ??
    (form.comment.trim().length > COMMENT_MAX_LENGTH ? maxLengthIssue(COMMENT_MAX_LENGTH) : undefined);
  if (commentProblem) errors.comment = commentProblem;
  if (form.decision !== 'approve') return errors;
  if (form.rating === null || form.rating < 1 || form.rating > 5) errors.rating = 'validation.ratingRequired';
  const reviewProblem =
    firstIssue(requiredTextSchema, form.review) ??
    (form.review.trim().length > REVIEW_MAX_LENGTH ? maxLengthIssue(REVIEW_MAX_LENGTH) : undefined);
  if (reviewProblem) errors.review = reviewProblem;
  return errors;
}

/** The body sent to the API: a decline carries no rating or review. */
export function answerToBody(form: ReferenceAnswerForm): ReferenceAnswerBody {
  const approve = form.decision === 'approve';
  return {
    decision: approve ? 'approve' : 'decline',
    rating: approve ? form.rating : null,
    review: approve ? form.review.trim() : null,
    comment: form.comment.trim() || null,
  };
}
