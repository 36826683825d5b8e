import { isDeepStrictEqual } from 'node:util';
import { PROFILE_EDIT_PARTS, type ProfileEditPart } from '@mp/api-contract/profile-edit.schema';
import type { OwnProfile } from '@mp/api-contract/profile-view.schema';

/** What each part of a whole-profile save is on the saved profile, compared before and after the save. */
const PART_VALUE: Readonly<Record<ProfileEditPart, (profile: OwnProfile) => unknown>> = {
  firstName: (p) => p.firstName,
  lastName: (p) => p.lastName,
  isSearchable: (p) => p.isSearchable,
  shortDescription: (p) => p.shortDescription,
  discType: (p) => p.discType,
  drivingForces: (p) => p.drivingForces,
  availability: (p) => p.availability,
  locations: (p) => p.locations,
  drivingLicences: (p) => p.drivingLicences,
  jobTitles: (p) => p.jobTitles,
  skills: (p) => p.skills,
  languages: (p) => p.languages,
  // A save writes the educations anew, with new row ids: they are compared by what they say.
  educations: (p) => p.educations.map(({ id: _id, ...education }) => education),
  // References are not part of a save (an experience kept by its id keeps them): the experience itself is.
  experiences: (p) =>
    p.experiences.map(
      ({ references: _r, approvedReferences: _a, refereeNotes: _n, ...experience }) => experience,
    ),
};

/**
 * The parts a save changed, in the save's order: what an admin's edit on a user's behalf is audited with, so
 * the log says what the admin changed rather than every part the whole-profile save wrote.
 */
export function findChangedParts(before: OwnProfile, after: OwnProfile): ProfileEditPart[] {
  return PROFILE_EDIT_PARTS.filter(
    (part) => !isDeepStrictEqual(PART_VALUE[part](before), PART_VALUE[part](after)),
  );
}
