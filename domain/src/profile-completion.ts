/** The parts of a profile that count towards its completion, with their weight (they add up to 100). */
export const PROFILE_COMPLETION_PARTS = {
  name: 10,
  picture: 10,
  shortDescription: 10,
  jobTitles: 10,
  skills: 15,
  languages: 10,
  educations: 10,
  experiences: 10,
  locations: 5,
  availability: 5,
  personality: 5,
} as const;

export type ProfileCompletionPart = keyof typeof PROFILE_COMPLETION_PARTS;

/** What completion looks at; a subset of the profile so both the API and the web can call it. */
export interface ProfileCompletionInput {
  firstName: string | null;
  lastName: string | null;
  pictureUrl: string | null;
  shortDescription: string | null;
  jobTitles: readonly unknown[];
  skills: readonly unknown[];
  languages: readonly unknown[];
  educations: readonly unknown[];
  experiences: readonly unknown[];
  locations: readonly unknown[];
  availabilityKind: string | null;
  discType: string | null;
}

/** Skills count as filled in from this many: one skill says little to a buyer. */
export const PROFILE_COMPLETION_MIN_SKILLS = 3;

function isFilled(part: ProfileCompletionPart, p: ProfileCompletionInput): boolean {
  switch (part) {
    case 'name':
      return Boolean(p.firstName?.trim() && p.lastName?.trim());
    case 'picture':
      return Boolean(p.pictureUrl);
    case 'shortDescription':
      return Boolean(p.shortDescription?.trim());
    case 'jobTitles':
      return p.jobTitles.length > 0;
    case 'skills':
      return p.skills.length >= PROFILE_COMPLETION_MIN_SKILLS;
    case 'languages':
      return p.languages.length > 0;
    case 'educations':
      return p.educations.length > 0;
    case 'experiences':
      return p.experiences.length > 0;
    case 'locations':
      return p.locations.length > 0;
    case 'availability':
      return Boolean(p.availabilityKind);
    case 'personality':
      return Boolean(p.discType);
  }
}

/** Completion in percent (0-100) and the parts still missing, in the order the weights list them. */
export function computeProfileCompletion(p: ProfileCompletionInput): {
  completion: number;
  missing: ProfileCompletionPart[];
} {
  let completion = 0;
  const missing: ProfileCompletionPart[] = [];
  for (const [part, weight] of Object.entries(PROFILE_COMPLETION_PARTS) as [
    ProfileCompletionPart,
    number,
  ][]) {
    if (isFilled(part, p)) completion += weight;
    else missing.push(part);
  }
  return { completion, missing };
}
