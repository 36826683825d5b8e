import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Suggestion, VocabularyKind } from '../api/profile';
import { useTermSuggestions } from '../hooks/use-term-suggestions';

interface TermsInputProps {
  vocabulary: VocabularyKind;
  label: string;
  helperText?: string;
  error?: string;
  value: string[];
  onChange: (value: string[]) => void;
  testId: string;
}

/** Several terms as chips: suggestions from the vocabulary, or free text added with Enter. */
export function TermsInput({
  vocabulary,
  label,
  helperText,
  error,
  value,
  onChange,
  testId,
}: TermsInputProps) {
  const [input, setInput] = useState('');
  const { suggestions, loading } = useTermSuggestions(vocabulary, input);
  const taken = new Set(value.map((name) => name.toLowerCase()));
  return (
    <Autocomplete<Suggestion | string, true, false, true>
      multiple
      freeSolo
      options={suggestions.filter((option) => !taken.has(option.label.toLowerCase()))}
      value={value}
      inputValue={input}
      loading={loading}
      filterOptions={(all) => all}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      onChange={(_event, next) => {
        const names = next
          .map((item) => (typeof item === 'string' ? item : item.label).trim())
          .filter(Boolean);
        onChange([...new Map(names.map((name) => [name.toLowerCase(), name])).values()]);
        setInput('');
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      renderValue={(selected, getItemProps) =>
        selected.map((item, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={typeof item === 'string' ? item : item.label}
              {...itemProps}
            />
          );
        })
      }
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid={`${testId}-option`}>
            {typeof option === 'string' ? option : option.label}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: 100, 'data-testid': testId },
          }}
        />
      )}
      openOnFocus={false}
      autoHighlight
    />
  );
}
