import { EDUCATION_LEVELS } from '@mp/domain/value-lists';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import type { Term } from '../search-filters';
import { updateFilters } from '../search-store';
import { FilterSection, withCount } from './filter-section';
import { TermAutocomplete } from './term-autocomplete';

/** Education: the lowest accepted level (that level or higher matches) and fields of study (any of them). */
export function EducationFilter({
  level,
  fields,
  levelCounts,
  fieldCounts,
}: {
  level: string | null;
  fields: Term[];
  levelCounts: ReadonlyMap<string, number> | undefined;
  fieldCounts: ReadonlyMap<string, number> | undefined;
}) {
  const { t } = useTranslation('search-filters');
  const language = currentLanguage();
  return (
    <FilterSection title={t('filters.education')} testId="filter-education">
      <Stack spacing={1.5}>
        <TextField
          select
          size="small"
          label={t('filters.educationLevel')}
          value={level ?? ''}
          onChange={(event) => updateFilters({ educationLevel: event.target.value || null })}
          helperText={t('filters.educationLevelHelp')}
          slotProps={{ select: { 'data-testid': 'education-level' } as object }}
        >
          <MenuItem value="">{t('filters.anyLevel')}</MenuItem>
          {EDUCATION_LEVELS.map((item) => (
            <MenuItem key={item.id} value={item.id} data-testid="education-level-option">
              {withCount(item.label[language], levelCounts?.get(item.id))}
            </MenuItem>
          ))}
        </TextField>
        <TermAutocomplete
          vocabulary="fieldsOfStudy"
          label={t('filters.fieldsOfStudy')}
          placeholder={t('filters.fieldsOfStudyPlaceholder')}
          value={fields}
          counts={fieldCounts}
          onChange={(fieldsOfStudy) => updateFilters({ fieldsOfStudy })}
          testId="fields-of-study-input"
        />
      </Stack>
    </FilterSection>
  );
}
