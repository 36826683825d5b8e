import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineIcon } from '../../../components/ui/inline-icon';
import { LightButton } from '../../../components/ui/light-button';
import { updateFilters } from '../search-store';

// A plain input, styled: the keyword box is on the critical path of the page, and MUI's TextField (with its
// select and label machinery) would double the size of this chunk.
const Input = styled('input')(({ theme }) => ({
  flex: 1,
  minWidth: 0,
  border: 0,
  outline: 0,
  background: 'transparent',
  font: 'inherit',
  fontSize: '1rem',
  color: theme.palette.text.primary,
  padding: theme.spacing(1.25, 0),
  '&::placeholder': { color: theme.palette.text.secondary, opacity: 1 },
  '&::-webkit-search-cancel-button': { cursor: 'pointer' },
}));

/** The keyword box: a submit (button or Enter) reruns the search with the words typed. */
export function KeywordBox({ value }: { value: string }) {
  const { t } = useTranslation('search');
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // Clear all, a loaded saved search or the address can change the keyword from outside.
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    updateFilters({ searchTerm: draft.trim() });
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 2,
        pr: 0.75,
        py: 0.5,
        bgcolor: 'background.paper',
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 999,
        boxShadow: '0 1px 2px rgba(27, 42, 53, 0.06)',
        '&:focus-within': { borderColor: 'primary.main', boxShadow: '0 0 0 3px rgba(29, 78, 111, 0.18)' },
      }}
    >
      <InlineIcon path={SEARCH_ICON_PATH} sx={{ color: 'text.secondary' }} />
      <Box component="label" htmlFor={id} sx={visuallyHidden}>
        {t('keyword.label')}
      </Box>
      <Input
        id={id}
        type="search"
        name="keywords"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={200}
        placeholder={t('keyword.placeholder')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        data-testid="keyword-input"
      />
      <LightButton type="submit" variant="contained" data-testid="keyword-submit">
        {t('keyword.submit')}
      </LightButton>
    </Box>
  );
}

// Material's Search icon: MUI's SvgIcon is the only other thing this box would need from MUI.
const SEARCH_ICON_PATH =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
