import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { EMPLOYMENT_FORMS_BY_ID } from '@mp/domain/value-lists';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { removeExperience, type OwnExperience } from '../api/profile';
import { useOwnProfileMutation } from '../hooks/use-own-profile';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EditSection } from './edit-section';
import { ExperienceDialog } from './experience-dialog';
import { formatPeriod } from '../profile-format';
import { ReferencesList } from './references-list';
import { useLanguage } from '../../../lib/i18n';

/** Experiences and assignments, each saved on its own, with its referees. */
export function ExperiencesSection({ experiences }: { experiences: OwnExperience[] }) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const [editing, setEditing] = useState<OwnExperience | 'new' | null>(null);
  const [removing, setRemoving] = useState<OwnExperience | null>(null);
  const remove = useOwnProfileMutation((experience: OwnExperience) => removeExperience(experience.id), {
    onSuccess: () => {
      setRemoving(null);
      showSuccess(t('edit.experiences.removed'));
    },
  });
  return (
    <EditSection
      name="experiences"
      title={t('edit.experiences.title')}
      description={t('edit.experiences.description')}
      action={
        <Button
          startIcon={<Add />}
          variant="outlined"
          size="small"
          onClick={() => setEditing('new')}
          data-testid="experience-add"
        >
          {t('edit.experiences.add')}
        </Button>
      }
    >
      {experiences.length === 0 ? (
        <Typography color="text.secondary">{t('edit.experiences.empty')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {experiences.map((experience) => (
            <Box
              component="li"
              key={experience.id}
              data-testid="experience-item"
              sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, border: '1px solid', borderColor: 'divider' }}
            >
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="h3" sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
                    {experience.jobTitle}
                  </Typography>
                  <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {experience.company} · {formatPeriod(t, experience)} ·{' '}
                    {EMPLOYMENT_FORMS_BY_ID[experience.employmentForm].label[language]}
                  </Typography>
                </Box>
                <Tooltip title={t('edit.experiences.edit')}>
                  <IconButton
                    aria-label={t('edit.editItem', { item: experience.jobTitle })}
                    onClick={() => setEditing(experience)}
                    data-testid="experience-edit"
                  >
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('edit.remove')}>
                  <IconButton
                    aria-label={t('edit.removeItem', { item: experience.jobTitle })}
                    onClick={() => setRemoving(experience)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </Box>
              {experience.description && (
                <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {experience.description}
                </Typography>
              )}
              {experience.skills.length > 0 && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1.5 }}>
                  {experience.skills.map((skill) => (
                    <Chip key={skill.name} size="small" label={skill.name} variant="outlined" />
                  ))}
                </Box>
              )}
              <ReferencesList experience={experience} />
            </Box>
          ))}
        </Box>
      )}
      {editing !== null && (
        <ExperienceDialog experience={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('edit.experiences.removeTitle')}
        body={t('edit.experiences.removeBody', { item: removing?.jobTitle ?? '' })}
        confirmLabel={t('edit.experiences.remove')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </EditSection>
  );
}
