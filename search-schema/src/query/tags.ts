import { DISC_TYPES_BY_ID } from '@mp/domain';
import type { DiscTypeId, Locale } from '@mp/domain';
import type { PartialSearchCriteria } from '../criteria.schema';
import { labelTermId } from '../document';
import { assertIsoDate } from './dates';
import { isFreeTextValue, readTermsBuckets } from './facets';
import { buildFilters, SEARCHABLE_FILTER, toFilterCriteria } from './filters';
import { searchTermClauses } from './search-term';

// Tag suggestions (`/search/tags`, `/search/tags/v2`): the most frequent skills, languages or personalities
// among the profiles that match the conditions so far.

export const TAG_NAMES = ['skills', 'languages', 'personalities'] as const;
export type TagName = (typeof TAG_NAMES)[number];

const TAG_FIELDS: Record<TagName, string> = {
  skills: 'skillIds',
  languages: 'languageCodes',
  personalities: 'discType',
};

/** How many tags a suggestion returns (spec section 9). */
export const TAGS_LIMIT = 10;

/** Conditions of a tag suggestion: parsed criteria where any field may be missing. */
export type TagsConditions = PartialSearchCriteria;

export interface TagsQueryOptions {
  /** Today `YYYY-MM-DD`, used when the conditions hold `availableAt: null`. */
  today: string;
  /** The request's language (weighs its stemmed fields a little more for the search term). */
  locale?: Locale;
}

/**
 * The body of a `search` request for tag suggestions: no hits, and the `TAGS_LIMIT` most frequent values of
 * `tag` among the searchable profiles that match `conditions` (same semantics as `buildSearchQuery`; a
 * missing `availableAt` means no availability condition, null means today). Values already chosen for
 * `tag` are left out.
 */
export function buildTagsQuery(tag: TagName, conditions: TagsConditions, options: TagsQueryOptions) {
  assertIsoDate(options.today, 'today');
  const criteria = toFilterCriteria(conditions, options.today, conditions.availableAt !== undefined);
  const filters = buildFilters(criteria, options.today);
  const text = searchTermClauses(
    conditions.searchTerm ?? '',
    options.locale ?? 'sv',
    Number(options.today.slice(0, 4)),
  );
  const chosen = tag === 'personalities' ? criteria.personalities : criteria[tag];
  return {
    size: 0,
    track_total_hits: false,
    query: {
      bool: {
        filter: [SEARCHABLE_FILTER, ...Object.values(filters)],
        ...(text.must.length > 0 ? { must: text.must } : {}),
      },
    },
    aggs: {
      tags: {
        terms: {
          field: TAG_FIELDS[tag],
          size: TAGS_LIMIT,
          ...(chosen.length > 0 ? { exclude: chosen } : {}),
        },
      },
    },
  };
}

export interface TagSuggestion {
  id: string;
  label: string;
  count: number;
}

/** The suggestions of a tags response (`response.aggregations`), labelled in `locale`. */
export function parseTags(aggregations: unknown, tag: TagName, locale: Locale): TagSuggestion[] {
  const buckets = readTermsBuckets((aggregations as Record<string, unknown> | undefined)?.tags);
  return buckets
    .filter(({ key }) => !isFreeTextValue(key))
    .slice(0, TAGS_LIMIT)
    .map(({ key, count }) => ({ id: key, label: tagLabel(tag, key, locale), count }));
}

function tagLabel(tag: TagName, id: string, locale: Locale): string {
  if (tag === 'personalities') return DISC_TYPES_BY_ID[id as DiscTypeId]?.label[locale] ?? id;
  return labelTermId(tag, id, locale);
}
