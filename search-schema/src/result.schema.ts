import { availabilityKindIdSchema, DISC_SOURCE_IDS } from '@mp/domain';
import type { Locale } from '@mp/domain';
import { z } from 'zod';
import { CRITERION_NAMES } from './criteria.schema';
import { consultantCardSchema } from './document';
import { FACET_NAMES, matchedCriteriaFromHit, matchedSkillIdsFromHit } from './query';
import type { SearchHit, SearchViewer } from './query';

// The wire shape of `/search/v3`: one card per hit with exactly the fields of spec section 3 (Search result)
// plus `matched`, and the page around them.

export const matchedCriterionSchema = z.object({
  criterion: z.enum(CRITERION_NAMES),
  values: z.array(z.string()),
});

export const matchedSkillSchema = z.strictObject({
  /** Vocabulary id. */
  id: z.string(),
  /** The label in the request's language. */
  skill: z.string(),
  years: z.number().nullable(),
  lastUsedYear: z.number().int().nullable(),
});
export type MatchedSkill = z.output<typeof matchedSkillSchema>;

/**
 * One result card. For an anonymous viewer `firstName`, `lastName` and `picture` are null; `userId`, `id`
 * and `key` are the opaque profile reference that opens the public (anonymous) profile.
 */
export const searchResultSchema = z.strictObject({
  userId: z.string(),
  /** The profile reference (the user id). */
  id: z.string(),
  /** A stable list key (the user id). */
  key: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  picture: z.strictObject({ url: z.string() }).nullable(),
  availability: z.strictObject({
    kind: availabilityKindIdSchema,
    /** `YYYY-MM-DD` for `available_at`. */
    date: z.string().nullable(),
    /** Days of notice for `available_with_in`. */
    withinDays: z.number().int().nullable(),
  }),
  /** Unique job titles in the request's language. */
  jobTitles: z.array(z.string()),
  /** Work location ids. */
  locations: z.array(z.string()),
  /** Every skill, starred first then by experience, labelled in the request's language (the card shows 5). */
  skills: z.array(z.strictObject({ skill: z.string() })),
  /** DISC type id. */
  personality: z.string().nullable(),
  /** 'self': picked by the consultant (self-assessed); 'assessment': verified by the assessment. */
  personalitySource: z.enum(DISC_SOURCE_IDS).nullable(),
  /** Driving force ids. */
  drivingForces: z.array(z.string()),
  /** Ids of the viewer's favourites groups holding this consultant. */
  favoritesGroups: z.array(z.string()),
  /** Why this consultant matched: the criteria and values the hit satisfied. */
  matched: z.array(matchedCriterionSchema),
  /**
   * The vocabulary skills the search ranked this consultant by (named in the search term, the skill filters
   * or the nice-to-haves) with the consultant's experience of each, for the card's 'why this match' line.
   */
  matchedSkills: z.array(matchedSkillSchema),
});

export type SearchResult = z.output<typeof searchResultSchema>;

const facetValuesSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const searchFacetsSchema = z.object(
  Object.fromEntries(FACET_NAMES.map((name) => [name, facetValuesSchema])) as Record<
    (typeof FACET_NAMES)[number],
    typeof facetValuesSchema
  >,
);

const hitSourceSchema = z.object({ card: consultantCardSchema.partial() });

export interface ToSearchResultOptions {
  /** The ids of the viewer's favourites groups this consultant is in (logged-in viewers only). */
  favoritesGroups?: readonly string[];
  /** Today (`YYYY-MM-DD`, the Swedish calendar the search judged availability by): see {@link availabilityAsOf}. */
  today?: string;
}

type Availability = SearchResult['availability'];
const NOT_AVAILABLE: Availability = { kind: 'not_available', date: null, withinDays: null };

/**
 * A card's availability as of `today` (`YYYY-MM-DD`): a consultant available from a day that has come is
 * available now. The card in the index keeps the date the consultant gave, which passes; the availability
 * filter already counts them as available, and a card saying 'available from' a past day reads as stale.
 */
export function availabilityAsOf<T extends Availability>(availability: T, today: string): T | Availability {
  return availability.kind === 'available_at' && availability.date !== null && availability.date <= today
    ? { kind: 'available_now', date: null, withinDays: null }
    : availability;
}

/**
 * Maps one hit of `buildSearchQuery` to a card in `locale`. An anonymous viewer gets no name, no picture
 * and no favourites, whatever the hit holds.
 */
export function toSearchResult(
  hit: SearchHit,
  viewer: SearchViewer,
  locale: Locale,
  options: ToSearchResultOptions = {},
): SearchResult {
  const card = hitSourceSchema.parse(hit._source).card;
  const userId = card.userId ?? hit._id;
  if (!userId) throw new Error('A search hit without a user id');
  const anonymous = viewer.kind === 'anonymous';
  const pictureUrl = anonymous ? null : (card.pictureUrl ?? null);
  return {
    userId,
    id: userId,
    key: userId,
    firstName: anonymous ? null : (card.firstName ?? null),
    lastName: anonymous ? null : (card.lastName ?? null),
    picture: pictureUrl ? { url: pictureUrl } : null,
    availability: options.today
      ? availabilityAsOf(card.availability ?? NOT_AVAILABLE, options.today)
      : (card.availability ?? NOT_AVAILABLE),
    jobTitles: card.jobTitles?.[locale] ?? [],
    locations: card.locations ?? [],
    skills: (card.skills ?? []).map((skill) => ({ skill: skill[locale] })),
    personality: card.personality ?? null,
    personalitySource: card.personality ? (card.personalitySource ?? 'self') : null,
    drivingForces: card.drivingForces ?? [],
    favoritesGroups: anonymous ? [] : [...(options.favoritesGroups ?? [])],
    matched: matchedCriteriaFromHit(hit),
    matchedSkills: matchedSkillIdsFromHit(hit).flatMap((id) => {
      const skill = card.skills?.find((candidate) => candidate.id === id);
      return skill
        ? [{ id, skill: skill[locale], years: skill.years, lastUsedYear: skill.lastUsedYear }]
        : [];
    }),
  };
}
