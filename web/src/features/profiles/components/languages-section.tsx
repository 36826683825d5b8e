import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { BASE_LANGUAGES, LANGUAGE_LEVELS, type LanguageLevelId } from '@mp/domain/value-lists';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { newRowKey, type LanguageRow, type ProfileForm } from '../profile-form';
import { EditSection } from './edit-section';
import { TermPicker } from './term-picker';
import { useLanguage } from '../../../lib/i18n';

interface LanguagesSectionProps {
  languages: LanguageRow[];
  onChange: (patch: Partial<ProfileForm>) => void;
  errorText: (field: string) => string | undefined;
}

/** Languages with one of the five levels of spec section 3. */
export function LanguagesSection({ languages, onChange, errorText }: LanguagesSectionProps) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const chosen = new Set(languages.map((row) => row.code));
  const add = (code: string, name: string) => {
    if (chosen.has(code)) return;
    onChange({ languages: [...languages, { key: newRowKey(), code, name, level: '' }] });
  };
  const quick = BASE_LANGUAGES.filter((base) => !chosen.has(base.id));
  return (
    <EditSection
      name="languages"
      title={t('edit.languages.title')}
      description={t('edit.languages.description')}
    >
      <TermPicker
        vocabulary="languages"
        label={t('edit.languages.add')}
        placeholder={t('edit.languages.addPlaceholder')}
        exclude={languages.map((row) => row.name)}
        onPick={(term) => term.id && add(term.id, term.label)}
        testId="language-add"
      />
      {quick.length > 0 && (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}
          aria-label={t('edit.languages.suggested')}
          role="group"
        >
          {quick.map((base) => (
            <Chip
              key={base.id}
              icon={<Add />}
              label={base.label[language]}
              variant="outlined"
              size="small"
              onClick={() => add(base.id, base.label[language])}
              data-testid={`language-quick-${base.id}`}
            />
          ))}
        </Box>
      )}
      {languages.length === 0 ? (
        <Typography color="text.secondary" sx={{ pt: 2 }}>
          {t('edit.languages.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 2, display: 'grid', gap: 1.5 }}>
          {languages.map((row, index) => (
            <Box
              component="li"
              key={row.key}
              data-testid="language-row"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) minmax(0, 1.3fr) auto' },
                gap: 1.5,
                alignItems: 'center',
              }}
            >
              <Typography sx={{ fontWeight: 600 }}>{row.name}</Typography>
              <TextField
                select
                size="small"
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                label={t('edit.languages.level')}
                value={row.level}
                onChange={(event) =>
                  onChange({
                    languages: languages.map((other) =>
                      other.key === row.key
                        ? { ...other, level: event.target.value as LanguageLevelId }
                        : other,
                    ),
                  })
                }
                error={Boolean(errorText(`languages.${index}.level`) ?? errorText(`languages.${index}.code`))}
                helperText={errorText(`languages.${index}.level`) ?? errorText(`languages.${index}.code`)}
                slotProps={{
                  htmlInput: { 'aria-label': t('edit.languages.levelFor', { language: row.name }) },
                  select: { SelectDisplayProps: { 'data-testid': 'language-level' } as object },
                }}
              >
                {LANGUAGE_LEVELS.map((level) => (
                  <MenuItem key={level.id} value={level.id}>
                    {level.label[language]}
                  </MenuItem>
                ))}
              </TextField>
              <Tooltip title={t('edit.remove')}>
                <IconButton
                  aria-label={t('edit.removeItem', { item: row.name })}
                  onClick={() => onChange({ languages: languages.filter((other) => other.key !== row.key) })}
                >
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
    </EditSection>
  );
}
