import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { profileInputSchema, type ProfileInputDraft } from '@mp/api/features/profiles/profile.schema';
import { saveProfiles, touchProfiles } from '@mp/api/features/profiles/profile.service';

/** The profile a fixture writes, for tests outside the API (the browser suite) that build their own. */
export type { ProfileInputDraft };

/** A complete, searchable profile; tests override what they assert on. */
export function buildProfileInput(overrides: ProfileInputDraft = {}): ProfileInputDraft {
  return {
    firstName: 'Anna',
    lastName: 'Lindqvist',
    isSearchable: true,
    shortDescription: 'Erfaren systemutvecklare med fokus på webb.',
    discType: 'analyser',
    drivingForces: ['intellectual', 'structured'],
    availability: { kind: 'available_now', date: null, withinDays: null },
    locations: ['stockholm'],
    jobTitles: ['Systemutvecklare'],
    skills: [
      { name: 'TypeScript', yearsOfExperience: 6, lastUsedYear: 2026, starred: true },
      { name: 'React', yearsOfExperience: 5, lastUsedYear: 2026, starred: false },
      { name: 'PostgreSQL', yearsOfExperience: 4, lastUsedYear: 2025, starred: false },
    ],
    languages: [
      { code: 'sv', level: 'native_or_bilingual' },
      { code: 'en', level: 'full_professional' },
    ],
    educations: [
      { level: 'masters', fieldOfStudy: 'Datavetenskap', school: 'KTH', startYear: 2010, endYear: 2015 },
    ],
    experiences: [
      {
        company: 'Volvo Cars',
        jobTitle: 'Systemutvecklare',
        startYear: 2019,
        endYear: null,
        ongoing: true,
        employmentForm: 'consultant',
        description: 'Utvecklade en kundportal.',
        skills: ['TypeScript'],
      },
    ],
    ...overrides,
  };
}

/** Creates users with whole profiles through the profile service (so each gets its outbox row). */
export async function createConsultants(
  db: Kysely<Database>,
  inputs: ProfileInputDraft[],
): Promise<{ userId: string; version: number; email: string }[]> {
  const emails = inputs.map(() => `consultant-${randomUUID()}@test.konsultmarknaden.test`);
  const users = await db
    .insertInto('users')
    .values(emails.map((email) => ({ email, verified: true })))
    .returning(['id', 'email'])
    .execute();
  const idByEmail = new Map(users.map((u) => [String(u.email), u.id]));
  const saved = await saveProfiles(
    db,
    inputs.map((input, i) => ({
      userId: idByEmail.get(emails[i]!)!,
      input: profileInputSchema.parse(input),
    })),
  );
  return saved.map((s, i) => ({ ...s, email: emails[i]! }));
}

/** Gives profiles a new version without editing them (as a vocabulary change does); returns the new versions. */
export async function touchConsultants(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<{ userId: string; version: number }[]> {
  return touchProfiles(db, userIds);
}

/** A word no profile but the ones a test creates contains, so a keyword search finds exactly those. */
export function uniqueSearchWord(prefix = 'qx'): string {
  // Letters only: the analysers split words at digits, and a lone letter would match far too much.
  const letters = 'bcdfghjklmnpqrstvwxz';
  return prefix + [...randomBytes(8)].map((byte) => letters[byte % letters.length]).join('');
}
