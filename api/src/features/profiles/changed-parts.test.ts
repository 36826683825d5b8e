import type { OwnProfile } from '@mp/api-contract/profile-view.schema';
import { describe, expect, it } from 'vitest';
import { findChangedParts } from './changed-parts';

const experience = {
  id: '33333333-3333-4333-8333-333333333333',
  company: 'Spotify',
  jobTitle: 'Utvecklare',
  jobTitleId: null,
  startYear: 2020,
  endYear: null,
  ongoing: true,
  employmentForm: 'consultant',
  description: null,
  skills: [],
  references: [],
  approvedReferences: { approvedCount: 0, averageRating: null, reviews: [] },
  refereeNotes: [],
};

const profile = {
  userId: '11111111-1111-4111-8111-111111111111',
  firstName: 'Anna',
  lastName: 'Lindqvist',
  email: 'anna@example.se',
  phone: null,
  picture: null,
  isSearchable: true,
  completion: 60,
  missing: [],
  version: 4,
  jobTitles: [{ name: 'Systemutvecklare', vocabularyId: null }],
  shortDescription: 'Utvecklare',
  discType: null,
  discSource: 'self',
  drivingForces: [],
  availability: { kind: 'available_now', date: null, withinDays: null },
  locations: ['stockholm'],
  drivingLicences: [],
  skills: [
    {
      name: 'TypeScript',
      vocabularyId: 'typescript',
      yearsOfExperience: 5,
      lastUsedYear: 2026,
      starred: true,
    },
  ],
  languages: [{ code: 'sv', name: 'Svenska', level: 'native_or_bilingual' }],
  educations: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      level: 'masters',
      fieldOfStudy: null,
      fieldOfStudyId: null,
      degree: null,
      degreeId: null,
      school: 'KTH',
      startYear: 2010,
      endYear: 2015,
    },
  ],
  references: { approvedCount: 0, averageRating: null, reviews: [] },
  updatedAt: null,
  experiences: [experience],
} as unknown as OwnProfile;

describe("the parts an admin's save changed", () => {
  it('are none when the save wrote the profile as it was, whatever the new row ids and version', () => {
    const saved = {
      ...profile,
      version: 5,
      completion: 61,
      educations: profile.educations.map((e) => ({ ...e, id: '55555555-5555-4555-8555-555555555555' })),
    };
    expect(findChangedParts(profile, saved)).toEqual([]);
  });

  it('are the ones whose content differs, in the order of a save', () => {
    const saved = {
      ...profile,
      shortDescription: 'Utvecklare och arkitekt',
      skills: [{ ...profile.skills[0]!, yearsOfExperience: 6 }],
      locations: ['stockholm', 'uppsala'],
    };
    expect(findChangedParts(profile, saved)).toEqual(['shortDescription', 'locations', 'skills']);
  });

  it("leaves out the experiences' references, which a save does not write", () => {
    const saved = {
      ...profile,
      experiences: [{ ...profile.experiences[0]!, refereeNotes: ['Bra jobbat'] }],
    };
    expect(findChangedParts(profile, saved)).toEqual([]);
    const rewritten = { ...profile, experiences: [{ ...profile.experiences[0]!, company: 'Klarna' }] };
    expect(findChangedParts(profile, rewritten)).toEqual(['experiences']);
  });
});
