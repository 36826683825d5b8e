import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Suggestion, VocabularyKind } from '../api/profile';
import { useTermSuggestions } from '../hooks/use-term-suggestions';

interface TermFieldProps {
  vocabulary: VocabularyKind;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helperText?: string;
  testId?: string;
}

/** A free-text input with vocabulary suggestions (e.g. the field of study): pick one or keep what you typed. */
export function TermField({ vocabulary, label, value, onChange, error, helperText, testId }: TermFieldProps) {
  const { suggestions, loading } = useTermSuggestions(vocabulary, value);
  return (
    <Autocomplete<Suggestion | string, false, false, true>
      freeSolo
      options={suggestions}
      value={value}
      inputValue={value}
      loading={loading}
      filterOptions={(all) => all}
      onInputChange={(_event, next) => onChange(next)}
      onChange={(_event, picked) => {
        if (picked === null) onChange('');
        else onChange(typeof picked === 'string' ? picked : picked.label);
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              ...(testId ? { 'data-testid': testId } : {}),
            },
          }}
        />
      )}
      // Enter picks or adds a term; it must not also submit the surrounding form.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      openOnFocus={false}
      autoHighlight={false}
    />
  );
}
