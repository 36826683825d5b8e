import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { suggestTags } from '../api/suggestions';
import { toCriteria, type SearchFilters } from '../search-filters';
import { updateFilters } from '../search-store';
import { FilterSection } from './filter-section';
import { SuggestionChips } from './suggestion-chips';
import { TermAutocomplete } from './term-autocomplete';

/**
 * The conditions tag suggestions are computed under: the whole search (keyword and date included), so the
 * suggested chips and their counts describe the results on screen.
 */
export function tagConditions(filters: SearchFilters) {
  return toCriteria(filters);
}

/** Skills (all of them): the vocabulary as the user types, and the most common skills under the filters as chips. */
export function SkillsFilter({
  filters,
  counts,
}: {
  filters: SearchFilters;
  counts: ReadonlyMap<string, number> | undefined;
}) {
  const { t } = useTranslation('search-filters');
  const conditions = tagConditions(filters);
  const tags = useQuery({
    queryKey: ['search-tags', 'skills', conditions],
    queryFn: ({ signal }) => suggestTags('skills', conditions, signal),
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });
  return (
    <FilterSection title={t('filters.skills')} testId="filter-skills">
      <Stack spacing={1.25}>
        <TermAutocomplete
          vocabulary="skills"
          label={t('filters.skillsLabel')}
          placeholder={t('filters.skillsPlaceholder')}
          value={filters.skills}
          counts={counts}
          onChange={(skills) => updateFilters({ skills })}
          testId="skills-input"
        />
        <SuggestionChips
          label={t('filters.suggestedSkills')}
          suggestions={tags.data ?? []}
          testId="skill-suggestion"
          onToggle={(suggestion) =>
            updateFilters({ skills: [...filters.skills, { id: suggestion.id, label: suggestion.label }] })
          }
        />
      </Stack>
    </FilterSection>
  );
}
