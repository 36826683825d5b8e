import {
  availabilityKindIdSchema,
  DISC_SOURCE_IDS,
  EDUCATION_LEVEL_IDS,
  educationLevelRank,
  LANGUAGE_LEVEL_IDS,
  languageLevelRank,
} from '@mp/domain';
import type { EducationLevelId, LanguageLevelId } from '@mp/domain';
import { z } from 'zod';
import { foldKeyword } from './fold';
import { protectSymbolTerms } from './search-terms';
import type { ProfileSource } from './profile-source.schema';
import { getVocabularyIndex } from './vocabulary/vocabulary';
import type { VocabularyEntry, VocabularyKind, VocabularyLocale } from './vocabulary/vocabulary.types';

// ---------------------------------------------------------------------------------------------------------
// Vocabulary resolution shared by documents and criteria, so both sides of a keyword comparison agree.

/** Prefix of a skill or job-title id that is the consultant's own words rather than a vocabulary entry. */
export const FREE_TEXT_PREFIX = 'free:';

type TermKind = Extract<VocabularyKind, 'skills' | 'jobTitles' | 'languages' | 'fieldsOfStudy'>;

// Skills and job titles mark free text with a prefix (their ids are shown and stored in saved searches);
// languages and fields of study use the folded text as it is.
const FREE_PREFIX_OF: Readonly<Record<TermKind, string>> = {
  skills: FREE_TEXT_PREFIX,
  jobTitles: FREE_TEXT_PREFIX,
  languages: '',
  fieldsOfStudy: '',
};

function findEntry(kind: VocabularyKind, text: string): VocabularyEntry | undefined {
  const index = getVocabularyIndex(kind);
  const byId = index.getById(text.trim());
  if (byId) return byId;
  const resolution = index.resolve(text);
  return 'entry' in resolution ? resolution.entry : undefined;
}

/**
 * The keyword a term is stored and searched under: the vocabulary id when `value` is an id, a label or an
 * alias of an entry (after normalisation: 'JS' -> 'javascript'), otherwise the folded text, prefixed with
 * `free:` for skills and job titles ('Egen Metod' -> 'free:egen metod'). Idempotent, so a stored value
 * resolves to itself; a stored free value resolves to an id once the vocabulary learns the term. Returns
 * null for blank text.
 */
export function resolveTermId(kind: TermKind, value: string): string | null {
  const prefix = FREE_PREFIX_OF[kind];
  const text = prefix !== '' && value.startsWith(prefix) ? value.slice(prefix.length) : value;
  if (text.trim() === '') return null;
  const entry = findEntry(kind, text);
  return entry ? entry.id : `${prefix}${foldKeyword(text)}`;
}

/** A display label for a stored term id: the entry's label in `locale`, or the free text itself. */
export function labelTermId(kind: TermKind, id: string, locale: VocabularyLocale): string {
  const label = getVocabularyIndex(kind).label(id, locale);
  if (label !== undefined) return label;
  const prefix = FREE_PREFIX_OF[kind];
  return prefix !== '' && id.startsWith(prefix) ? id.slice(prefix.length) : id;
}

// ---------------------------------------------------------------------------------------------------------
// The document

const availabilitySchema = z.object({
  kind: availabilityKindIdSchema,
  date: z.string().nullable(),
  withinDays: z.number().int().nullable(),
});

const localizedListSchema = z.object({ sv: z.array(z.string()), en: z.array(z.string()) });

/** The fields a result card shows (spec section 3, Search result); stored, never indexed. */
export const consultantCardSchema = z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  availability: availabilitySchema,
  /** Unique display strings per locale, profile order. */
  jobTitles: localizedListSchema,
  /** Location ids. */
  locations: z.array(z.string()),
  /** Starred first, then by years of experience; years and last use say why a skill matched. */
  skills: z.array(
    z.object({
      id: z.string(),
      sv: z.string(),
      en: z.string(),
      years: z.number().nullable().default(null),
      lastUsedYear: z.number().int().nullable().default(null),
    }),
  ),
  /** DISC type id. */
  personality: z.string().nullable(),
  /** Where `personality` came from ('self': self-assessed, 'assessment': verified); null without a type. */
  personalitySource: z.enum(DISC_SOURCE_IDS).nullable().default(null),
  /** Driving force ids. */
  drivingForces: z.array(z.string()),
});

export const documentSkillSchema = z.object({
  /** Vocabulary id, or `free:<folded name>`. */
  id: z.string(),
  sv: z.string(),
  en: z.string(),
  /** The name as the consultant wrote it. */
  name: z.string(),
  years: z.number().nullable(),
  lastUsedYear: z.number().int().nullable(),
  starred: z.boolean(),
});

export const documentLanguageSchema = z.object({
  code: z.string(),
  level: z.string(),
  /** `languageLevelRank` of `@mp/domain`, 0 for an unknown level. */
  levelRank: z.number().int(),
});

/** One consultant in the search index (`_id` = `userId`). */
export const consultantDocumentSchema = z.object({
  userId: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** False for hidden or deleted profiles; the indexer deletes those, the query filters on it anyway. */
  isSearchable: z.boolean(),
  completion: z.number(),
  approvedReferenceCount: z.number().int(),
  discType: z.string().nullable(),
  /** 'self' (picked by hand) or 'assessment' (a taken assessment); null without a DISC type. */
  discSource: z.enum(DISC_SOURCE_IDS).nullable(),
  drivingForces: z.array(z.string()),
  locations: z.array(z.string()),
  availability: availabilitySchema,
  skills: z.array(documentSkillSchema),
  skillIds: z.array(z.string()),
  jobTitleIds: z.array(z.string()),
  languages: z.array(documentLanguageSchema),
  languageCodes: z.array(z.string()),
  /** The highest education level, or null without any education. */
  educationLevel: z.string().nullable(),
  /** `educationLevelRank` of `@mp/domain` for `educationLevel`; 0 without any education. */
  educationLevelRank: z.number().int(),
  /** Vocabulary ids, or folded free text. */
  fieldsOfStudy: z.array(z.string()),
  drivingLicences: z.array(z.string()),
  /** Job titles: labels in both languages, aliases and free text. */
  titleText: z.array(z.string()),
  /** Skills (profile and experiences): labels in both languages, aliases and free text. */
  skillText: z.array(z.string()),
  /** Short description, experiences (title, company, description), education (field, degree, school). */
  bodyText: z.array(z.string()),
  card: consultantCardSchema,
});

export type ConsultantDocument = z.output<typeof consultantDocumentSchema>;
export type ConsultantCard = z.output<typeof consultantCardSchema>;
export type DocumentSkill = z.output<typeof documentSkillSchema>;

function isEducationLevel(level: string): level is EducationLevelId {
  return (EDUCATION_LEVEL_IDS as readonly string[]).includes(level);
}

function isLanguageLevel(level: string): level is LanguageLevelId {
  return (LANGUAGE_LEVEL_IDS as readonly string[]).includes(level);
}

/** Trimmed, non-empty, first occurrence of each string kept. */
function uniqueTexts(texts: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const text of texts) {
    const trimmed = text?.trim();
    if (!trimmed || seen.has(trimmed)) continue;
    seen.add(trimmed);
    result.push(trimmed);
  }
  return result;
}

/** Unique by folded form, so 'Utvecklare' and 'utvecklare ' show once. */
function uniqueDisplayStrings(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  return uniqueTexts(texts).filter((text) => {
    const key = foldKeyword(text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function entryOrFree(kind: VocabularyKind, vocabularyId: string | null, text: string | null) {
  const byId = vocabularyId ? getVocabularyIndex(kind).getById(vocabularyId) : undefined;
  if (byId) return byId;
  return text && text.trim() !== '' ? findEntry(kind, text) : undefined;
}

function entryTexts(entry: VocabularyEntry | undefined, freeText: string | null): string[] {
  return entry ? [entry.sv, entry.en, ...entry.aliases] : [freeText ?? ''];
}

function buildSkills(profile: ProfileSource): DocumentSkill[] {
  const byId = new Map<string, DocumentSkill>();
  for (const skill of profile.skills) {
    const entry = entryOrFree('skills', skill.vocabularyId, skill.name);
    const name = skill.name.trim();
    const folded = foldKeyword(name);
    if (!entry && folded === '') continue;
    const id = entry ? entry.id : `${FREE_TEXT_PREFIX}${folded}`;
    const current: DocumentSkill = {
      id,
      sv: entry?.sv ?? name,
      en: entry?.en ?? name,
      name: name || (entry?.en ?? ''),
      years: skill.yearsOfExperience,
      lastUsedYear: skill.lastUsedYear,
      starred: skill.starred,
    };
    const previous = byId.get(id);
    if (!previous) {
      byId.set(id, current);
      continue;
    }
    // The same skill twice (an alias and its label, say): keep the best of both.
    byId.set(id, {
      ...previous,
      years: maxOrNull(previous.years, current.years),
      lastUsedYear: maxOrNull(previous.lastUsedYear, current.lastUsedYear),
      starred: previous.starred || current.starred,
    });
  }
  return [...byId.values()];
}

function maxOrNull(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** Starred skills first, then the most experienced; otherwise the profile's order. */
function cardSkillOrder(skills: readonly DocumentSkill[]): DocumentSkill[] {
  return skills
    .map((skill, position) => ({ skill, position }))
    .sort(
      (a, b) =>
        Number(b.skill.starred) - Number(a.skill.starred) ||
        (b.skill.years ?? -1) - (a.skill.years ?? -1) ||
        a.position - b.position,
    )
    .map(({ skill }) => skill);
}

function buildLanguages(profile: ProfileSource) {
  const byCode = new Map<string, z.output<typeof documentLanguageSchema>>();
  for (const language of profile.languages) {
    const code = resolveTermId('languages', language.code);
    if (code === null) continue;
    const levelRank = isLanguageLevel(language.level) ? languageLevelRank(language.level) : 0;
    const previous = byCode.get(code);
    if (!previous || levelRank > previous.levelRank)
      byCode.set(code, { code, level: language.level, levelRank });
  }
  return [...byCode.values()];
}

function highestEducationLevel(profile: ProfileSource): EducationLevelId | null {
  let highest: EducationLevelId | null = null;
  for (const { level } of profile.educations) {
    if (!isEducationLevel(level)) continue;
    if (highest === null || educationLevelRank(level) > educationLevelRank(highest)) highest = level;
  }
  return highest;
}

/**
 * The search document for one profile: vocabulary ids for skills, job titles, languages and fields of study
 * (free text that resolves to no entry is kept, folded, and stays searchable through the text fields), the
 * highest education level with its rank, the filterable value lists, text for full-text search and the card.
 * Hidden or deleted profiles get `isSearchable: false`. Pure.
 */
export function buildConsultantDocument(profile: ProfileSource): ConsultantDocument {
  const skills = buildSkills(profile);
  const languages = buildLanguages(profile);
  const educationLevel = highestEducationLevel(profile);

  const jobTitles = profile.jobTitles.flatMap(({ vocabularyId, text }) => {
    const entry = entryOrFree('jobTitles', vocabularyId, text);
    if (entry) return [{ id: entry.id, sv: entry.sv, en: entry.en, texts: entryTexts(entry, null) }];
    const trimmed = text.trim();
    const folded = foldKeyword(trimmed);
    return folded === ''
      ? []
      : [{ id: `${FREE_TEXT_PREFIX}${folded}`, sv: trimmed, en: trimmed, texts: [trimmed] }];
  });

  const fieldsOfStudy: string[] = [];
  const educationTexts: string[] = [];
  for (const education of profile.educations) {
    const field = entryOrFree('fieldsOfStudy', education.fieldOfStudyId, education.fieldOfStudy);
    const fieldId = field ? field.id : resolveTermId('fieldsOfStudy', education.fieldOfStudy ?? '');
    if (fieldId !== null) fieldsOfStudy.push(fieldId);
    const degree = entryOrFree('degrees', education.degreeId, education.degree);
    educationTexts.push(
      ...(field ? [field.sv, field.en] : [education.fieldOfStudy ?? '']),
      ...(degree ? [degree.sv, degree.en] : [education.degree ?? '']),
      education.school ?? '',
    );
  }

  const experienceSkillTexts = profile.experiences.flatMap((experience) =>
    experience.skills.flatMap((name) => entryTexts(entryOrFree('skills', null, name), name)),
  );

  const { kind } = profile.availability;
  const availability = {
    kind,
    date: kind === 'available_at' ? profile.availability.date : null,
    withinDays: kind === 'available_with_in' ? profile.availability.withinDays : null,
  };

  const drivingForces = uniqueTexts(profile.drivingForces);
  // A stored source written before `discSource` existed is not re-parsed by the indexer: default it here too.
  const discSource = profile.discType === null ? null : (profile.discSource ?? 'self');
  const locations = uniqueTexts(profile.locations);

  return {
    userId: profile.userId,
    version: profile.version,
    updatedAt: profile.updatedAt,
    isSearchable: profile.isSearchable && !profile.deleted,
    completion: profile.completion,
    approvedReferenceCount: profile.approvedReferenceCount,
    discType: profile.discType,
    discSource,
    drivingForces,
    locations,
    availability,
    skills,
    skillIds: skills.map((skill) => skill.id),
    jobTitleIds: uniqueTexts(jobTitles.map((title) => title.id)),
    languages,
    languageCodes: languages.map((language) => language.code),
    educationLevel,
    educationLevelRank: educationLevel === null ? 0 : educationLevelRank(educationLevel),
    fieldsOfStudy: uniqueTexts(fieldsOfStudy),
    drivingLicences: uniqueTexts(profile.drivingLicences),
    // Symbol spellings ('C#', '.NET') become plain tokens ('csharp', 'dotnet') the tokenizer keeps.
    titleText: uniqueTexts(jobTitles.flatMap((title) => title.texts).map(protectSymbolTerms)),
    skillText: uniqueTexts(
      [
        ...skills.flatMap((skill) => {
          const entry = getVocabularyIndex('skills').getById(skill.id);
          return [skill.name, ...entryTexts(entry, skill.name)];
        }),
        ...experienceSkillTexts,
      ].map(protectSymbolTerms),
    ),
    bodyText: uniqueTexts(
      [
        profile.shortDescription,
        ...profile.experiences.flatMap((experience) => [
          experience.jobTitle,
          experience.company,
          experience.description,
        ]),
        ...educationTexts,
      ].map((text) => (text === null ? text : protectSymbolTerms(text))),
    ),
    card: {
      userId: profile.userId,
      firstName: profile.firstName,
      lastName: profile.lastName,
      pictureUrl: profile.pictureUrl,
      availability,
      jobTitles: {
        sv: uniqueDisplayStrings(jobTitles.map((title) => title.sv)),
        en: uniqueDisplayStrings(jobTitles.map((title) => title.en)),
      },
      locations,
      skills: cardSkillOrder(skills).map(({ id, sv, en, years, lastUsedYear }) => ({
        id,
        sv,
        en,
        years,
        lastUsedYear,
      })),
      personality: profile.discType,
      personalitySource: discSource,
      drivingForces,
    },
  };
}
