import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiIssueTexts, fieldErrorOf } from './validation';

const refused = (body: { code: string; errorMessage: string; data?: unknown }, status = 400) =>
  new ApiError(status, body.code, body.errorMessage, body, body.errorMessage);

const controlCharacters = refused({
  code: 'VALIDATION_FAILED',
  errorMessage: 'The text contains characters that are not allowed',
  data: {
    issues: [
      {
        field: 'name',
        code: 'validation.forbiddenCharacters',
        message: 'The text contains characters that are not allowed',
      },
      { field: 'name', code: 'validation.nameTooLong', message: 'second' },
      { code: 'validation.invalidInput', message: 'Invalid input' },
    ],
  },
});

describe('the API’s refusals at the inputs', () => {
  it('reads the first validation issue of each field, and nothing from other answers', () => {
    expect(apiIssueTexts(controlCharacters.data)).toEqual(
      new Map([
        ['name', 'The text contains characters that are not allowed'],
        ['', 'Invalid input'],
      ]),
    );
    expect(apiIssueTexts({ code: 'LIST_NAME_TAKEN', errorMessage: 'x' })).toBeNull();
    expect(apiIssueTexts('Bad gateway')).toBeNull();
  });

  it('gives a field its issue, or the message of a code that belongs to it; else nothing', () => {
    expect(fieldErrorOf(controlCharacters, 'name')).toBe('The text contains characters that are not allowed');
    expect(fieldErrorOf(controlCharacters, 'message')).toBeUndefined();
    const taken = refused(
      { code: 'LIST_NAME_TAKEN', errorMessage: 'You already have a list with this name' },
      409,
    );
    expect(fieldErrorOf(taken, 'name', ['LIST_NAME_TAKEN'])).toBe('You already have a list with this name');
    expect(fieldErrorOf(taken, 'name')).toBeUndefined();
    expect(fieldErrorOf(new Error('offline'), 'name')).toBeUndefined();
  });
});
