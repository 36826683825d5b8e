import { describe, expect, it } from 'vitest';
import { EMPTY_CRITERIA } from './criteria.schema';
import {
  favoritesGroupInputSchema,
  favoritesGroupRenameSchema,
  favoritesGroupSchema,
  savedSearchInputSchema,
  savedSearchSchema,
  tagsRequestSchema,
  vocabularyRequestSchema,
} from './saved-search.schema';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('savedSearchInputSchema', () => {
  it('parses a saved search with defaults', () => {
    expect(savedSearchInputSchema.parse({ name: '  Java i Göteborg ', search: { skills: ['JS'] } })).toEqual({
      name: 'Java i Göteborg',
      search: { ...EMPTY_CRITERIA, skills: ['javascript'] },
      sendEmail: false,
    });
  });

  it('applies the name rule: required, not only spaces, at most 30', () => {
    expect(messagesOf(savedSearchInputSchema.safeParse({ name: '', search: {} }))).toEqual([
      'validation.required',
    ]);
    expect(messagesOf(savedSearchInputSchema.safeParse({ name: '   ', search: {} }))).toEqual([
      'validation.onlySpaces',
    ]);
    expect(messagesOf(savedSearchInputSchema.safeParse({ name: 'x'.repeat(31), search: {} }))).toEqual([
      'validation.nameTooLong',
    ]);
    expect(savedSearchInputSchema.safeParse({ name: 'x'.repeat(30), search: {} }).success).toBe(true);
  });

  it('validates the criteria inside', () => {
    expect(
      messagesOf(savedSearchInputSchema.safeParse({ name: 'a', search: { locations: ['mars'] } })),
    ).toEqual(['validation.invalidInput']);
  });

  it('describes a stored saved search', () => {
    expect(savedSearchSchema.parse({ id: 's1', name: 'a', search: {}, sendEmail: true })).toEqual({
      id: 's1',
      name: 'a',
      search: EMPTY_CRITERIA,
      sendEmail: true,
    });
  });
});

describe('favourites groups', () => {
  it('creates, renames and describes groups with the list-name rule', () => {
    expect(favoritesGroupInputSchema.parse({ name: ' Backend ', members: ['u1', 'u1', 'u2'] })).toEqual({
      name: 'Backend',
      members: ['u1', 'u2'],
    });
    expect(favoritesGroupInputSchema.parse({ name: 'A' })).toEqual({ name: 'A', members: [] });
    expect(messagesOf(favoritesGroupRenameSchema.safeParse({ name: '  ' }))).toEqual([
      'validation.onlySpaces',
    ]);
    expect(messagesOf(favoritesGroupRenameSchema.safeParse({ name: 'y'.repeat(31) }))).toEqual([
      'validation.nameTooLong',
    ]);
    expect(favoritesGroupSchema.parse({ id: 'g1', name: 'Backend', members: ['u1'] })).toEqual({
      id: 'g1',
      name: 'Backend',
      members: ['u1'],
    });
  });
});

describe('tagsRequestSchema', () => {
  it('takes a tag and partial conditions', () => {
    expect(tagsRequestSchema.parse({ tag: 'skills', conditions: { skills: ['JS'] } })).toEqual({
      tag: 'skills',
      conditions: { skills: ['javascript'] },
    });
    expect(tagsRequestSchema.parse({ tag: 'personalities' })).toEqual({
      tag: 'personalities',
      conditions: {},
    });
    expect(tagsRequestSchema.safeParse({ tag: 'locations' }).success).toBe(false);
  });
});

describe('vocabularyRequestSchema', () => {
  it('defaults to 10 suggestions and allows at most 50', () => {
    expect(vocabularyRequestSchema.parse({ vocabulary: 'skills', searchTerm: ' jav ' })).toEqual({
      vocabulary: 'skills',
      searchTerm: 'jav',
      suggestions: 10,
    });
    expect(vocabularyRequestSchema.parse({ vocabulary: 'languages', suggestions: 50 }).suggestions).toBe(50);
    expect(vocabularyRequestSchema.safeParse({ vocabulary: 'skills', suggestions: 51 }).success).toBe(false);
    expect(vocabularyRequestSchema.safeParse({ vocabulary: 'degrees' }).success).toBe(false);
  });
});
