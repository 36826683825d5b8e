// The query builders of @mp/search-schema, one concern a module:
// - search-request: the `/search/v3` request body (`buildSearchQuery`), put together from
// - filters: which profiles match (the criteria as filter clauses),
// - search-term: the words of the search term and the concepts they name,
// - relevance: how matches rank (`orderOfImportance`, nice-to-haves, profile quality),
// - facets: the counts per filter value,
// - matched-criteria: what a hit matched, read back from its named clauses,
// - tags: tag suggestions,
// with dates and the query DSL building blocks beside them.
export { daysBetween, earliestLastUse, effectiveAvailableAt } from './dates';
export type { EsQuery } from './dsl';
export { FACET_NAMES, parseFacets } from './facets';
export type { FacetName, FacetValue, SearchFacets } from './facets';
export { toFilterCriteria } from './filters';
export type { FilterCriteria } from './filters';
export { matchedCriteriaFromHit, matchedSkillIdsFromHit, SKILL_MATCH_PREFIX } from './matched-criteria';
export type { MatchedCriterion, SearchHit } from './matched-criteria';
export { importanceBoosts, importanceOrder } from './relevance';
export { buildSearchQuery, IDENTIFYING_CARD_FIELDS } from './search-request';
export type {
  SearchQueryOptions,
  SearchRequestBody,
  SearchSort,
  SearchViewer,
  SortValue,
} from './search-request';
export { SEARCH_WORDS_MAX, searchWords } from './search-term';
export { buildTagsQuery, parseTags, TAG_NAMES, TAGS_LIMIT } from './tags';
export type { TagName, TagsConditions, TagsQueryOptions, TagSuggestion } from './tags';
