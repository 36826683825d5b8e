import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VocabularyKind } from '../api/profile';
import { useTermSuggestions } from '../hooks/use-term-suggestions';
import { termOptions, type TermOption } from '../term-options';

interface TermsInputProps {
  vocabulary: VocabularyKind;
  label: string;
  helperText?: string;
  error?: string;
  value: string[];
  onChange: (value: string[]) => void;
  testId: string;
}

/**
 * Several terms as chips: suggestions from the vocabulary, or the typed text in one's own words (listed after the
 * suggestions, and added by Enter when no suggestion is shown). Enter takes the highlighted option, the top
 * suggestion first, as the language field does (not freeSolo, whose Enter adds the half-typed word instead).
 */
export function TermsInput({
  vocabulary,
  label,
  helperText,
  error,
  value,
  onChange,
  testId,
}: TermsInputProps) {
  const { t } = useTranslation('profiles');
  const [input, setInput] = useState('');
  const { suggestions, loading, settled } = useTermSuggestions(vocabulary, input);
  const taken = new Set(value.map((name) => name.toLowerCase()));
  const options = termOptions(suggestions, input, taken, { allowFreeText: true, settled });
  const change = (next: readonly TermOption[]) => {
    const names = next.map((item) => (typeof item === 'string' ? item : item.label).trim()).filter(Boolean);
    onChange([...new Map(names.map((name) => [name.toLowerCase(), name])).values()]);
    setInput('');
  };
  return (
    <Autocomplete<TermOption, true, false, false>
      multiple
      options={options}
      value={value}
      inputValue={input}
      loading={loading}
      filterOptions={(all) => all}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      onChange={(_event, next) => change(next)}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) => (typeof option === 'string' ? `own:${option}` : option.id)}
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
            {typeof option === 'string' ? t('edit.terms.addOwn', { text: option }) : option.label}
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
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
      // Enter picks or adds a term; it must not also submit the surrounding form.
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        if (options.length === 0 && input.trim()) {
          (event as typeof event & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
          change([...value, input]);
        }
      }}
      openOnFocus={false}
      autoHighlight
    />
  );
}
