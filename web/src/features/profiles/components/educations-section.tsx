import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { EDUCATION_LEVELS, type EducationLevelId } from '@mp/domain/value-lists';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { emptyEducation, type EducationRow, type ProfileForm } from '../profile-form';
import { EditSection } from './edit-section';
import { TermField } from './term-field';
import { useLanguage } from '../../../lib/i18n';

interface EducationsSectionProps {
  educations: EducationRow[];
  onChange: (patch: Partial<ProfileForm>) => void;
  errorText: (field: string) => string | undefined;
}

/** Education: level, field of study (with suggestions), degree, school and years. */
export function EducationsSection({ educations, onChange, errorText }: EducationsSectionProps) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const update = (key: string, patch: Partial<EducationRow>) =>
    onChange({ educations: educations.map((row) => (row.key === key ? { ...row, ...patch } : row)) });
  const fieldProps = (
    row: EducationRow,
    index: number,
    field: 'degree' | 'school' | 'startYear' | 'endYear',
  ) => ({
    value: row[field],
    onChange: (event: { target: { value: string } }) => update(row.key, { [field]: event.target.value }),
    error: Boolean(errorText(`educations.${index}.${field}`)),
    helperText: errorText(`educations.${index}.${field}`),
  });
  return (
    <EditSection
      name="educations"
      title={t('edit.educations.title')}
      description={t('edit.educations.description')}
      action={
        <Button
          startIcon={<Add />}
          variant="outlined"
          size="small"
          onClick={() => onChange({ educations: [...educations, emptyEducation()] })}
          data-testid="education-add"
        >
          {t('edit.educations.add')}
        </Button>
      }
    >
      {educations.length === 0 && (
        <Typography color="text.secondary">{t('edit.educations.empty')}</Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {educations.map((row, index) => (
          <Box
            key={row.key}
            role="group"
            aria-label={t('edit.educations.item', { number: index + 1 })}
            data-testid="education-row"
            sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, border: '1px solid', borderColor: 'divider' }}
          >
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                select
                required
                label={t('edit.educations.level')}
                value={row.level}
                onChange={(event) => update(row.key, { level: event.target.value as EducationLevelId })}
                error={Boolean(errorText(`educations.${index}.level`))}
                helperText={errorText(`educations.${index}.level`)}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'education-level' } as object } }}
              >
                {EDUCATION_LEVELS.map((level) => (
                  <MenuItem key={level.id} value={level.id}>
                    {level.label[language]}
                  </MenuItem>
                ))}
              </TextField>
              <TermField
                vocabulary="fieldsOfStudy"
                label={t('edit.educations.fieldOfStudy')}
                value={row.fieldOfStudy}
                onChange={(value) => update(row.key, { fieldOfStudy: value })}
                error={errorText(`educations.${index}.fieldOfStudy`)}
                testId="education-field"
              />
              <TextField label={t('edit.educations.degree')} {...fieldProps(row, index, 'degree')} />
              <TextField
                label={t('edit.educations.school')}
                {...fieldProps(row, index, 'school')}
                slotProps={{ htmlInput: { 'data-testid': 'education-school' } }}
              />
              <TextField
                label={t('edit.educations.startYear')}
                {...fieldProps(row, index, 'startYear')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              />
              <TextField
                label={t('edit.educations.endYear')}
                {...fieldProps(row, index, 'endYear')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              />
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Button
                color="error"
                size="small"
                startIcon={<DeleteOutline />}
                onClick={() => onChange({ educations: educations.filter((other) => other.key !== row.key) })}
              >
                {t('edit.educations.remove')}
              </Button>
            </Box>
          </Box>
        ))}
      </Box>
    </EditSection>
  );
}
