import { describe, expect, it } from 'vitest';
import { computeProfileCompletion, PROFILE_COMPLETION_PARTS } from './profile-completion';

const empty = {
  firstName: null,
  lastName: null,
  pictureUrl: null,
  shortDescription: null,
  jobTitles: [],
  skills: [],
  languages: [],
  educations: [],
  experiences: [],
  locations: [],
  availabilityKind: null,
  discType: null,
};

describe('computeProfileCompletion', () => {
  it('weights add up to 100', () => {
    expect(Object.values(PROFILE_COMPLETION_PARTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('is 0 with everything missing and 100 with everything filled in', () => {
    expect(computeProfileCompletion(empty)).toEqual({
      completion: 0,
      missing: Object.keys(PROFILE_COMPLETION_PARTS),
    });
    expect(
      computeProfileCompletion({
        firstName: 'Anna',
        lastName: 'Berg',
        pictureUrl: '/api/pictures/x.webp',
        shortDescription: 'Senior utvecklare',
        jobTitles: ['x'],
        skills: [1, 2, 3],
        languages: [1],
        educations: [1],
        experiences: [1],
        locations: ['stockholm'],
        availabilityKind: 'available_now',
        discType: 'analyser',
      }),
    ).toEqual({ completion: 100, missing: [] });
  });

  it('needs both names, non-blank text and at least three skills', () => {
    const r = computeProfileCompletion({
      ...empty,
      firstName: 'Anna',
      shortDescription: '  ',
      skills: [1, 2],
    });
    expect(r.completion).toBe(0);
    expect(r.missing).toContain('name');
    expect(r.missing).toContain('skills');
  });
});
