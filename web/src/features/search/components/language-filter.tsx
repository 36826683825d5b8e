import { BASE_LANGUAGES } from '@mp/domain/value-lists';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import type { Term } from '../search-filters';
import { updateFilters } from '../search-store';
import { FilterSection } from './filter-section';
import { SuggestionChips } from './suggestion-chips';
import { TermAutocomplete } from './term-autocomplete';

/** Languages (all of them): a multi-select of the vocabulary and the eight base languages as chips. */
export function LanguageFilter({
  value,
  counts,
}: {
  value: Term[];
  counts: ReadonlyMap<string, number> | undefined;
}) {
  const { t } = useTranslation('search-filters');
  const language = currentLanguage();
  const chosen = new Set(value.map((term) => term.id));
  const suggestions = BASE_LANGUAGES.map((base) => ({
    id: base.id as string,
    label: base.label[language],
    // Facets list only the languages someone has: the others count 0.
    count: counts ? (counts.get(base.id) ?? 0) : undefined,
    selected: chosen.has(base.id),
  }));
  return (
    <FilterSection title={t('filters.languages')} testId="filter-languages">
      <Stack spacing={1.25}>
        <TermAutocomplete
          vocabulary="languages"
          label={t('filters.languagesLabel')}
          value={value}
          counts={counts}
          onChange={(languages) => updateFilters({ languages })}
          testId="languages-input"
        />
        <SuggestionChips
          label={t('filters.suggestedLanguages')}
          suggestions={suggestions}
          testId="language-chip"
          onToggle={(suggestion) =>
            updateFilters({
              languages: suggestion.selected
                ? value.filter((term) => term.id !== suggestion.id)
                : [...value, { id: suggestion.id, label: suggestion.label }],
            })
          }
        />
      </Stack>
    </FilterSection>
  );
}
