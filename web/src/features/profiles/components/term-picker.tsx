import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Suggestion, VocabularyKind } from '../api/profile';
import { useTermSuggestions } from '../hooks/use-term-suggestions';

interface TermPickerProps {
  vocabulary: VocabularyKind;
  label: string;
  placeholder?: string;
  helperText?: string;
  /** Names already chosen; they are not suggested again. */
  exclude?: readonly string[];
  /** Whether Enter may add what was typed when it matches no suggestion (skills may; languages may not). */
  allowFreeText?: boolean;
  onPick: (term: { id: string | null; label: string }) => void;
  testId: string;
}

/** An input that adds one term at a time: type a prefix, pick a suggestion from the vocabulary. */
export function TermPicker({
  vocabulary,
  label,
  placeholder,
  helperText,
  exclude = [],
  allowFreeText = false,
  onPick,
  testId,
}: TermPickerProps) {
  const [input, setInput] = useState('');
  const { suggestions, loading } = useTermSuggestions(vocabulary, input);
  const taken = new Set(exclude.map((name) => name.toLowerCase()));
  const options = suggestions.filter((option) => !taken.has(option.label.toLowerCase()));
  return (
    <Autocomplete<Suggestion | string, false, false, boolean>
      freeSolo={allowFreeText}
      options={options}
      value={null}
      inputValue={input}
      loading={loading}
      filterOptions={(all) => all}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      onChange={(_event, picked) => {
        if (!picked) return;
        const term =
          typeof picked === 'string'
            ? { id: null, label: picked.trim() }
            : { id: picked.id, label: picked.label };
        setInput('');
        if (term.label && !taken.has(term.label.toLowerCase())) onPick(term);
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      isOptionEqualToValue={(option, value) =>
        typeof option !== 'string' && typeof value !== 'string' && option.id === value.id
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
          placeholder={placeholder}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId, maxLength: 100 },
          }}
        />
      )}
      noOptionsText={null}
      // Enter picks or adds a term; it must not also submit the surrounding form.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      openOnFocus={false}
      autoHighlight
      clearOnBlur
      blurOnSelect={false}
    />
  );
}
