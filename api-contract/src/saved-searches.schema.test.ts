import { describe, expect, it } from 'vitest';
import { EMPTY_CRITERIA } from '@mp/search-schema';
import { createGroupBodySchema, renameGroupBodySchema } from './favorites.schema';
import { createSavedSearchBodySchema } from './saved-searches.schema';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('createSavedSearchBodySchema', () => {
  it('parses a saved search with defaults', () => {
    expect(
      createSavedSearchBodySchema.parse({ name: '  Java i Göteborg ', search: { skills: ['JS'] } }),
    ).toEqual({
      name: 'Java i Göteborg',
      search: { ...EMPTY_CRITERIA, skills: ['javascript'] },
      sendEmail: false,
    });
  });

  it('applies the name rule: required, not only spaces, at most 30', () => {
    expect(messagesOf(createSavedSearchBodySchema.safeParse({ name: '', search: {} }))).toEqual([
      'validation.required',
    ]);
    expect(messagesOf(createSavedSearchBodySchema.safeParse({ name: '   ', search: {} }))).toEqual([
      'validation.onlySpaces',
    ]);
    expect(messagesOf(createSavedSearchBodySchema.safeParse({ name: 'x'.repeat(31), search: {} }))).toEqual([
      'validation.nameTooLong',
    ]);
    expect(createSavedSearchBodySchema.safeParse({ name: 'x'.repeat(30), search: {} }).success).toBe(true);
  });

  it('validates the criteria inside', () => {
    expect(
      messagesOf(createSavedSearchBodySchema.safeParse({ name: 'a', search: { locations: ['mars'] } })),
    ).toEqual(['validation.invalidInput']);
  });
});

describe('favourites groups', () => {
  it('creates, renames and describes groups with the list-name rule', () => {
    expect(createGroupBodySchema.parse({ name: ' Backend ', members: ['u1', 'u1', 'u2'] })).toEqual({
      name: 'Backend',
      members: ['u1', 'u2'],
    });
    expect(createGroupBodySchema.parse({ name: 'A' })).toEqual({ name: 'A', members: [] });
    expect(messagesOf(renameGroupBodySchema.safeParse({ name: '  ' }))).toEqual(['validation.onlySpaces']);
    expect(messagesOf(renameGroupBodySchema.safeParse({ name: 'y'.repeat(31) }))).toEqual([
      'validation.nameTooLong',
    ]);
  });
});
