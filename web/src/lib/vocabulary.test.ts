import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { suggestTerms } from './vocabulary';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('suggestTerms', () => {
  it('asks for suggestions for what was typed', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ results: [{ id: 'data', label: 'Datateknik' }] });
    expect(await suggestTerms('fieldsOfStudy', 'Data')).toEqual([{ id: 'data', label: 'Datateknik' }]);
    expect(post).toHaveBeenCalledWith(
      '/search/vocabulary/v2',
      { vocabulary: 'fieldsOfStudy', searchTerm: 'Data', suggestions: 10 },
      expect.objectContaining({ background: true }),
    );
  });

  it('asks nothing for a text longer than any term (the API refuses over 100 characters)', async () => {
    const post = vi.spyOn(api, 'post');
    expect(await suggestTerms('fieldsOfStudy', 'x'.repeat(101))).toEqual([]);
    expect(post).not.toHaveBeenCalled();
  });
});
