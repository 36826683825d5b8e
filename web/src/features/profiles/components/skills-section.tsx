import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emptySkill,
  PROFILE_LIMITS,
  STARRED_SKILLS_MAX,
  type ProfileForm,
  type SkillRow,
} from '../profile-form';
import { EditSection } from './edit-section';
import { TermPicker } from './term-picker';

interface SkillsSectionProps {
  skills: SkillRow[];
  onChange: (patch: Partial<ProfileForm>) => void;
  errorText: (field: string) => string | undefined;
}

const STAR_COLOUR = '#b26a00';

/** Skills with years of experience and the year last used; up to five of them starred. */
export function SkillsSection({ skills, onChange, errorText }: SkillsSectionProps) {
  const { t } = useTranslation('profiles');
  const [limitHit, setLimitHit] = useState(false);
  const starred = skills.filter((skill) => skill.starred).length;
  const thisYear = new Date().getFullYear();

  const update = (key: string, patch: Partial<SkillRow>) =>
    onChange({ skills: skills.map((skill) => (skill.key === key ? { ...skill, ...patch } : skill)) });

  const toggleStar = (skill: SkillRow) => {
    if (!skill.starred && starred >= STARRED_SKILLS_MAX) {
      setLimitHit(true);
      return;
    }
    setLimitHit(false);
    update(skill.key, { starred: !skill.starred });
  };

  const limitMessage =
    errorText('skills') ?? (limitHit ? t('messages:validation.tooManyHighlightedSkills') : null);

  return (
    <EditSection name="skills" title={t('edit.skills.title')} description={t('edit.skills.description')}>
      <TermPicker
        vocabulary="skills"
        label={t('edit.skills.add')}
        placeholder={t('edit.skills.addPlaceholder')}
        helperText={t('edit.skills.addHelp')}
        exclude={skills.map((skill) => skill.name)}
        allowFreeText
        onPick={(term) => onChange({ skills: [...skills, emptySkill(term.label)] })}
        testId="skill-picker"
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2, mb: 1 }}>
        <Star sx={{ color: STAR_COLOUR, fontSize: 20 }} aria-hidden />
        <Typography variant="body2" color="text.secondary" data-testid="starred-count">
          {t('edit.skills.starredCount', { starred, max: STARRED_SKILLS_MAX })}
        </Typography>
      </Box>
      {limitMessage && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          role="alert"
          data-testid="star-limit"
          onClose={limitHit ? () => setLimitHit(false) : undefined}
          slotProps={{ closeButton: { 'aria-label': t('common:actions.close') } }}
        >
          <AlertTitle sx={{ mb: 0 }}>{limitMessage}</AlertTitle>
          {t('edit.skills.starLimitHint')}
        </Alert>
      )}
      {skills.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {t('edit.skills.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {skills.map((skill, index) => (
            <Box
              component="li"
              key={skill.key}
              data-testid="skill-row"
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr) minmax(0, 1fr) auto auto',
                  md: 'minmax(0, 1fr) 96px 148px auto auto',
                },
                gridTemplateAreas: {
                  xs: '"name name star remove" "years last last last"',
                  md: '"name years last star remove"',
                },
                p: 1.5,
                borderRadius: 2,
                border: '1px solid',
                borderColor: skill.starred ? 'rgba(178, 106, 0, 0.45)' : 'divider',
                bgcolor: skill.starred ? 'rgba(178, 106, 0, 0.05)' : 'transparent',
              }}
            >
              <Box sx={{ gridArea: 'name', minWidth: 0, alignSelf: 'center' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word', hyphens: 'auto' }}>
                  {skill.name}
                </Typography>
                {errorText(`skills.${index}.name`) && (
                  <Typography variant="caption" color="error">
                    {errorText(`skills.${index}.name`)}
                  </Typography>
                )}
              </Box>
              <TextField
                sx={{ gridArea: 'years' }}
                size="small"
                label={t('edit.skills.years')}
                value={skill.yearsOfExperience}
                onChange={(event) => update(skill.key, { yearsOfExperience: event.target.value })}
                error={Boolean(errorText(`skills.${index}.yearsOfExperience`))}
                helperText={errorText(`skills.${index}.yearsOfExperience`)}
                slotProps={{
                  htmlInput: {
                    inputMode: 'decimal',
                    maxLength: 4,
                    'aria-label': t('edit.skills.yearsFor', { skill: skill.name }),
                    'data-testid': 'skill-years',
                  },
                }}
              />
              <TextField
                sx={{ gridArea: 'last' }}
                size="small"
                label={t('edit.skills.lastUsed')}
                placeholder={String(thisYear)}
                value={skill.lastUsedYear}
                onChange={(event) => update(skill.key, { lastUsedYear: event.target.value })}
                error={Boolean(errorText(`skills.${index}.lastUsedYear`))}
                helperText={errorText(`skills.${index}.lastUsedYear`)}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    maxLength: 4,
                    'aria-label': t('edit.skills.lastUsedFor', { skill: skill.name }),
                    'data-testid': 'skill-last-used',
                  },
                }}
              />
              <Tooltip title={skill.starred ? t('edit.skills.unstar') : t('edit.skills.star')}>
                <IconButton
                  sx={{ gridArea: 'star' }}
                  aria-pressed={skill.starred}
                  aria-label={t('edit.skills.starFor', { skill: skill.name })}
                  onClick={() => toggleStar(skill)}
                  data-testid="skill-star"
                >
                  {skill.starred ? <Star sx={{ color: STAR_COLOUR }} /> : <StarBorder />}
                </IconButton>
              </Tooltip>
              <Tooltip title={t('edit.remove')}>
                <IconButton
                  sx={{ gridArea: 'remove' }}
                  aria-label={t('edit.removeItem', { item: skill.name })}
                  onClick={() => {
                    setLimitHit(false);
                    onChange({ skills: skills.filter((other) => other.key !== skill.key) });
                  }}
                >
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
        {t('edit.skills.yearsHelp', { max: PROFILE_LIMITS.skillYearsMax })}
      </Typography>
    </EditSection>
  );
}
