import type { ProfileInputDraft } from '@mp/api/features/profiles/profile.schema';
import type { EDUCATION_LEVEL_IDS } from '@mp/domain';
import { DISC_TYPE_IDS, DRIVING_FORCE_IDS, LANGUAGE_LEVEL_IDS, WORK_LOCATION_IDS } from '@mp/domain';
import {
  COMPANIES,
  DESCRIPTION_OPENERS,
  ENGLISH_FIRST_NAMES,
  ENGLISH_LAST_NAMES,
  JOB_FAMILIES,
  SCHOOLS,
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

/** A deterministic, realistic consultant: the same `n` always gives the same person. */
export function generateConsultant(n: number, seed = 1, thisYear = 2026): GeneratedConsultant {
  const rng = new Random(seed * 1_000_003 + n * 7919);
  const english = rng.chance(0.18);
  const firstName = rng.pick(english ? ENGLISH_FIRST_NAMES : SWEDISH_FIRST_NAMES);
  const lastName = rng.pick(english ? ENGLISH_LAST_NAMES : SWEDISH_LAST_NAMES);
  const family = rng.weighted(JOB_FAMILIES.map((f) => [f, f.weight] as const));
  const careerYears = Math.round(rng.normal(11, 7, 1, 40));

  const skillNames = [
    ...family.core,
    ...rng.sample(family.optional, rng.int(2, Math.min(9, family.optional.length))),
  ];
  const starredCount = rng.int(0, 5);
  const skills = skillNames.map((name, i) => ({
    name,
    yearsOfExperience: Math.max(
      1,
      Math.round(rng.normal(careerYears * (i < family.core.length ? 0.7 : 0.35), 2, 1, careerYears)),
    ),
    lastUsedYear: rng.chance(0.75) ? thisYear : thisYear - rng.int(1, 6),
    starred: i < starredCount,
  }));

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
  const startYear = thisYear - careerYears;
  const educations = [
    {
      level: educationLevel,
      fieldOfStudy: rng.pick(family.fieldsOfStudy),
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
    const ongoing = i === 0 && rng.chance(0.6);
    const experience = {
      company: rng.pick(COMPANIES),
      jobTitle: rng.pick(family.titles),
      startYear: from,
      endYear: ongoing ? null : year,
      ongoing,
      employmentForm: rng.chance(0.65) ? 'consultant' : 'employee',
      description: `${rng.pick(family.titles)} i ett team som levererade ${rng.pick(['en ny kundportal', 'ett betalflöde', 'en dataplattform', 'ett ERP-införande', 'en molnmigrering', 'en omorganisation'])}.`,
      skills: rng.sample(skillNames, 3),
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
      shortDescription: `${rng.pick(DESCRIPTION_OPENERS)} ${careerYears} års erfarenhet som ${family.titles[0]!.toLowerCase()}.`,
      discType: disc as ProfileInputDraft['discType'],
      drivingForces: disc ? rng.sample(DRIVING_FORCE_IDS, rng.int(2, 4)) : [],
      availability: {
        kind: availabilityKind,
        date: availabilityKind === 'available_at' ? availableDate : null,
        withinDays: availabilityKind === 'available_with_in' ? rng.pick([14, 30, 30, 60, 90]) : null,
      },
      locations: locations as ProfileInputDraft['locations'],
      drivingLicences: rng.chance(0.7) ? ['B'] : [],
      jobTitles: rng.sample(family.titles, rng.int(1, 2)),
      skills,
      languages: languages as ProfileInputDraft['languages'],
      educations,
      experiences: experiences as ProfileInputDraft['experiences'],
    },
  };
}
