import type { Database } from '@mp/migrations/database';
import type { Insertable } from 'kysely';
import { resolveTerm } from '@mp/search-schema/vocabulary-resolver';

// The one builder of a profile's part rows (job titles, skills, languages, educations, experiences and their
// skills), pure: both write paths go through it, the whole-profile save of the profile service (seed, imports,
// test factories) and the editor's per-part saves, so a profile is stored the same way whichever path wrote it.

export interface ProfilePartRows {
  jobTitles: Insertable<Database['profile_job_titles']>[];
  skills: Insertable<Database['profile_skills']>[];
  languages: Insertable<Database['profile_languages']>[];
  educations: Insertable<Database['educations']>[];
  experiences: (Insertable<Database['experiences']> & { id: string })[];
  experienceSkills: Insertable<Database['experience_skills']>[];
}

/** A skill as both the whole-profile input and the editor give it. */
export interface SkillPart {
  name: string;
  yearsOfExperience: number | null;
  lastUsedYear: number | null;
  starred: boolean;
}

export interface LanguagePart {
  code: string;
  level: Insertable<Database['profile_languages']>['level'];
}

export interface EducationPart {
  level: Insertable<Database['educations']>['level'];
  fieldOfStudy?: string | null;
  degree?: string | null;
  school: string | null;
  startYear: number | null;
  endYear: number | null;
}

export interface ExperiencePart {
  company: string;
  jobTitle: string;
  startYear: number;
  endYear: number | null;
  ongoing: boolean;
  employmentForm: Insertable<Database['experiences']>['employment_form'];
  description: string | null;
  skills: readonly string[];
}

/** What a whole profile's parts are built from. */
export interface ProfileParts {
  jobTitles: readonly string[];
  skills: readonly SkillPart[];
  languages: readonly LanguagePart[];
  educations: readonly EducationPart[];
  experiences: readonly ExperiencePart[];
}

/** Keeps the first of entries with the same key (the part tables are unique per profile and term). */
function uniqueBy<T>(items: readonly T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const termKey = (t: { id: string | null; name: string }) => t.id ?? t.name.toLowerCase();

/**
 * How the builders below map a consultant's words to a vocabulary entry: `resolveTerm` (this process's
 * vocabularies), unless a save found an entry gone from the database meanwhile (`active-entries.ts`).
 */
export type TermResolver = typeof resolveTerm;

/** Job titles in the given order, resolved to the vocabulary, each term once. */
export function jobTitleRows(
  profileId: string,
  titles: readonly string[],
  resolve: TermResolver = resolveTerm,
): ProfilePartRows['jobTitles'] {
  return uniqueBy(
    titles.map((t) => resolve('jobTitles', t)),
    termKey,
  ).map((t, i) => ({ profile_id: profileId, job_title_id: t.id, name: t.name, sort_order: i }));
}

/** Skills in the given order, resolved to the vocabulary, each term once (the first entry wins). */
export function skillRows(
  profileId: string,
  skills: readonly SkillPart[],
  resolve: TermResolver = resolveTerm,
): ProfilePartRows['skills'] {
  return uniqueBy(
    skills.map((s) => ({ ...s, resolved: resolve('skills', s.name) })),
    (s) => termKey(s.resolved),
  ).map((s, i) => ({
    profile_id: profileId,
    skill_id: s.resolved.id,
    name: s.resolved.name,
    years_of_experience: s.yearsOfExperience,
    last_used_year: s.lastUsedYear,
    starred: s.starred,
    sort_order: i,
  }));
}

/**
 * Languages in the given order, each code once. The table has no sort column: languages are read in
 * `created_at` order, so each row gets its own millisecond from `now` on (a transaction's now() is one
 * instant for all of them).
 */
export function languageRows(
  profileId: string,
  languages: readonly LanguagePart[],
  now: number,
): ProfilePartRows['languages'] {
  return uniqueBy(languages, (l) => l.code).map((l, i) => ({
    profile_id: profileId,
    language_id: l.code,
    level: l.level,
    created_at: new Date(now + i),
  }));
}

/** Educations in the given order, field of study and degree resolved to the vocabularies. */
export function educationRows(
  profileId: string,
  educations: readonly EducationPart[],
  resolve: TermResolver = resolveTerm,
): ProfilePartRows['educations'] {
  return educations.map((e, i) => {
    const field = e.fieldOfStudy ? resolve('fieldsOfStudy', e.fieldOfStudy) : null;
    const degree = e.degree ? resolve('degrees', e.degree) : null;
    return {
      profile_id: profileId,
      level: e.level,
      field_of_study_id: field?.id ?? null,
      field_of_study: field?.name ?? null,
      degree_id: degree?.id ?? null,
      degree: degree?.name ?? null,
      school: e.school,
      start_year: e.startYear,
      end_year: e.endYear,
      sort_order: i,
    };
  });
}

/** The columns of an experience (no id, no profile): an ongoing one has no end year. */
export function experienceColumns(x: ExperiencePart, sortOrder: number, resolve: TermResolver = resolveTerm) {
  return {
    company: x.company,
    job_title: x.jobTitle,
    job_title_id: resolve('jobTitles', x.jobTitle).id,
    start_year: x.startYear,
    end_year: x.ongoing ? null : x.endYear,
    ongoing: x.ongoing,
    employment_form: x.employmentForm,
    description: x.description,
    sort_order: sortOrder,
  };
}

/** An experience's skills, resolved to the vocabulary, each term once. */
export function experienceSkillRows(
  experienceId: string,
  skills: readonly string[],
  resolve: TermResolver = resolveTerm,
): ProfilePartRows['experienceSkills'] {
  return uniqueBy(
    skills.map((name) => resolve('skills', name)),
    termKey,
  ).map((s) => ({ experience_id: experienceId, skill_id: s.id, name: s.name }));
}

/**
 * Every part row of a whole profile; `newId` names each new experience, `now` orders the languages, `resolve`
 * maps words to entries.
 */
export function buildPartRows(
  profileId: string,
  parts: ProfileParts,
  options: { now: number; newId: () => string; resolve?: TermResolver },
): ProfilePartRows {
  const resolve = options.resolve ?? resolveTerm;
  const experiences = parts.experiences.map((x, i) => ({
    id: options.newId(),
    profile_id: profileId,
    ...experienceColumns(x, i, resolve),
  }));
  return {
    jobTitles: jobTitleRows(profileId, parts.jobTitles, resolve),
    skills: skillRows(profileId, parts.skills, resolve),
    languages: languageRows(profileId, parts.languages, options.now),
    educations: educationRows(profileId, parts.educations, resolve),
    experiences,
    experienceSkills: experiences.flatMap((row, i) =>
      experienceSkillRows(row.id, parts.experiences[i]!.skills, resolve),
    ),
  };
}

/** The rows of many profiles as one set, for one insert per table. */
export function mergePartRows(all: readonly ProfilePartRows[]): ProfilePartRows {
  return {
    jobTitles: all.flatMap((p) => p.jobTitles),
    skills: all.flatMap((p) => p.skills),
    languages: all.flatMap((p) => p.languages),
    educations: all.flatMap((p) => p.educations),
    experiences: all.flatMap((p) => p.experiences),
    experienceSkills: all.flatMap((p) => p.experienceSkills),
  };
}
