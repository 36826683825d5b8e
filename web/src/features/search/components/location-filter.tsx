import { WORK_LOCATIONS } from '@mp/domain/value-lists';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { updateFilters } from '../search-store';
import { FilterSection, withCount } from './filter-section';

/** Work locations: any of the 24 (OR), each with how many consultants it would add. */
export function LocationFilter({
  value,
  counts,
}: {
  value: string[];
  counts: ReadonlyMap<string, number> | undefined;
}) {
  const { t } = useTranslation('search-filters');
  const language = currentLanguage();
  const ids = WORK_LOCATIONS.map((location) => location.id as string);
  const labelOf = (id: string) =>
    WORK_LOCATIONS.find((location) => location.id === id)?.label[language] ?? id;
  return (
    <FilterSection title={t('filters.locations')} testId="filter-locations">
      <Autocomplete<string, true, false, false>
        multiple
        size="small"
        disableCloseOnSelect
        options={ids}
        value={value}
        onChange={(_event, next) => updateFilters({ locations: next })}
        getOptionLabel={labelOf}
        renderOption={(props, id, { selected }) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest} data-testid="location-option">
              <Checkbox size="small" checked={selected} sx={{ p: 0, mr: 1 }} tabIndex={-1} disableRipple />
              {withCount(labelOf(id), counts?.get(id))}
            </li>
          );
        }}
        renderValue={(selected, getItemProps) =>
          selected.map((id, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={labelOf(id)} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('filters.locationsLabel')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'locations-input' },
            }}
          />
        )}
      />
    </FilterSection>
  );
}
