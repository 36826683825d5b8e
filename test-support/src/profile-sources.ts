// Hand-made search sources (`ProfileSource`) for the search-schema tests and whatever else needs profiles
// without a database: a valid profile with empty lists, parts to fill it, and a fixed set of test profiles.
import type { ProfileSource } from '@mp/search-schema';

/** The fixed "today" of the tests. */
export const TEST_TODAY = '2025-06-02';

let sequence = 0;

/** A valid profile with empty lists; `overrides` replace whole fields. */
export function makeProfile(overrides: Partial<ProfileSource> = {}): ProfileSource {
  sequence += 1;
  const suffix = sequence.toString(16).padStart(12, '0');
  return {
    userId: `00000000-0000-4000-8000-${suffix}`,
    version: 1,
    updatedAt: '2025-05-01T10:00:00.000Z',
    isSearchable: true,
    deleted: false,
    firstName: 'Test',
    lastName: `Person ${sequence}`,
    pictureUrl: null,
    completion: 50,
    shortDescription: null,
    discType: null,
    discSource: 'self',
    drivingForces: [],
    availability: { kind: 'available_now', date: null, withinDays: null },
    locations: [],
    jobTitles: [],
    skills: [],
    languages: [],
    educations: [],
    experiences: [],
    approvedReferenceCount: 0,
    drivingLicences: [],
    ...overrides,
  };
}

export function skill(
  name: string,
  options: {
    vocabularyId?: string | null;
    years?: number | null;
    lastUsedYear?: number | null;
    starred?: boolean;
  } = {},
): ProfileSource['skills'][number] {
  return {
    vocabularyId: options.vocabularyId ?? null,
    name,
    yearsOfExperience: options.years ?? null,
    lastUsedYear: options.lastUsedYear ?? null,
    starred: options.starred ?? false,
  };
}

export function education(
  level: string,
  fieldOfStudy: string | null = null,
  extra: Partial<ProfileSource['educations'][number]> = {},
): ProfileSource['educations'][number] {
  return { level, fieldOfStudyId: null, fieldOfStudy, degreeId: null, degree: null, school: null, ...extra };
}

export function experience(
  description: string,
  extra: Partial<ProfileSource['experiences'][number]> = {},
): ProfileSource['experiences'][number] {
  return {
    company: null,
    jobTitle: null,
    description,
    startYear: 2020,
    endYear: null,
    ongoing: true,
    employmentForm: 'consultant',
    skills: [],
    ...extra,
  };
}

/**
 * Twelve searchable consultants (and one hidden) spread over every criterion, with the words the text tests
 * need: 'utvecklaren' (never 'utvecklare'), 'Göteborg', 'konsulterna', 'Umeå', 'Kubernetes', 'Kotlin'.
 */
export function buildTestProfiles(): ProfileSource[] {
  return [
    makeProfile({
      firstName: 'Anna',
      lastName: 'Andersson',
      pictureUrl: 'https://cdn.example.com/anna.jpg',
      shortDescription: 'Jag är utvecklaren som gillar ren kod.',
      jobTitles: [{ vocabularyId: null, text: 'Kodhantverkare' }],
      skills: [
        skill('Java', { years: 10, lastUsedYear: 2025, starred: true }),
        skill('Kubernetes', { years: 3, lastUsedYear: 2024 }),
      ],
      languages: [
        { code: 'sv', level: 'native_or_bilingual' },
        { code: 'en', level: 'full_professional' },
      ],
      educations: [education('masters', 'Datavetenskap')],
      discType: 'conductor',
      discSource: 'assessment',
      drivingForces: ['intellectual', 'structured'],
      locations: ['stockholm'],
      updatedAt: '2025-05-20T08:00:00.000Z',
      completion: 90,
    }),
    makeProfile({
      firstName: 'Björn',
      lastName: 'Berg',
      experiences: [
        experience('Backend för konsulterna på Volvo Cars i Göteborg', { company: 'Volvo Cars' }),
      ],
      skills: [
        skill('Python', { years: 6, lastUsedYear: 2025 }),
        skill('Java', { years: 2, lastUsedYear: 2019 }),
      ],
      languages: [{ code: 'sv', level: 'native_or_bilingual' }],
      educations: [education('bachelors', 'Datateknik'), education('secondary')],
      discType: 'analyser',
      discSource: 'assessment',
      drivingForces: ['intellectual'],
      locations: ['goteborg', 'distansarbete'],
      availability: { kind: 'available_at', date: '2025-06-10', withinDays: null },
    }),
    makeProfile({
      firstName: 'Cecilia',
      lastName: 'Carlsson',
      jobTitles: [{ vocabularyId: null, text: 'Projektledare' }],
      shortDescription: 'Projektledning och agila team i Umeå.',
      skills: [skill('Scrum', { years: 8, starred: true }), skill('Python', { years: 1 })],
      languages: [
        { code: 'sv', level: 'native_or_bilingual' },
        { code: 'en', level: 'professional_working' },
        { code: 'de', level: 'elementary' },
      ],
      educations: [education('doctorate_or_higher', 'Fysik')],
      discType: 'promoter',
      drivingForces: ['altruistic', 'collaborative'],
      locations: ['vasterbotten'],
      availability: { kind: 'available_with_in', date: null, withinDays: 7 },
    }),
    makeProfile({
      firstName: 'David',
      lastName: 'Dahl',
      jobTitles: [{ vocabularyId: null, text: 'Java developer' }],
      shortDescription: 'Kotlin and Java on the backend.',
      skills: [
        skill('Kotlin', { years: 4, lastUsedYear: 2025 }),
        skill('Java', { years: 7, lastUsedYear: 2023 }),
      ],
      languages: [{ code: 'en', level: 'native_or_bilingual' }],
      educations: [education('higher_vocational', 'Mjukvaruutveckling')],
      discType: 'implementor',
      drivingForces: ['structured', 'commanding'],
      locations: ['skane', 'stockholm'],
      availability: { kind: 'available_with_in', date: null, withinDays: 14 },
    }),
    makeProfile({
      firstName: 'Eva',
      lastName: 'Ek',
      jobTitles: [{ vocabularyId: null, text: 'UX-designer' }],
      skills: [skill('Figma', { years: 5, starred: true }), skill('Mitt Eget Verktyg', { years: 2 })],
      languages: [
        { code: 'sv', level: 'full_professional' },
        { code: 'fr', level: 'limited_working' },
      ],
      educations: [education('course')],
      discType: 'relater',
      drivingForces: ['harmonious'],
      locations: ['goteborg'],
      availability: { kind: 'not_available', date: null, withinDays: null },
    }),
    makeProfile({
      firstName: 'Fredrik',
      lastName: 'Falk',
      jobTitles: [{ vocabularyId: null, text: 'DevOps engineer' }],
      shortDescription: 'Drift av Kubernetes-kluster och CI.',
      skills: [
        skill('Kubernetes', { years: 6, lastUsedYear: 2025, starred: true }),
        skill('Terraform', { years: 4 }),
      ],
      languages: [
        { code: 'sv', level: 'native_or_bilingual' },
        { code: 'en', level: 'native_or_bilingual' },
      ],
      educations: [education('bachelors', 'Datavetenskap')],
      discType: 'conductor',
      drivingForces: ['intellectual', 'resourceful'],
      locations: ['uppsala', 'stockholm'],
      availability: { kind: 'available_at', date: '2025-05-01', withinDays: null },
    }),
    makeProfile({
      firstName: 'Gustav',
      lastName: 'Gran',
      shortDescription: 'Konsult inom ekonomi och redovisning.',
      skills: [skill('Excel', { years: 15 })],
      languages: [{ code: 'sv', level: 'native_or_bilingual' }],
      educations: [education('secondary')],
      discType: 'supporter',
      drivingForces: ['selfless'],
      locations: ['orebro'],
      availability: { kind: 'available_at', date: '2025-09-01', withinDays: null },
    }),
    makeProfile({
      firstName: 'Hanna',
      lastName: 'Holm',
      jobTitles: [{ vocabularyId: null, text: 'Data scientist' }],
      shortDescription: 'Maskininlärning med Python i Göteborg.',
      skills: [skill('Python', { years: 9, lastUsedYear: 2025, starred: true }), skill('SQL', { years: 9 })],
      languages: [
        { code: 'en', level: 'full_professional' },
        { code: 'sv', level: 'professional_working' },
      ],
      educations: [education('licentiate', 'Matematik')],
      discType: 'analyser',
      drivingForces: ['intellectual', 'objective'],
      locations: ['goteborg'],
      availability: { kind: 'available_with_in', date: null, withinDays: 30 },
    }),
    makeProfile({
      firstName: 'Ivan',
      lastName: 'Isaksson',
      jobTitles: [{ vocabularyId: null, text: 'Frontendutvecklare' }],
      skills: [skill('React', { years: 5, starred: true }), skill('TypeScript', { years: 5 })],
      languages: [{ code: 'sv', level: 'native_or_bilingual' }],
      discType: 'persuader',
      drivingForces: ['receptive'],
      locations: ['distansarbete'],
      availability: { kind: 'available_now', date: null, withinDays: null },
    }),
    makeProfile({
      firstName: 'Johanna',
      lastName: 'Jansson',
      jobTitles: [{ vocabularyId: null, text: 'Arkitekt' }],
      shortDescription: 'Lösningsarkitekt för stora system.',
      skills: [skill('Java', { years: 20 }), skill('TOGAF', { years: 6 })],
      languages: [
        { code: 'sv', level: 'native_or_bilingual' },
        { code: 'en', level: 'full_professional' },
      ],
      educations: [education('masters', 'Industriell ekonomi')],
      discType: 'coordinator',
      drivingForces: ['structured', 'intentional'],
      locations: ['ostergotland', 'stockholm'],
      availability: { kind: 'available_with_in', date: null, withinDays: 0 },
    }),
    makeProfile({
      firstName: 'Karl',
      lastName: 'Kvist',
      shortDescription: 'Inbyggda system i C och C++.',
      skills: [skill('C++', { years: 12 }), skill('C', { years: 12 }), skill('Kvantdatorprogrammering')],
      languages: [{ code: 'sv', level: 'native_or_bilingual' }],
      educations: [education('primary')],
      discType: null,
      drivingForces: [],
      locations: ['jonkoping'],
      availability: { kind: 'available_at', date: '2025-06-09', withinDays: null },
    }),
    makeProfile({
      firstName: 'Lena',
      lastName: 'Lund',
      jobTitles: [{ vocabularyId: null, text: 'Testledare' }],
      skills: [skill('Selenium', { years: 3 }), skill('Java', { years: 3 })],
      languages: [{ code: 'no', level: 'native_or_bilingual' }],
      educations: [education('certification')],
      discType: 'supporter',
      drivingForces: ['instinctive'],
      locations: ['halland'],
      availability: { kind: 'available_now', date: null, withinDays: null },
      updatedAt: '2025-05-01T10:00:00.000Z',
    }),
    // Hidden: matches almost everything, must never be found.
    makeProfile({
      firstName: 'Maja',
      lastName: 'Dold',
      isSearchable: false,
      shortDescription: 'Utvecklaren i Göteborg med Kubernetes och Kotlin.',
      skills: [skill('Java', { years: 30 }), skill('Python', { years: 30 })],
      languages: [{ code: 'sv', level: 'native_or_bilingual' }],
      locations: ['goteborg', 'stockholm'],
      discType: 'conductor',
      drivingForces: ['intellectual'],
    }),
  ];
}
