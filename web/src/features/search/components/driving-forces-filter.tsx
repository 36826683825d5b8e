import { DRIVING_FORCE_GROUPS, DRIVING_FORCES_BY_ID } from '@mp/domain/value-lists';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { updateFilters } from '../search-store';
import { FilterSection } from './filter-section';
import { SuggestionChips } from './suggestion-chips';

/** Driving forces (all of them), shown as the six motivators with their two opposite ends. */
export function DrivingForcesFilter({
  value,
  counts,
}: {
  value: string[];
  counts: ReadonlyMap<string, number> | undefined;
}) {
  const { t } = useTranslation('search-filters');
  const language = currentLanguage();
  const chosen = new Set(value);
  return (
    <FilterSection title={t('filters.drivingForces')} testId="filter-driving-forces">
      <Box sx={{ display: 'grid', gap: 1.25 }}>
        {DRIVING_FORCE_GROUPS.map((group) => (
          <Box key={group.id}>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}
            >
              {group.label[language]}
            </Typography>
            <SuggestionChips
              label={group.label[language]}
              testId="driving-force-option"
              suggestions={group.forces.map((id) => ({
                id,
                label: DRIVING_FORCES_BY_ID[id].label[language],
                count: counts?.get(id),
                selected: chosen.has(id),
                colour: group.colour,
              }))}
              onToggle={(force) =>
                updateFilters({
                  drivingForces: force.selected
                    ? value.filter((id) => id !== force.id)
                    : [...value, force.id],
                })
              }
            />
          </Box>
        ))}
      </Box>
    </FilterSection>
  );
}
