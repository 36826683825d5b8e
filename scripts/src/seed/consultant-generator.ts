import type { ProfileInputDraft } from '@mp/api/features/profiles/profile.schema';
import type { EDUCATION_LEVEL_IDS } from '@mp/domain';
import { DISC_TYPE_IDS, DRIVING_FORCE_IDS, LANGUAGE_LEVEL_IDS, WORK_LOCATION_IDS } from '@mp/domain';
import { getVocabularyIndex } from '@mp/search-schema';
import {
  COMPANIES,
  DESCRIPTION_OPENERS,
  ENGLISH_FIRST_NAMES,
  ENGLISH_LAST_NAMES,
  JOB_FAMILIES,
  SCHOOLS,
  SKILL_FIRST_YEAR,
  SWEDISH_FIRST_NAMES,
  SWEDISH_LAST_NAMES,
} from './job-families';
import { Random } from './random';

export interface GeneratedConsultant {
  email: string;
  locale: 'sv' | 'en';
  profile: ProfileInputDraft;
}

/** Where consultants work: Stockholm, Göteborg, Skåne and remote dominate, as in the real market. */
const LOCATION_WEIGHTS: readonly (readonly [string, number])[] = WORK_LOCATION_IDS.map((id) => [
  id,
  (
    { stockholm: 30, goteborg: 14, skane: 12, distansarbete: 18, uppsala: 5, ostergotland: 4 } as Record<
      string,
      number
    >
  )[id] ?? 1.5,
]);

const EXTRA_LANGUAGES = ['de', 'fr', 'es', 'no', 'da', 'fi', 'ar', 'pl', 'fa', 'it', 'ru', 'zh'] as const;

export const SEED_EMAIL_DOMAIN = 'seed.konsultmarknaden.test';

type SeedLocale = 'sv' | 'en';

/** A vocabulary entry's label in `locale` for a name the families use (the name itself when unknown). */
function labelIn(kind: 'skills' | 'jobTitles' | 'fieldsOfStudy', name: string, locale: SeedLocale): string {
  const resolution = getVocabularyIndex(kind).resolve(name);
  return 'entry' in resolution ? resolution.entry[locale] : name;
}

/** 'Javautvecklare' -> 'javautvecklare' in running text; names with inner capitals ('.NET-utvecklare') stay. */
function inRunningText(title: string): string {
  const rest = title.slice(1);
  return rest === rest.toLowerCase() ? title.toLowerCase() : title;
}

function withArticle(noun: string): string {
  return `${/^[aeiou]/iu.test(noun) ? 'an' : 'a'} ${noun}`;
}

function joinWords(words: readonly string[], locale: SeedLocale): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${locale === 'sv' ? 'och' : 'and'} ${words[words.length - 1]}`;
}

interface SeedSkill {
  /** The family's name for the skill (a vocabulary label or alias). */
  name: string;
  core: boolean;
  years: number;
  lastUsedYear: number;
}

/**
 * A deterministic, realistic consultant: the same `n` always gives the same person. Everything agrees: the
 * titles and skills come from one job family and are written in the profile's language, core skills have
 * most of the career's years and are in use now, no skill has more years than the career, each experience
 * lists the skills in use during its years, and the descriptions say what was delivered, in that language.
 */
export function generateConsultant(n: number, seed = 1, thisYear = 2026): GeneratedConsultant {
  const rng = new Random(seed * 1_000_003 + n * 7919);
  const english = rng.chance(0.18);
  const locale: SeedLocale = english ? 'en' : 'sv';
  const firstName = rng.pick(english ? ENGLISH_FIRST_NAMES : SWEDISH_FIRST_NAMES);
  const lastName = rng.pick(english ? ENGLISH_LAST_NAMES : SWEDISH_LAST_NAMES);
  const family = rng.weighted(JOB_FAMILIES.map((f) => [f, f.weight] as const));
  const careerYears = Math.round(rng.normal(11, 7, 1, 40));
  const startYear = thisYear - careerYears;

  // No more years than the career, nor than the technology has existed.
  const maxYears = (name: string, lastUsedYear: number) =>
    Math.max(1, Math.min(lastUsedYear - startYear + 1, lastUsedYear - (SKILL_FIRST_YEAR[name] ?? 0) + 1));
  const seedSkills: SeedSkill[] = [
    ...family.core.map((name, i) => {
      const lastUsedYear = rng.chance(0.85) ? thisYear : thisYear - 1;
      const share = rng.normal(0.9, 0.1, 0.7, 1);
      return {
        name,
        core: true,
        years: Math.max(1, Math.min(maxYears(name, lastUsedYear), Math.round(careerYears * share - i))),
        lastUsedYear,
      };
    }),
    ...rng.sample(family.optional, rng.int(2, Math.min(7, family.optional.length))).map((name) => {
      const wanted = rng.int(1, Math.max(1, Math.round(careerYears * 0.6)));
      const gap = rng.chance(0.6) ? 0 : rng.int(1, 5);
      const lastUsedYear = Math.min(
        thisYear,
        Math.max(thisYear - gap, startYear + wanted, SKILL_FIRST_YEAR[name] ?? 0),
      );
      return { name, core: false, years: Math.min(wanted, maxYears(name, lastUsedYear)), lastUsedYear };
    }),
  ];
  // Starred: the consultant's strongest skills, the core ones first.
  const starredCount = rng.int(0, 5);
  const starred = new Set(
    [...seedSkills]
      .sort((x, y) => Number(y.core) - Number(x.core) || y.years - x.years)
      .slice(0, starredCount)
      .map((skill) => skill.name),
  );
  const skills = seedSkills.map((skill) => ({
    name: labelIn('skills', skill.name, locale),
    yearsOfExperience: skill.years,
    lastUsedYear: skill.lastUsedYear,
    starred: starred.has(skill.name),
  }));

  const titleNames = [
    ...new Set([
      rng.weighted(family.titles.map((title, i) => [title, i === 0 ? 3 : 1] as const)),
      ...(rng.chance(0.35) ? [rng.pick(family.titles)] : []),
    ]),
  ];
  const titles = titleNames.map((name) => labelIn('jobTitles', name, locale));
  const mainTitle = titles[0]!;
  const coreLabels = family.core.slice(0, 2).map((name) => labelIn('skills', name, locale));

  const locations = [
    ...new Set([
      rng.weighted(LOCATION_WEIGHTS),
      ...(rng.chance(0.45) ? [rng.weighted(LOCATION_WEIGHTS)] : []),
    ]),
  ];
  if (rng.chance(0.35) && !locations.includes('distansarbete')) locations.push('distansarbete');

  const languages: { code: string; level: string }[] = english
    ? [
        { code: 'en', level: 'native_or_bilingual' },
        ...(rng.chance(0.5) ? [{ code: 'sv', level: rng.pick(LANGUAGE_LEVEL_IDS.slice(1)) }] : []),
      ]
    : [
        { code: 'sv', level: 'native_or_bilingual' },
        {
          code: 'en',
          level: rng.weighted([
            ['full_professional', 5],
            ['professional_working', 4],
            ['native_or_bilingual', 1],
          ]),
        },
      ];
  for (const code of rng.sample(
    EXTRA_LANGUAGES,
    rng.weighted([
      [0, 6],
      [1, 3],
      [2, 1],
    ]),
  )) {
    if (!languages.some((l) => l.code === code))
      languages.push({ code, level: rng.pick(LANGUAGE_LEVEL_IDS.slice(1)) });
  }

  const educationLevel = rng.weighted<(typeof EDUCATION_LEVEL_IDS)[number]>([
    ['masters', 38],
    ['bachelors', 30],
    ['higher_vocational', 12],
    ['secondary', 8],
    ['doctorate_or_higher', 3],
    ['licentiate', 2],
    ['certification', 4],
    ['course', 3],
  ]);
  const educations = [
    {
      level: educationLevel,
      fieldOfStudy: labelIn('fieldsOfStudy', rng.pick(family.fieldsOfStudy), locale),
      school: rng.pick(SCHOOLS),
      startYear: startYear - 5,
      endYear: startYear - 1,
    },
  ];

  const experienceCount = Math.min(6, 1 + Math.floor(careerYears / 4));
  let year = thisYear;
  const experiences = Array.from({ length: experienceCount }, (_, i) => {
    const length = rng.int(1, 5);
    const from = Math.max(startYear, year - length);
    const to = year;
    const ongoing = i === 0 && rng.chance(0.6);
    const title = i === 0 ? mainTitle : labelIn('jobTitles', rng.pick(family.titles), locale);
    // The skills in use during these years: core skills first.
    const used = seedSkills
      .filter((skill) => skill.lastUsedYear >= from && skill.lastUsedYear - skill.years + 1 <= to)
      .sort((x, y) => Number(y.core) - Number(x.core))
      .slice(0, rng.int(2, 4))
      .map((skill) => labelIn('skills', skill.name, locale));
    const [deliverableSv, deliverableEn] = rng.pick(family.deliverables);
    const withSkills =
      used.length > 0 ? ` ${english ? 'with' : 'med'} ${joinWords(used.slice(0, 2), locale)}` : '';
    const experience = {
      company: rng.pick(COMPANIES),
      jobTitle: title,
      startYear: from,
      endYear: ongoing ? null : to,
      ongoing,
      employmentForm: rng.chance(0.65) ? 'consultant' : 'employee',
      description: english
        ? `As ${withArticle(inRunningText(title))} I delivered ${deliverableEn}${withSkills}.`
        : `Som ${inRunningText(title)} levererade jag ${deliverableSv}${withSkills}.`,
      skills: used,
    };
    year = from;
    return experience;
  });

  const availabilityKind = rng.weighted([
    ['available_now', 30],
    ['available_at', 30],
    ['available_with_in', 25],
    ['not_available', 15],
  ] as const);
  const availableDate = new Date(Date.UTC(thisYear, 10, 1) + rng.int(0, 240) * 86_400_000)
    .toISOString()
    .slice(0, 10);

  const disc = rng.chance(0.8) ? (rng.chance(0.7) ? rng.pick(family.disc) : rng.pick(DISC_TYPE_IDS)) : null;
  return {
    email: `consultant-${seed}-${n}@${SEED_EMAIL_DOMAIN}`,
    locale: english ? 'en' : 'sv',
    profile: {
      firstName,
      lastName,
      isSearchable: !rng.chance(0.04),
      shortDescription: english
        ? `${rng.pick(DESCRIPTION_OPENERS.en)} ${careerYears} years of experience as ${withArticle(inRunningText(mainTitle))}, mostly with ${joinWords(coreLabels, 'en')}.`
        : `${rng.pick(DESCRIPTION_OPENERS.sv)} ${careerYears} års erfarenhet som ${inRunningText(mainTitle)}, främst med ${joinWords(coreLabels, 'sv')}.`,
      discType: disc as ProfileInputDraft['discType'],
      drivingForces: disc ? rng.sample(DRIVING_FORCE_IDS, rng.int(2, 4)) : [],
      availability: {
        kind: availabilityKind,
        date: availabilityKind === 'available_at' ? availableDate : null,
        withinDays: availabilityKind === 'available_with_in' ? rng.pick([14, 30, 30, 60, 90]) : null,
      },
      locations: locations as ProfileInputDraft['locations'],
      drivingLicences: rng.chance(0.7) ? ['B'] : [],
      jobTitles: titles,
      skills,
      languages: languages as ProfileInputDraft['languages'],
      educations,
      experiences: experiences as ProfileInputDraft['experiences'],
    },
  };
}
