import { describe, expect, it } from 'vitest';
import { describeSearchFilter } from './search-filter-labels';

describe('a recorded search filter in words', () => {
  it('names the value of a closed list in the language', () => {
    expect(describeSearchFilter('locations:goteborg', 'en')).toEqual({
      name: 'locations',
      value: 'Gothenburg',
    });
    expect(describeSearchFilter('locations:goteborg', 'sv')).toEqual({
      name: 'locations',
      value: 'Göteborg',
    });
    expect(describeSearchFilter('educationLevel:masters', 'en').value).not.toBe('masters');
    expect(describeSearchFilter('personalities:analyser', 'sv').value).not.toBe('analyser');
    expect(describeSearchFilter('languages:sv', 'en').value).toBe('Swedish');
  });

  it('keeps a vocabulary id, an unknown value and a filter without a value as they are', () => {
    expect(describeSearchFilter('skills:react', 'en')).toEqual({ name: 'skills', value: 'react' });
    expect(describeSearchFilter('locations:atlantis', 'en')).toEqual({
      name: 'locations',
      value: 'atlantis',
    });
    expect(describeSearchFilter('locations:constructor', 'en').value).toBe('constructor');
    expect(describeSearchFilter('availableAt', 'en')).toEqual({ name: 'availableAt', value: null });
  });
});
