import { z } from 'zod';
import type { LocalizedText } from './locale';

// The fixed value lists of spec section 3 and the admin pricing screens. Ids are stable storage and wire
// values (they go into Postgres, Elasticsearch documents and URLs); labels are for people, in both languages.
// Every list comes as: `<LIST>_IDS` (ordered tuple), a `<list>IdSchema` zod enum, `<LIST>` (ordered items)
// and `<LIST>_BY_ID` (lookup). The ids tuple is the single source of the order.

/** The shape shared by every value-list item. */
export interface LabelledValue<Id extends string> {
  id: Id;
  label: LocalizedText;
}

function buildList<Id extends string, Item extends object>(
  ids: readonly Id[],
  items: Readonly<Record<Id, Item>>,
): ReadonlyArray<Item & { id: Id }> {
  return Object.freeze(ids.map((id) => Object.freeze({ id, ...items[id] })));
}

function indexById<Id extends string, Item extends { id: Id }>(
  list: readonly Item[],
): Readonly<Record<Id, Item>> {
  return Object.freeze(Object.fromEntries(list.map((item) => [item.id, item])) as Record<Id, Item>);
}

// ---------------------------------------------------------------------------------------------------------
// Work locations (24): remote work first, then the regions in the order the product has always shown them.

export const WORK_LOCATION_IDS = [
  'distansarbete',
  'stockholm',
  'skane',
  'goteborg',
  'ostergotland',
  'uppsala',
  'jonkoping',
  'alvsborg',
  'kronoberg',
  'orebro',
  'vasterbotten',
  'gavleborg',
  'norrbotten',
  'skaraborg',
  'dalarna',
  'vastmanland',
  'vasternorrland',
  'halland',
  'varmland',
  'jamtland',
  'sodermanland',
  'kalmar',
  'blekinge',
  'gotland',
] as const;

export type WorkLocationId = (typeof WORK_LOCATION_IDS)[number];
export type WorkLocation = LabelledValue<WorkLocationId>;
export const workLocationIdSchema = z.enum(WORK_LOCATION_IDS);

/** A Swedish place name that English speakers use as is. */
function placeName(name: string): { label: LocalizedText } {
  return { label: { sv: name, en: name } };
}

export const WORK_LOCATIONS: readonly WorkLocation[] = buildList(WORK_LOCATION_IDS, {
  distansarbete: { label: { sv: 'Distansarbete', en: 'Remote' } },
  stockholm: placeName('Stockholm'),
  skane: placeName('Skåne'),
  goteborg: { label: { sv: 'Göteborg', en: 'Gothenburg' } },
  ostergotland: placeName('Östergötland'),
  uppsala: placeName('Uppsala'),
  jonkoping: placeName('Jönköping'),
  alvsborg: placeName('Älvsborg'),
  kronoberg: placeName('Kronoberg'),
  orebro: placeName('Örebro'),
  vasterbotten: placeName('Västerbotten'),
  gavleborg: placeName('Gävleborg'),
  norrbotten: placeName('Norrbotten'),
  skaraborg: placeName('Skaraborg'),
  dalarna: placeName('Dalarna'),
  vastmanland: placeName('Västmanland'),
  vasternorrland: placeName('Västernorrland'),
  halland: placeName('Halland'),
  varmland: placeName('Värmland'),
  jamtland: placeName('Jämtland'),
  sodermanland: placeName('Södermanland'),
  kalmar: placeName('Kalmar'),
  blekinge: placeName('Blekinge'),
  gotland: placeName('Gotland'),
});
export const WORK_LOCATIONS_BY_ID = indexById<WorkLocationId, WorkLocation>(WORK_LOCATIONS);

/**
 * Other names a buyer types for a work location, which the search box understands as that location: towns for
 * their region ('frontend developer malmö' asks for Skåne, 'linköping' for Östergötland) and 'distans' for
 * remote work. Shown nowhere: the 24 locations stay the only ones a profile or a filter holds. An alias must not
 * be a name the skills or job titles vocabularies understand (search-schema's tests check it), since a place
 * is read before a skill or a title.
 */
export const WORK_LOCATION_ALIASES: Readonly<Record<WorkLocationId, readonly string[]>> = {
  distansarbete: ['Remote work', 'Distans'],
  stockholm: ['Solna', 'Sundbyberg', 'Kista', 'Nacka', 'Lidingö', 'Täby', 'Huddinge', 'Södertälje'],
  skane: ['Malmö', 'Lund', 'Helsingborg', 'Kristianstad', 'Landskrona', 'Trelleborg', 'Ystad', 'Hässleholm'],
  goteborg: ['Gbg', 'Mölndal', 'Partille', 'Kungälv', 'Lerum', 'Härryda', 'Uddevalla', 'Stenungsund'],
  ostergotland: ['Linköping', 'Norrköping', 'Motala', 'Mjölby'],
  uppsala: ['Enköping'],
  jonkoping: ['Värnamo', 'Nässjö', 'Vetlanda'],
  alvsborg: ['Borås', 'Trollhättan', 'Vänersborg', 'Alingsås', 'Ulricehamn'],
  kronoberg: ['Växjö', 'Ljungby', 'Älmhult'],
  orebro: ['Karlskoga', 'Kumla'],
  vasterbotten: ['Umeå', 'Skellefteå', 'Lycksele'],
  gavleborg: ['Gävle', 'Sandviken', 'Hudiksvall', 'Bollnäs', 'Söderhamn'],
  norrbotten: ['Luleå', 'Piteå', 'Kiruna', 'Boden', 'Gällivare'],
  skaraborg: ['Skövde', 'Lidköping', 'Falköping', 'Mariestad'],
  dalarna: ['Falun', 'Borlänge', 'Mora', 'Ludvika', 'Avesta'],
  vastmanland: ['Västerås', 'Köping'],
  vasternorrland: ['Sundsvall', 'Härnösand', 'Örnsköldsvik'],
  halland: ['Halmstad', 'Varberg', 'Kungsbacka', 'Falkenberg'],
  varmland: ['Karlstad', 'Arvika', 'Kristinehamn'],
  jamtland: ['Östersund'],
  sodermanland: ['Eskilstuna', 'Nyköping', 'Katrineholm', 'Strängnäs'],
  kalmar: ['Västervik', 'Oskarshamn', 'Nybro'],
  blekinge: ['Karlskrona', 'Karlshamn', 'Ronneby'],
  gotland: ['Visby'],
};

// ---------------------------------------------------------------------------------------------------------
// DISC: the four factors and the eight behavioural styles.

export const DISC_FACTOR_IDS = ['D', 'I', 'S', 'C'] as const;
export type DiscFactorId = (typeof DISC_FACTOR_IDS)[number];

export interface DiscFactor extends LabelledValue<DiscFactorId> {
  /** The colour DISC is commonly taught with: red, yellow, green, blue. */
  colour: string;
}

export const DISC_FACTORS: readonly DiscFactor[] = buildList(DISC_FACTOR_IDS, {
  D: { label: { sv: 'Dominans', en: 'Dominance' }, colour: '#d7263d' },
  I: { label: { sv: 'Inflytande', en: 'Influence' }, colour: '#f4c20d' },
  S: { label: { sv: 'Stabilitet', en: 'Steadiness' }, colour: '#2e9f5b' },
  C: { label: { sv: 'Anpassning', en: 'Compliance' }, colour: '#2364aa' },
});
export const DISC_FACTORS_BY_ID = indexById<DiscFactorId, DiscFactor>(DISC_FACTORS);

/** In wheel order: clockwise from Conductor, so a pie diagram draws them as eight equal 45° slices. */
export const DISC_TYPE_IDS = [
  'conductor',
  'persuader',
  'promoter',
  'relater',
  'supporter',
  'coordinator',
  'analyser',
  'implementor',
] as const;

export type DiscTypeId = (typeof DISC_TYPE_IDS)[number];
export const discTypeIdSchema = z.enum(DISC_TYPE_IDS);

/**
 * Where a profile's DISC type came from: picked by hand in the profile editor ('self', shown as
 * self-assessed) or the result of a taken assessment ('assessment', shown as verified).
 */
export const DISC_SOURCE_IDS = ['self', 'assessment'] as const;
export type DiscSourceId = (typeof DISC_SOURCE_IDS)[number];
export const discSourceIdSchema = z.enum(DISC_SOURCE_IDS);

export interface DiscType extends LabelledValue<DiscTypeId> {
  /** The style's letter code, e.g. `D` or `D/I`. */
  code: string;
  /** The quadrants the style sits in, strongest first; blends span two neighbouring quadrants. */
  factors: readonly DiscFactorId[];
  /** The slice colour: the factor's colour, or a mix of the two for a blend. */
  colour: string;
  description: LocalizedText;
}

export const DISC_TYPES: readonly DiscType[] = buildList(DISC_TYPE_IDS, {
  conductor: {
    code: 'D',
    factors: ['D'],
    colour: '#d7263d',
    label: { sv: 'Dirigent', en: 'Conductor' },
    description: {
      en: 'Direct, decisive and driven by results. Conductors take charge, set the pace and enjoy solving problems and overcoming obstacles. They work best with authority, freedom to act and clear goals.',
      sv: 'Rak, beslutsam och resultatinriktad. En dirigent tar gärna befälet, sätter tempot och tycker om att lösa problem och övervinna hinder. Trivs bäst med befogenheter, handlingsfrihet och tydliga mål.',
    },
  },
  persuader: {
    code: 'D/I',
    factors: ['D', 'I'],
    colour: '#e8742a',
    label: { sv: 'Övertygare', en: 'Persuader' },
    description: {
      en: 'Combines drive with charm. Persuaders are energetic and convincing, good at winning people over to a goal and getting things done through others. They thrive on variety, challenges and visible results.',
      sv: 'Kombinerar driv med charm. En övertygare är energisk och övertygande, bra på att vinna andra för ett mål och få saker gjorda genom människor. Trivs med variation, utmaningar och synliga resultat.',
    },
  },
  promoter: {
    code: 'I',
    factors: ['I'],
    colour: '#f4c20d',
    label: { sv: 'Inspiratör', en: 'Promoter' },
    description: {
      en: 'Optimistic, outgoing and inspiring. Promoters build networks easily, communicate with enthusiasm and create a positive atmosphere. They do their best work with people, recognition and room for new ideas.',
      sv: 'Optimistisk, utåtriktad och inspirerande. En inspiratör bygger lätt nätverk, kommunicerar med entusiasm och skapar en positiv stämning. Gör sitt bästa arbete tillsammans med andra, med uppskattning och utrymme för nya idéer.',
    },
  },
  relater: {
    code: 'I/S',
    factors: ['I', 'S'],
    colour: '#9bc53d',
    label: { sv: 'Relationsbyggare', en: 'Relater' },
    description: {
      en: 'Warm, friendly and a good listener. Relaters build trust and lasting relationships and help teams work well together. They value cooperation, harmony and being appreciated for their contribution.',
      sv: 'Varm, vänlig och en god lyssnare. En relationsbyggare skapar förtroende och långsiktiga relationer och får team att fungera väl tillsammans. Värdesätter samarbete, harmoni och att bli uppskattad för sin insats.',
    },
  },
  supporter: {
    code: 'S',
    factors: ['S'],
    colour: '#2e9f5b',
    label: { sv: 'Stöttare', en: 'Supporter' },
    description: {
      en: 'Calm, patient and reliable. Supporters are loyal team players who finish what they start and bring stability when things change. They prefer a steady pace, clear expectations and time to adapt.',
      sv: 'Lugn, tålmodig och pålitlig. En stöttare är en lojal lagspelare som slutför det som påbörjats och skapar stabilitet när saker förändras. Föredrar ett jämnt tempo, tydliga förväntningar och tid att ställa om.',
    },
  },
  coordinator: {
    code: 'S/C',
    factors: ['S', 'C'],
    colour: '#1f9e9a',
    label: { sv: 'Samordnare', en: 'Coordinator' },
    description: {
      en: 'Methodical, careful and dependable. Coordinators plan ahead, follow proven procedures and deliver consistent, high-quality work. They appreciate structure, predictability and time to get things right.',
      sv: 'Metodisk, noggrann och pålitlig. En samordnare planerar i förväg, följer beprövade rutiner och levererar jämn och hög kvalitet. Uppskattar struktur, förutsägbarhet och tid att göra saker rätt.',
    },
  },
  analyser: {
    code: 'C',
    factors: ['C'],
    colour: '#2364aa',
    label: { sv: 'Analytiker', en: 'Analyser' },
    description: {
      en: 'Precise, analytical and quality-minded. Analysers base decisions on facts, pay close attention to detail and set high standards for themselves and others. They work best with clear rules, accurate information and time to think.',
      sv: 'Noggrann, analytisk och kvalitetsmedveten. En analytiker fattar beslut utifrån fakta, har öga för detaljer och ställer höga krav på sig själv och andra. Fungerar bäst med tydliga regler, korrekt information och tid att tänka efter.',
    },
  },
  implementor: {
    code: 'C/D',
    factors: ['C', 'D'],
    colour: '#7a3e9d',
    label: { sv: 'Genomförare', en: 'Implementor' },
    description: {
      en: 'Combines high standards with determination. Implementors turn plans into results, solve complex problems systematically and push for quality as well as progress. They value competence, independence and well-founded decisions.',
      sv: 'Kombinerar höga krav med beslutsamhet. En genomförare omsätter planer i resultat, löser komplexa problem systematiskt och driver på för både kvalitet och framdrift. Värdesätter kompetens, självständighet och välgrundade beslut.',
    },
  },
});
export const DISC_TYPES_BY_ID = indexById<DiscTypeId, DiscType>(DISC_TYPES);

// ---------------------------------------------------------------------------------------------------------
// Driving forces: twelve, in six motivator groups of two opposite ends (the 12 Driving Forces model).

export const DRIVING_FORCE_GROUP_IDS = [
  'knowledge',
  'utility',
  'surroundings',
  'others',
  'power',
  'methodologies',
] as const;
export type DrivingForceGroupId = (typeof DRIVING_FORCE_GROUP_IDS)[number];

export const DRIVING_FORCE_IDS = [
  'instinctive',
  'intellectual',
  'selfless',
  'resourceful',
  'objective',
  'harmonious',
  'intentional',
  'altruistic',
  'collaborative',
  'commanding',
  'receptive',
  'structured',
] as const;

export type DrivingForceId = (typeof DRIVING_FORCE_IDS)[number];
export const drivingForceIdSchema = z.enum(DRIVING_FORCE_IDS);

export interface DrivingForceGroup extends LabelledValue<DrivingForceGroupId> {
  /** The colour both forces of the group are drawn in (chips, charts). */
  colour: string;
  /** The two opposite ends of the motivator. */
  forces: readonly [DrivingForceId, DrivingForceId];
}

export const DRIVING_FORCE_GROUPS: readonly DrivingForceGroup[] = buildList(DRIVING_FORCE_GROUP_IDS, {
  knowledge: {
    label: { sv: 'Kunskap', en: 'Knowledge' },
    colour: '#2364aa',
    forces: ['instinctive', 'intellectual'],
  },
  utility: { label: { sv: 'Nytta', en: 'Utility' }, colour: '#2e9f5b', forces: ['selfless', 'resourceful'] },
  surroundings: {
    label: { sv: 'Omgivning', en: 'Surroundings' },
    colour: '#8e44ad',
    forces: ['objective', 'harmonious'],
  },
  others: {
    label: { sv: 'Andra människor', en: 'Others' },
    colour: '#e8742a',
    forces: ['intentional', 'altruistic'],
  },
  power: { label: { sv: 'Makt', en: 'Power' }, colour: '#d7263d', forces: ['collaborative', 'commanding'] },
  methodologies: {
    label: { sv: 'Metoder', en: 'Methodologies' },
    colour: '#1f9e9a',
    forces: ['receptive', 'structured'],
  },
});
export const DRIVING_FORCE_GROUPS_BY_ID = indexById<DrivingForceGroupId, DrivingForceGroup>(
  DRIVING_FORCE_GROUPS,
);

export interface DrivingForce extends LabelledValue<DrivingForceId> {
  group: DrivingForceGroupId;
  description: LocalizedText;
}

export const DRIVING_FORCES: readonly DrivingForce[] = buildList(DRIVING_FORCE_IDS, {
  instinctive: {
    group: 'knowledge',
    label: { sv: 'Instinktiv', en: 'Instinctive' },
    description: {
      en: 'Relies on experience and intuition, and seeks new knowledge when it solves the problem at hand.',
      sv: 'Litar till erfarenhet och intuition och söker ny kunskap när den behövs för att lösa uppgiften.',
    },
  },
  intellectual: {
    group: 'knowledge',
    label: { sv: 'Intellektuell', en: 'Intellectual' },
    description: {
      en: 'Motivated by learning, understanding and discovering new knowledge for its own sake.',
      sv: 'Motiveras av att lära sig, förstå och upptäcka ny kunskap för kunskapens egen skull.',
    },
  },
  selfless: {
    group: 'utility',
    label: { sv: 'Osjälvisk', en: 'Selfless' },
    description: {
      en: 'Gets things done for the sake of the work itself, with little expectation of personal return.',
      sv: 'Gör saker för arbetets egen skull, utan att förvänta sig någon egen vinning.',
    },
  },
  resourceful: {
    group: 'utility',
    label: { sv: 'Resursmedveten', en: 'Resourceful' },
    description: {
      en: 'Motivated by practical results and by getting the most out of time, money and effort.',
      sv: 'Motiveras av praktiska resultat och av att få ut mesta möjliga av tid, pengar och insatser.',
    },
  },
  objective: {
    group: 'surroundings',
    label: { sv: 'Objektiv', en: 'Objective' },
    description: {
      en: 'Values function and practicality in the surroundings over looks and feel.',
      sv: 'Värdesätter funktion och praktisk nytta i omgivningen framför form och känsla.',
    },
  },
  harmonious: {
    group: 'surroundings',
    label: { sv: 'Harmonisk', en: 'Harmonious' },
    description: {
      en: 'Motivated by balance, aesthetics and a pleasant experience of the surroundings.',
      sv: 'Motiveras av balans, estetik och en trivsam upplevelse av omgivningen.',
    },
  },
  intentional: {
    group: 'others',
    label: { sv: 'Ändamålsinriktad', en: 'Intentional' },
    description: {
      en: 'Helps others when there is a clear purpose or a goal to reach.',
      sv: 'Hjälper andra när det finns ett tydligt syfte eller ett mål att nå.',
    },
  },
  altruistic: {
    group: 'others',
    label: { sv: 'Altruistisk', en: 'Altruistic' },
    description: {
      en: 'Driven to help others, for the satisfaction of being of use.',
      sv: 'Drivs av att hjälpa andra och av glädjen i att vara till nytta.',
    },
  },
  collaborative: {
    group: 'power',
    label: { sv: 'Samarbetsinriktad', en: 'Collaborative' },
    description: {
      en: 'Thrives in a supporting role and contributes without needing personal recognition.',
      sv: 'Trivs i en stödjande roll och bidrar utan behov av personligt erkännande.',
    },
  },
  commanding: {
    group: 'power',
    label: { sv: 'Styrande', en: 'Commanding' },
    description: {
      en: 'Motivated by status, recognition and control over their own direction.',
      sv: 'Motiveras av status, erkännande och kontroll över den egna riktningen.',
    },
  },
  receptive: {
    group: 'methodologies',
    label: { sv: 'Mottaglig', en: 'Receptive' },
    description: {
      en: 'Open to new ideas, methods and ways of working outside established systems.',
      sv: 'Öppen för nya idéer, metoder och arbetssätt utanför etablerade system.',
    },
  },
  structured: {
    group: 'methodologies',
    label: { sv: 'Strukturerad', en: 'Structured' },
    description: {
      en: 'Prefers proven methods, traditions and a clear system to live and work by.',
      sv: 'Föredrar beprövade metoder, traditioner och ett tydligt system att leva och arbeta efter.',
    },
  },
});
export const DRIVING_FORCES_BY_ID = indexById<DrivingForceId, DrivingForce>(DRIVING_FORCES);

// ---------------------------------------------------------------------------------------------------------
// Education levels, highest first.
//
// The formal degrees follow the Swedish system: doctorate > licentiate > master's > bachelor's > higher
// vocational (yrkeshögskola, post-secondary but not a university degree) > upper secondary > primary.
// Courses and certifications are not school levels, so they are placed by what they prove: both show
// post-compulsory study but not a completed upper-secondary programme, so they rank below secondary and
// above primary, with an examined certification above a course. A search for "at least secondary" thus
// leaves out someone who has only listed a course, while "at least course" takes everyone with more.

export const EDUCATION_LEVEL_IDS = [
  'doctorate_or_higher',
  'licentiate',
  'masters',
  'bachelors',
  'higher_vocational',
  'secondary',
  'certification',
  'course',
  'primary',
] as const;

export type EducationLevelId = (typeof EDUCATION_LEVEL_IDS)[number];
export type EducationLevel = LabelledValue<EducationLevelId>;
export const educationLevelIdSchema = z.enum(EDUCATION_LEVEL_IDS);

export const EDUCATION_LEVELS: readonly EducationLevel[] = buildList(EDUCATION_LEVEL_IDS, {
  doctorate_or_higher: { label: { sv: 'Doktorsexamen eller högre', en: 'Doctorate or higher' } },
  licentiate: { label: { sv: 'Licentiatexamen', en: 'Licentiate degree' } },
  masters: { label: { sv: 'Masterexamen', en: "Master's degree" } },
  bachelors: { label: { sv: 'Kandidatexamen', en: "Bachelor's degree" } },
  higher_vocational: { label: { sv: 'Yrkeshögskoleexamen', en: 'Higher vocational education' } },
  secondary: { label: { sv: 'Gymnasieutbildning', en: 'Upper secondary education' } },
  certification: { label: { sv: 'Certifiering', en: 'Certification' } },
  course: { label: { sv: 'Kurs', en: 'Course' } },
  primary: { label: { sv: 'Grundskola', en: 'Primary education' } },
});
export const EDUCATION_LEVELS_BY_ID = indexById<EducationLevelId, EducationLevel>(EDUCATION_LEVELS);

/** 1 for the lowest level (primary) up to 9 for a doctorate; a higher rank is a higher level. */
export function educationLevelRank(level: EducationLevelId): number {
  return EDUCATION_LEVEL_IDS.length - EDUCATION_LEVEL_IDS.indexOf(level);
}

/** Whether `level` satisfies a chosen minimum (the search filter's "at least"). */
export function meetsEducationLevel(level: EducationLevelId, minimum: EducationLevelId): boolean {
  return educationLevelRank(level) >= educationLevelRank(minimum);
}

/** Every level that satisfies `minimum`, highest first: the terms a search for "at least" matches. */
export function listEducationLevelsAtLeast(minimum: EducationLevelId): EducationLevelId[] {
  return EDUCATION_LEVEL_IDS.filter((level) => meetsEducationLevel(level, minimum));
}

// ---------------------------------------------------------------------------------------------------------
// Language proficiency, highest first.

export const LANGUAGE_LEVEL_IDS = [
  'native_or_bilingual',
  'full_professional',
  'professional_working',
  'limited_working',
  'elementary',
] as const;

export type LanguageLevelId = (typeof LANGUAGE_LEVEL_IDS)[number];
export type LanguageLevel = LabelledValue<LanguageLevelId>;
export const languageLevelIdSchema = z.enum(LANGUAGE_LEVEL_IDS);

export const LANGUAGE_LEVELS: readonly LanguageLevel[] = buildList(LANGUAGE_LEVEL_IDS, {
  native_or_bilingual: { label: { sv: 'Modersmål eller tvåspråkig', en: 'Native or bilingual' } },
  full_professional: { label: { sv: 'Fullständig yrkesmässig nivå', en: 'Full professional' } },
  professional_working: { label: { sv: 'Yrkesmässig arbetsnivå', en: 'Professional working' } },
  limited_working: { label: { sv: 'Begränsad arbetsnivå', en: 'Limited working' } },
  elementary: { label: { sv: 'Grundläggande', en: 'Elementary' } },
});
export const LANGUAGE_LEVELS_BY_ID = indexById<LanguageLevelId, LanguageLevel>(LANGUAGE_LEVELS);

/** 1 for elementary up to 5 for native or bilingual. */
export function languageLevelRank(level: LanguageLevelId): number {
  return LANGUAGE_LEVEL_IDS.length - LANGUAGE_LEVEL_IDS.indexOf(level);
}

// ---------------------------------------------------------------------------------------------------------
// Availability. The labels of `available_at` and `available_with_in` are lead-ins that the interface
// completes with the date or the number of days.

export const AVAILABILITY_KIND_IDS = [
  'available_now',
  'available_at',
  'available_with_in',
  'not_available',
] as const;

export type AvailabilityKindId = (typeof AVAILABILITY_KIND_IDS)[number];
export type AvailabilityKind = LabelledValue<AvailabilityKindId>;
export const availabilityKindIdSchema = z.enum(AVAILABILITY_KIND_IDS);

export const AVAILABILITY_KINDS: readonly AvailabilityKind[] = buildList(AVAILABILITY_KIND_IDS, {
  available_now: { label: { sv: 'Tillgänglig nu', en: 'Available now' } },
  available_at: { label: { sv: 'Tillgänglig från', en: 'Available from' } },
  available_with_in: { label: { sv: 'Tillgänglig inom', en: 'Available within' } },
  not_available: { label: { sv: 'Inte tillgänglig', en: 'Not available' } },
});
export const AVAILABILITY_KINDS_BY_ID = indexById<AvailabilityKindId, AvailabilityKind>(AVAILABILITY_KINDS);

// ---------------------------------------------------------------------------------------------------------
// Forms of employment on an experience.

export const EMPLOYMENT_FORM_IDS = ['employee', 'consultant'] as const;

export type EmploymentFormId = (typeof EMPLOYMENT_FORM_IDS)[number];
export type EmploymentForm = LabelledValue<EmploymentFormId>;
export const employmentFormIdSchema = z.enum(EMPLOYMENT_FORM_IDS);

export const EMPLOYMENT_FORMS: readonly EmploymentForm[] = buildList(EMPLOYMENT_FORM_IDS, {
  employee: { label: { sv: 'Anställd', en: 'Employee' } },
  consultant: { label: { sv: 'Konsult', en: 'Consultant' } },
});
export const EMPLOYMENT_FORMS_BY_ID = indexById<EmploymentFormId, EmploymentForm>(EMPLOYMENT_FORMS);

// ---------------------------------------------------------------------------------------------------------
// Languages suggested as chips in the language filter, as ISO 639-1 codes.

export const BASE_LANGUAGE_IDS = ['en', 'sv', 'no', 'da', 'fi', 'es', 'de', 'fr'] as const;

export type BaseLanguageId = (typeof BASE_LANGUAGE_IDS)[number];
export type BaseLanguage = LabelledValue<BaseLanguageId>;
export const baseLanguageIdSchema = z.enum(BASE_LANGUAGE_IDS);

export const BASE_LANGUAGES: readonly BaseLanguage[] = buildList(BASE_LANGUAGE_IDS, {
  en: { label: { sv: 'Engelska', en: 'English' } },
  sv: { label: { sv: 'Svenska', en: 'Swedish' } },
  no: { label: { sv: 'Norska', en: 'Norwegian' } },
  da: { label: { sv: 'Danska', en: 'Danish' } },
  fi: { label: { sv: 'Finska', en: 'Finnish' } },
  es: { label: { sv: 'Spanska', en: 'Spanish' } },
  de: { label: { sv: 'Tyska', en: 'German' } },
  fr: { label: { sv: 'Franska', en: 'French' } },
});
export const BASE_LANGUAGES_BY_ID = indexById<BaseLanguageId, BaseLanguage>(BASE_LANGUAGES);

// ---------------------------------------------------------------------------------------------------------
// Driving licence classes (EU categories as used in Sweden); the id is the class as printed on the licence.

export const DRIVING_LICENCE_CLASS_IDS = [
  'AM',
  'A1',
  'A2',
  'A',
  'B',
  'BE',
  'C1',
  'C1E',
  'C',
  'CE',
  'D1',
  'D1E',
  'D',
  'DE',
] as const;

export type DrivingLicenceClassId = (typeof DRIVING_LICENCE_CLASS_IDS)[number];
export type DrivingLicenceClass = LabelledValue<DrivingLicenceClassId>;
export const drivingLicenceClassIdSchema = z.enum(DRIVING_LICENCE_CLASS_IDS);

export const DRIVING_LICENCE_CLASSES: readonly DrivingLicenceClass[] = buildList(DRIVING_LICENCE_CLASS_IDS, {
  AM: { label: { sv: 'Moped klass I', en: 'Moped' } },
  A1: { label: { sv: 'Lätt motorcykel', en: 'Light motorcycle' } },
  A2: { label: { sv: 'Mellanstor motorcykel', en: 'Medium motorcycle' } },
  A: { label: { sv: 'Tung motorcykel', en: 'Motorcycle' } },
  B: { label: { sv: 'Personbil', en: 'Car' } },
  BE: { label: { sv: 'Personbil med tungt släp', en: 'Car with heavy trailer' } },
  C1: { label: { sv: 'Medeltung lastbil', en: 'Medium truck' } },
  C1E: { label: { sv: 'Medeltung lastbil med tungt släp', en: 'Medium truck with heavy trailer' } },
  C: { label: { sv: 'Tung lastbil', en: 'Heavy truck' } },
  CE: { label: { sv: 'Tung lastbil med tungt släp', en: 'Heavy truck with heavy trailer' } },
  D1: { label: { sv: 'Mellanstor buss', en: 'Minibus' } },
  D1E: { label: { sv: 'Mellanstor buss med tungt släp', en: 'Minibus with heavy trailer' } },
  D: { label: { sv: 'Buss', en: 'Bus' } },
  DE: { label: { sv: 'Buss med tungt släp', en: 'Bus with heavy trailer' } },
});
export const DRIVING_LICENCE_CLASSES_BY_ID = indexById<DrivingLicenceClassId, DrivingLicenceClass>(
  DRIVING_LICENCE_CLASSES,
);

// ---------------------------------------------------------------------------------------------------------
// Pricing plans and their support levels: the codes of the `plans` table (names and features are rows there).

export const PRICING_PLAN_IDS = ['standard', 'premium', 'premium_plus', 'custom'] as const;
export type PricingPlanId = (typeof PRICING_PLAN_IDS)[number];
export const pricingPlanIdSchema = z.enum(PRICING_PLAN_IDS);

export const SUPPORT_LEVEL_IDS = ['mail', 'telephone', 'key_account_manager'] as const;
export type SupportLevelId = (typeof SUPPORT_LEVEL_IDS)[number];
export const supportLevelIdSchema = z.enum(SUPPORT_LEVEL_IDS);
