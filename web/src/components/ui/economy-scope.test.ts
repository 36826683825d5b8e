import { describe, expect, it } from 'vitest';
import { economyScope } from './economy-scope';

describe('economyScope', () => {
  it('says the figures are the consultant’s own when every assignment is theirs', () => {
    expect(economyScope([{ isConsultant: true }, { isConsultant: true }])).toBe('own');
    expect(economyScope([])).toBe('own');
  });

  it('says the figures are the hired consultants’ when the caller approves or manages only', () => {
    expect(economyScope([{ isConsultant: false }])).toBe('company');
  });

  it('says the figures are both together when the caller is also a consultant', () => {
    expect(economyScope([{ isConsultant: false }, { isConsultant: true }])).toBe('both');
  });
});
