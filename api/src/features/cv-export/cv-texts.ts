import type { Locale } from '@mp/domain';

/** Every fixed text of the PDF CV, in Swedish and English. */
export const CV_TEXTS = {
  sv: {
    anonymousTitle: 'Konsultprofil',
    anonymousNote: 'Anonymiserad profil: namn och kontaktuppgifter lämnas ut av Konsultmarknaden.',
    profile: 'Profil',
    skills: 'Kompetenser',
    experience: 'Erfarenhet och uppdrag',
    education: 'Utbildning',
    languages: 'Språk',
    facts: 'I korthet',
    availability: 'Tillgänglighet',
    locations: 'Arbetsorter',
    drivingLicences: 'Körkort',
    personality: 'Beteendestil (DISC)',
    drivingForces: 'Drivkrafter',
    references: 'Referenser',
    ongoing: 'pågående',
    years: (n: string) => `${n} år`,
    lastUsed: (year: number) => `senast ${year}`,
    withinDays: (days: number) => `Tillgänglig inom ${days} dagar`,
    availableFrom: (date: string) => `Tillgänglig från ${date}`,
    experienceSkills: 'Kompetenser',
    approvedReferences: (count: number, average: string | null) =>
      `${count} ${count === 1 ? 'godkänd referens' : 'godkända referenser'}${average ? `, snittbetyg ${average} av 5` : ''}`,
    page: (page: number, pages: number) => `Sida ${page} av ${pages}`,
    generated: (date: string) => `Skapad ${date} via Konsultmarknaden`,
  },
  en: {
    anonymousTitle: 'Consultant profile',
    anonymousNote: 'Anonymised profile: Konsultmarknaden provides the name and contact details.',
    profile: 'Profile',
    skills: 'Skills',
    experience: 'Experience and assignments',
    education: 'Education',
    languages: 'Languages',
    facts: 'At a glance',
    availability: 'Availability',
    locations: 'Work locations',
    drivingLicences: 'Driving licences',
    personality: 'Behavioural style (DISC)',
    drivingForces: 'Driving forces',
    references: 'References',
    ongoing: 'present',
    years: (n: string, one: boolean) => `${n} ${one ? 'year' : 'years'}`,
    lastUsed: (year: number) => `last used ${year}`,
    withinDays: (days: number) => `Available within ${days} days`,
    availableFrom: (date: string) => `Available from ${date}`,
    experienceSkills: 'Skills',
    approvedReferences: (count: number, average: string | null) =>
      `${count} approved ${count === 1 ? 'reference' : 'references'}${average ? `, average rating ${average} of 5` : ''}`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    generated: (date: string) => `Created ${date} via Konsultmarknaden`,
  },
} satisfies Record<Locale, Record<string, unknown>>;

export type CvTexts = (typeof CV_TEXTS)[Locale];
