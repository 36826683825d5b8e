import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPersonalNumber } from '@mp/test-support/factories';
import { useTestApp } from '@mp/test-support/test-app';

// A refused value that is not free text says what is wrong with it, in the request's language and at its
// field, where the schema names no message of its own: an id that is not an id, a value outside an enum's set,
// a number out of range, a value of the wrong type, a field left out (api/src/errors.ts, issueMessage).

const { call, createLoggedInUser } = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = (await createLoggedInUser({ isAdmin: true })).token;
});

async function refusal(method: 'GET' | 'PUT' | 'POST', url: string, language: 'sv' | 'en', payload?: object) {
  const response = await call(method, url, admin, payload, language);
  expect(response.statusCode, response.body).toBe(400);
  return JSON.parse(response.body) as unknown;
}

function refused(field: string, code: string, message: string) {
  return { errorMessage: message, code: 'VALIDATION_FAILED', data: { issues: [{ field, code, message }] } };
}

describe('a malformed id in a path', () => {
  it("is 'Ogiltigt id' / 'Invalid id'", async () => {
    expect(await refusal('GET', '/api/admin/users/not-a-uuid', 'sv')).toEqual(
      refused('userId', 'validation.invalidId', 'Ogiltigt id'),
    );
    expect(await refusal('GET', '/api/admin/users/not-a-uuid', 'en')).toEqual(
      refused('userId', 'validation.invalidId', 'Invalid id'),
    );
  });
});

describe('an unknown enum value', () => {
  it('names the values allowed', async () => {
    expect(await refusal('GET', '/api/admin/feedback?status=done', 'sv')).toEqual(
      refused(
        'status',
        'validation.mustBeOneOf',
        'Ogiltigt värde, ska vara ett av: new, in_progress, answered, closed',
      ),
    );
    expect(await refusal('GET', '/api/admin/feedback?status=done', 'en')).toEqual(
      refused(
        'status',
        'validation.mustBeOneOf',
        'Invalid value, must be one of: new, in_progress, answered, closed',
      ),
    );
  });
});

describe('a number out of range', () => {
  it('names the limit it broke', async () => {
    expect(await refusal('GET', '/api/admin/feedback?page=0', 'sv')).toEqual(
      refused('page', 'validation.numberMin', 'Måste vara minst 1'),
    );
    expect(await refusal('GET', '/api/admin/feedback?pageSize=101', 'en')).toEqual(
      refused('pageSize', 'validation.numberMax', 'Must be at most 100'),
    );
  });

  it('that is not a number at all is not one', async () => {
    expect(await refusal('GET', '/api/admin/feedback?page=abc', 'sv')).toEqual(
      refused('page', 'validation.mustBeNumber', 'Ska vara ett tal'),
    );
    expect(await refusal('GET', '/api/admin/feedback?page=1.5', 'en')).toEqual(
      refused('page', 'validation.mustBeWholeNumber', 'Must be a whole number'),
    );
  });
});

describe('a value of the wrong type', () => {
  const url = () => `/api/admin/users/${randomUUID()}/admin`;

  it('names the type wanted', async () => {
    expect(await refusal('PUT', url(), 'sv', { isAdmin: 'yes' })).toEqual(
      refused('isAdmin', 'validation.mustBeBoolean', 'Ska vara sant eller falskt'),
    );
    expect(await refusal('PUT', url(), 'en', { isAdmin: 'yes' })).toEqual(
      refused('isAdmin', 'validation.mustBeBoolean', 'Must be true or false'),
    );
    expect(await refusal('POST', '/api/feedback', 'en', { message: 'Hej', page: 5 })).toMatchObject(
      refused('page', 'validation.mustBeText', 'Must be text'),
    );
  });

  it('left out is required', async () => {
    expect(await refusal('PUT', url(), 'sv', {})).toEqual(
      refused('isAdmin', 'validation.required', 'Fältet är obligatoriskt'),
    );
    expect(await refusal('PUT', url(), 'en', {})).toEqual(
      refused('isAdmin', 'validation.required', 'Field is required'),
    );
  });
});

// Values checked against a pattern say what the pattern wants, not a bare 'Invalid input'.
describe('a value written in the wrong form', () => {
  it('a vocabulary id or category names the characters allowed', async () => {
    const entry = { sv: 'Rust', en: 'Rust', aliases: [] };
    expect(
      await refusal('POST', '/api/admin/vocabularies/skills', 'sv', { ...entry, id: 'Rust Lang' }),
    ).toEqual(
      refused(
        'id',
        'validation.invalidVocabularyId',
        'Använd bara små bokstäver a-z och siffror, förenade med enstaka bindestreck',
      ),
    );
    expect(
      await refusal('POST', '/api/admin/vocabularies/skills', 'en', { ...entry, category: 'Web dev' }),
    ).toEqual(
      refused(
        'category',
        'validation.invalidVocabularyCategory',
        'Use only lowercase letters a-z and digits, joined by single hyphens or underscores',
      ),
    );
  });

  it("a card form's token or return page", async () => {
    expect(await refusal('POST', '/api/payment/cards', 'sv', { token: 'pm 1; drop' })).toEqual(
      refused('token', 'validation.invalidCardToken', 'Ogiltig kortreferens från kortformuläret'),
    );
    expect(await refusal('GET', '/api/payment/card-form?returnPath=https://evil.example', 'en')).toEqual(
      refused(
        'returnPath',
        'validation.invalidReturnPath',
        'Invalid return address, it must be a page of this site',
      ),
    );
  });

  it("the BankID login's tab", async () => {
    const body = { nationalIdentityNumber: createPersonalNumber(), tab: '../admin' };
    expect(await refusal('PUT', '/auth', 'sv', body)).toEqual(
      refused('tab', 'validation.invalidTab', 'Ogiltigt fliknamn'),
    );
    expect(await refusal('PUT', '/auth', 'en', body)).toEqual(
      refused('tab', 'validation.invalidTab', 'Invalid tab name'),
    );
  });
});
