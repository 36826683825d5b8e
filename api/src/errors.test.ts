import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { translatedIssue, validationError, zodIssueLimits } from './errors';

// A refusal's message names the limit it broke: zod 4 gives it as `maximum` (too_big) or `minimum`
// (too_small), and the catalogue's messages write it as `{max}` and `{min}`.

describe('zodIssueLimits', () => {
  it("takes a too_big issue's maximum as {max} and a too_small issue's minimum as {min}", () => {
    const tooLong = z.string().max(3, 'validation.maxLength').safeParse('abcd');
    expect(zodIssueLimits(tooLong.error?.issues[0])).toEqual({ max: '3' });
    const tooShort = z.string().min(8, 'validation.passwordTooShort').safeParse('abc');
    expect(zodIssueLimits(tooShort.error?.issues[0])).toEqual({ min: '8' });
    expect(zodIssueLimits({ code: 'custom' })).toBeUndefined();
    expect(zodIssueLimits(undefined)).toBeUndefined();
  });

  it('fills the message in the requested language', () => {
    const issue = z.string().max(200, 'validation.maxLength').safeParse('a'.repeat(201)).error!.issues[0]!;
    expect(translatedIssue('name', issue.message, 'en', zodIssueLimits(issue))).toEqual({
      field: 'name',
      code: 'validation.maxLength',
      message: 'Cannot be longer than 200 characters',
    });
    expect(validationError([issue], 'sv').data).toEqual({
      issues: [
        { field: undefined, code: 'validation.maxLength', message: 'Får inte vara längre än 200 tecken' },
      ],
    });
  });

  it("gives the answer's own message the first problem's limits", () => {
    const issue = z.string().max(200, 'validation.maxLength').safeParse('a'.repeat(201)).error!.issues[0]!;
    const error = validationError([issue, { path: 'email', message: 'validation.invalidEmail' }], 'en');
    expect(error.messageCode).toBe('validation.maxLength');
    expect(error.params).toEqual({ max: '200' });
    expect(
      validationError([{ path: 'email', message: 'validation.invalidEmail' }], 'en').params,
    ).toBeUndefined();
  });
});
