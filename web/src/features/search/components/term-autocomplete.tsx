import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { suggestTerms, type Suggestion, type VocabularyKind } from '../api/suggestions';
import type { Term } from '../search-filters';
import { withCount } from './filter-section';

interface TermAutocompleteProps {
  vocabulary: VocabularyKind;
  label: string;
  placeholder?: string;
  value: Term[];
  onChange: (terms: Term[]) => void;
  /** Facet counts by term id. */
  counts?: ReadonlyMap<string, number>;
  testId: string;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A multi-select of vocabulary terms (skills, languages, fields of study), suggested as the user types. */
export function TermAutocomplete({
  vocabulary,
  label,
  placeholder,
  value,
  onChange,
  counts,
  testId,
}: TermAutocompleteProps) {
  const [input, setInput] = useState('');
  const term = useDebounced(input.trim(), 180);
  const suggestions = useQuery({
    queryKey: ['search-vocabulary', vocabulary, term],
    queryFn: ({ signal }) => suggestTerms(vocabulary, term, signal),
    enabled: term.length > 0,
    staleTime: 10 * 60_000,
    meta: { handlesErrors: true },
  });
  const options: Suggestion[] = term.length > 0 ? (suggestions.data ?? []) : [];
  return (
    <Autocomplete<Suggestion, true, false, false>
      multiple
      size="small"
      options={options}
      value={value}
      filterOptions={(all) => all}
      filterSelectedOptions
      loading={suggestions.isFetching}
      inputValue={input}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      onChange={(_event, next) => {
        onChange(next.map((item) => ({ id: item.id, label: item.label })));
        setInput('');
      }}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.id}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {withCount(option.label, counts?.get(option.id))}
          </li>
        );
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.label} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length === 0 ? placeholder : undefined}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
      noOptionsText={null}
      openOnFocus={false}
      autoHighlight
    />
  );
}
