import { z } from 'zod';
import { linkParamsSchema } from '@mp/api-contract/companies.schema';
import { cookieConsentBodySchema } from '@mp/api-contract/cookie-consent.schema';
import { loginRedirectSchema } from '@mp/api-contract/users.schema';
import { describe, expect, it } from 'vitest';
import { issueMessage, translatedZodIssue, validationError, zodIssueLimits, type IssueFacts } from './errors';
import { translatedIssue } from './errors';

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

// A non-text value a schema gives no message of its own (or only 'Invalid input') is worded from zod's issue
// code: real zod schemas, their first issue, as fastify-type-provider-zod hands it to the error handler.
function firstIssue(schema: z.ZodType, input: unknown): IssueFacts {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0]!;
}

function both(schema: z.ZodType, input: unknown, extra: Partial<IssueFacts> = {}) {
  const issue = { ...firstIssue(schema, input), ...extra };
  return {
    sv: translatedZodIssue('field', issue, 'sv').message,
    en: translatedZodIssue('field', issue, 'en').message,
  };
}

describe('issueMessage', () => {
  it('calls a malformed uuid an invalid id', () => {
    expect(both(z.uuid(), 'not-a-uuid')).toEqual({ sv: 'Ogiltigt id', en: 'Invalid id' });
    expect(both(z.uuid('validation.invalidInput'), '123')).toEqual({ sv: 'Ogiltigt id', en: 'Invalid id' });
  });

  it('names the values an enum or literal allows', () => {
    expect(both(z.enum(['monthly', 'yearly']), 'weekly')).toEqual({
      sv: 'Ogiltigt värde, ska vara ett av: monthly, yearly',
      en: 'Invalid value, must be one of: monthly, yearly',
    });
    expect(issueMessage(firstIssue(z.literal('refunded'), 'paid'))).toEqual({
      code: 'validation.mustBeOneOf',
      params: { values: 'refunded' },
    });
  });

  it("names a number's limits, inclusive or not", () => {
    const page = z.coerce.number().int().min(1).max(100);
    expect(both(page, '0')).toEqual({ sv: 'Måste vara minst 1', en: 'Must be at least 1' });
    expect(both(page, '101')).toEqual({ sv: 'Måste vara högst 100', en: 'Must be at most 100' });
    expect(both(z.number().positive(), 0)).toEqual({
      sv: 'Måste vara större än 0',
      en: 'Must be greater than 0',
    });
    expect(both(z.number().lt(5), 5)).toEqual({ sv: 'Måste vara mindre än 5', en: 'Must be less than 5' });
    // A schema that only said 'Invalid input' gets the limit too.
    expect(both(z.number().max(3650, 'validation.invalidInput'), 4000).en).toBe('Must be at most 3650');
  });

  it('names the type wanted', () => {
    expect(both(z.number(), 'ten')).toEqual({ sv: 'Ska vara ett tal', en: 'Must be a number' });
    expect(both(z.coerce.number(), 'ten').en).toBe('Must be a number');
    expect(both(z.number().int(), 1.5)).toEqual({ sv: 'Ska vara ett heltal', en: 'Must be a whole number' });
    expect(both(z.boolean(), 'yes')).toEqual({
      sv: 'Ska vara sant eller falskt',
      en: 'Must be true or false',
    });
    expect(both(z.boolean({ error: 'validation.invalidInput' }), 1).en).toBe('Must be true or false');
    expect(both(z.string(), 5)).toEqual({ sv: 'Ska vara text', en: 'Must be text' });
    expect(both(z.array(z.string()), 'a')).toEqual({ sv: 'Ska vara en lista', en: 'Must be a list' });
    expect(both(z.object({}), 'a')).toEqual({ sv: 'Ska vara ett objekt', en: 'Must be an object' });
  });

  it('calls an absent field required', () => {
    expect(both(z.uuid(), undefined, { missing: true })).toEqual({
      sv: 'Fältet är obligatoriskt',
      en: 'Field is required',
    });
  });

  it("names a text's or a list's size", () => {
    expect(both(z.string().max(500), 'a'.repeat(501)).en).toBe('Cannot be longer than 500 characters');
    expect(both(z.string().min(1), '').en).toBe('Field is required');
    expect(both(z.string().min(3), 'ab')).toEqual({
      sv: 'Måste vara minst 3 tecken långt',
      en: 'Must be at least 3 characters long',
    });
    expect(both(z.array(z.string()).max(2), ['a', 'b', 'c'])).toEqual({
      sv: 'Får inte ha fler än 2 poster',
      en: 'Cannot have more than 2 entries',
    });
    expect(both(z.array(z.string()).min(1), []).en).toBe('Field is required');
    expect(both(z.array(z.string()).min(2), ['a']).en).toBe('Must have at least 2 entries');
  });

  it("keeps a schema's own message, and 'Invalid input' where nothing more precise is known", () => {
    expect(both(z.uuid('error.invalidToken'), 'x').en).toBe('Missing or invalid token.');
    expect(both(z.number().max(24, 'validation.tooManyHoursPerDay'), 25).en).toBe(
      'Cannot report more than 24 hours per day',
    );
    expect(both(z.string().regex(/^a$/, 'validation.invalidInput'), 'b').en).toBe('Invalid input');
    expect(
      both(
        z.string().refine(() => false),
        'b',
      ).en,
    ).toBe('Invalid input');
  });

  it("gives a route's own refusal the first problem's worded message", () => {
    const error = validationError(
      [{ ...firstIssue(z.enum(['a', 'b']), 'c'), path: ['kind'], message: 'Invalid option' }],
      'en',
    );
    expect(error.messageCode).toBe('validation.mustBeOneOf');
    expect(error.params).toEqual({ values: 'a, b' });
    expect(error.data).toEqual({
      issues: [
        { field: 'kind', code: 'validation.mustBeOneOf', message: 'Invalid value, must be one of: a, b' },
      ],
    });
  });
});

describe("the API's own non-text fields", () => {
  it('word a return address, a page address and a join link as what they are', () => {
    expect(both(loginRedirectSchema, 'https://evil.example/app')).toEqual({
      sv: 'Ogiltig returadress, den ska vara en sida på den här webbplatsen',
      en: 'Invalid return address, it must be a page of this site',
    });
    expect(both(loginRedirectSchema, '/login').en).toBe(
      'Invalid return address, it must be a page of this site',
    );
    expect(both(cookieConsentBodySchema, { page: 'https://evil.example/' })).toEqual({
      sv: 'Ogiltig sidadress, den ska vara en sökväg på den här webbplatsen',
      en: 'Invalid page address, it must be a path of this site',
    });
    expect(both(linkParamsSchema, { link: 'x'.repeat(201) })).toEqual({
      sv: 'Token saknas eller är ogiltig.',
      en: 'Missing or invalid token.',
    });
  });
});
