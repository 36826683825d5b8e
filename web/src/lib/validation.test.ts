import { contractNameSchema, projectNameSchema } from '@mp/domain/companies';
import { contactInquirySchema } from '@mp/domain/validation';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { ensureMessages, i18n } from './i18n';
import {
  apiIssueTexts,
  fieldErrorOf,
  firstFormIssue,
  firstIssue,
  formIssueOf,
  formIssueText,
  maxLengthIssue,
} from './validation';

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

describe('a form’s own check of a text’s length', () => {
  const textIn = async (language: 'sv' | 'en', issue: Parameters<typeof formIssueText>[1]) => {
    await i18n.changeLanguage(language);
    await ensureMessages();
    return formIssueText(i18n.t, issue);
  };

  it('finds the limit the domain schema refuses, as the API’s error handler does', () => {
    expect(firstFormIssue(projectNameSchema, 'P'.repeat(101))).toEqual({
      code: 'validation.maxLength',
      params: { max: '100' },
    });
    expect(firstFormIssue(contractNameSchema, 'Å'.repeat(200))).toBeUndefined();
    expect(firstFormIssue(projectNameSchema, '   ')).toEqual({ code: 'validation.onlySpaces' });
    const inquiry = contactInquirySchema.safeParse({
      name: 'N'.repeat(201),
      email: 'a@b.se',
      details: 'Behöver en utvecklare',
      terms: true,
    });
    expect(formIssueOf(inquiry.error!.issues[0]!)).toEqual({
      code: 'validation.maxLength',
      params: { max: '200' },
    });
  });

  it('words what zod alone refuses as the API does, not as a bare "Invalid input"', async () => {
    const fee = z.object({ hourlyFee: z.number().int().min(1) });
    const notWhole = firstFormIssue(fee, { hourlyFee: 1.5 })!;
    expect(await textIn('sv', notWhole)).toBe('Ska vara ett heltal');
    expect(await textIn('en', firstFormIssue(fee, { hourlyFee: 0 })!)).toBe('Must be at least 1');
    expect(await textIn('en', firstFormIssue(z.enum(['sv', 'en']), 'de')!)).toBe(
      'Invalid value, must be one of: sv, en',
    );
    expect(firstIssue(z.uuid(), 'not-an-id')).toBe('validation.invalidId');
    // A regex without a message of its own still says 'Invalid input'.
    expect(firstIssue(z.string().regex(/^a$/), 'b')).toBe('validation.invalidInput');
  });

  it('says the limit with its number in the interface language, in the API’s words', async () => {
    const tooLong = firstFormIssue(contractNameSchema, 'Å'.repeat(201))!;
    expect(await textIn('en', tooLong)).toBe('Cannot be longer than 200 characters');
    expect(await textIn('sv', tooLong)).toBe('Får inte vara längre än 200 tecken');
    expect(await textIn('en', maxLengthIssue(2000))).toBe('Cannot be longer than 2000 characters');
    expect(await textIn('sv', 'validation.required')).toBe('Fältet är obligatoriskt');
  });
});
