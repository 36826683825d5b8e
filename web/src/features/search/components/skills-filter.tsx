import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { tagConditions, tagSuggestionsQueryOptions } from '../api/suggestions';
import type { SearchFilters } from '../search-filters';
import { updateFilters } from '../search-store';
import { FilterSection } from './filter-section';
import { SuggestionChips } from './suggestion-chips';
import { TermAutocomplete } from './term-autocomplete';

/** Skills (all of them): the vocabulary as the user types, and the most common skills under the filters as chips. */
export function SkillsFilter({
  filters,
  counts,
}: {
  filters: SearchFilters;
  counts: ReadonlyMap<string, number> | undefined;
}) {
  const { t } = useTranslation('search-filters');
  const language = useLanguage();
  const conditions = tagConditions(filters);
  const tags = useQuery(tagSuggestionsQueryOptions('skills', conditions, language));
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
