import { DISC_TYPES } from '@mp/domain/value-lists';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { personalityTagConditions, tagSuggestionsQueryOptions } from '../api/suggestions';
import type { SearchFilters } from '../search-filters';
import { updateFilters } from '../search-store';
import { FilterSection, withCount } from './filter-section';
import { SuggestionChips } from './suggestion-chips';

const DiscHelpDialog = lazy(() =>
  import('./disc-help-dialog').then((module) => ({ default: module.DiscHelpDialog })),
);

/** Behavioural style: one of the eight DISC types, the most common ones under the filters as chips, and help. */
export function PersonalityFilter({
  filters,
  counts,
  assessedCount,
}: {
  filters: SearchFilters;
  counts: ReadonlyMap<string, number> | undefined;
  /** How many matches have a DISC type verified by the assessment (the facet, without its own filter). */
  assessedCount?: number | undefined;
}) {
  const { t } = useTranslation('search-filters');
  const language = useLanguage();
  const [help, setHelp] = useState(false);
  const selected = filters.personalities[0] ?? '';
  const tags = useQuery(
    tagSuggestionsQueryOptions('personalities', personalityTagConditions(filters), language),
  );
  const colourOf = (id: string) => DISC_TYPES.find((type) => type.id === id)?.colour;
  return (
    <FilterSection
      title={t('filters.personality')}
      testId="filter-personality"
      action={
        <IconButton
          size="small"
          onClick={() => setHelp(true)}
          aria-label={t('disc.help')}
          data-testid="disc-help"
        >
          <HelpOutline fontSize="small" />
        </IconButton>
      }
    >
      <Stack spacing={1.25}>
        <TextField
          select
          size="small"
          label={t('filters.personalityLabel')}
          value={selected}
          onChange={(event) =>
            updateFilters({ personalities: event.target.value ? [event.target.value] : [] })
          }
          slotProps={{ select: { 'data-testid': 'personality-select' } as object }}
        >
          <MenuItem value="">{t('filters.anyPersonality')}</MenuItem>
          {DISC_TYPES.map((type) => (
            <MenuItem key={type.id} value={type.id} data-testid="personality-option">
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: type.colour,
                  mr: 1,
                  flexShrink: 0,
                }}
              />
              {withCount(`${type.label[language]} (${type.code})`, counts?.get(type.id))}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={filters.assessedPersonality}
              onChange={(event) => updateFilters({ assessedPersonality: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'assessed-personality' } as object }}
            />
          }
          label={
            <Typography variant="body2">
              {withCount(t('filters.assessedPersonality'), assessedCount)}
            </Typography>
          }
        />
        <SuggestionChips
          label={t('filters.suggestedPersonalities')}
          testId="personality-suggestion"
          suggestions={(tags.data ?? []).slice(0, 4).map((tag) => ({
            ...tag,
            selected: tag.id === selected,
            colour: colourOf(tag.id),
          }))}
          onToggle={(tag) => updateFilters({ personalities: tag.selected ? [] : [tag.id] })}
        />
      </Stack>
      {help && (
        <Suspense fallback={null}>
          <DiscHelpDialog onClose={() => setHelp(false)} />
        </Suspense>
      )}
    </FilterSection>
  );
}
