import { describe, expect, it } from 'vitest';
import { readRequirementYears } from './requirement-years';

describe('the years of a must-have skill as typed', () => {
  it('takes whole and decimal years up to 60 for experience, whole years for recent use', () => {
    expect(readRequirementYears('', false)).toEqual({ value: null });
    expect(readRequirementYears(' 5 ', false)).toEqual({ value: 5 });
    expect(readRequirementYears('2.5', false)).toEqual({ value: 2.5 });
    expect(readRequirementYears('2,5', false)).toEqual({ value: 2.5 });
    expect(readRequirementYears('60', true)).toEqual({ value: 60 });
    expect(readRequirementYears('0', true)).toEqual({ value: 0 });
  });

  it('says why it cannot take a value, and searches by none meanwhile', () => {
    expect(readRequirementYears('65', false)).toEqual({ value: null, problem: 'tooMany' });
    expect(readRequirementYears('-3', false)).toEqual({ value: null, problem: 'notNegative' });
    expect(readRequirementYears('-', false)).toEqual({ value: null, problem: 'onlyNumbers' });
    expect(readRequirementYears('2.', false)).toEqual({ value: null, problem: 'onlyNumbers' });
    expect(readRequirementYears('fem', false)).toEqual({ value: null, problem: 'onlyNumbers' });
    expect(readRequirementYears('2.5', true)).toEqual({ value: null, problem: 'wholeYears' });
  });
});
