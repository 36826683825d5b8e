import { describe, expect, it } from 'vitest';
import { answerToBody, emptyAnswer, validateAnswer } from './reference-answer';

describe('the reference answer', () => {
  it('needs a decision, and for an approval a rating and a review', () => {
    expect(validateAnswer(emptyAnswer)).toEqual({ decision: 'validation.required' });
    expect(validateAnswer({ ...emptyAnswer, decision: 'approve', review: '   ' })).toEqual({
      rating: 'validation.ratingRequired',
      review: 'validation.onlySpaces',
    });
    expect(
      validateAnswer({ ...emptyAnswer, decision: 'approve', rating: 5, review: 'x'.repeat(501) }),
    ).toEqual({
      review: { code: 'validation.maxLength', params: { max: 500 } },
    });
    expect(validateAnswer({ ...emptyAnswer, decision: 'decline', comment: 'x'.repeat(2001) })).toEqual({
      comment: { code: 'validation.maxLength', params: { max: 2000 } },
    });
    expect(validateAnswer({ ...emptyAnswer, decision: 'decline' })).toEqual({});
  });

  it('sends no rating or review with a decline', () => {
    expect(answerToBody({ decision: 'decline', rating: 4, review: 'Bra', comment: ' Lycka till ' })).toEqual({
      decision: 'decline',
      rating: null,
      review: null,
      comment: 'Lycka till',
    });
    expect(answerToBody({ decision: 'approve', rating: 5, review: ' Mycket bra ', comment: '' })).toEqual({
      decision: 'approve',
      rating: 5,
      review: 'Mycket bra',
      comment: null,
    });
  });
});
