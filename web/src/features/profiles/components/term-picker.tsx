import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VocabularyKind } from '../api/profile';
import { useTermSuggestions } from '../hooks/use-term-suggestions';
import { termOptions, type TermOption } from '../term-options';

interface TermPickerProps {
  vocabulary: VocabularyKind;
  label: string;
  placeholder?: string;
  helperText?: string;
  /** Names already chosen; they are not suggested again. */
  exclude?: readonly string[];
  /**
   * Whether what was typed may be added as it is (skills may; languages may not): it is listed after the
   * suggestions ("Add “…”"), and Enter adds it when no suggestion is shown.
   */
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
  const { t } = useTranslation('profiles');
  const [input, setInput] = useState('');
  const { suggestions, loading, settled } = useTermSuggestions(vocabulary, input);
  const taken = new Set(exclude.map((name) => name.toLowerCase()));
  const options = termOptions(suggestions, input, taken, { allowFreeText, settled });
  const pick = (picked: TermOption) => {
    const term =
      typeof picked === 'string'
        ? { id: null, label: picked.trim() }
        : { id: picked.id, label: picked.label };
    setInput('');
    if (term.label && !taken.has(term.label.toLowerCase())) onPick(term);
  };
  // Not freeSolo: MUI's freeSolo Enter adds the typed text even while a suggestion is highlighted. Enter takes the
  // highlighted option (the top suggestion, or the typed text listed as an option); own words without any option
  // shown (the suggestions still on their way) are added by the key handler below.
  return (
    <Autocomplete<TermOption, false, false, false>
      options={options}
      value={null}
      inputValue={input}
      loading={loading}
      filterOptions={(all) => all}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      onChange={(_event, picked) => {
        if (picked) pick(picked);
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) => (typeof option === 'string' ? `own:${option}` : option.id)}
      isOptionEqualToValue={(option, value) =>
        typeof option !== 'string' && typeof value !== 'string' && option.id === value.id
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
          placeholder={placeholder}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
      noOptionsText={null}
      // Enter picks or adds a term; it must not also submit the surrounding form.
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        if (allowFreeText && options.length === 0 && input.trim()) {
          (event as typeof event & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
          pick(input);
        }
      }}
      openOnFocus={false}
      autoHighlight
      clearOnBlur
      blurOnSelect={false}
    />
  );
}
