import {
  DISC_TYPES,
  DISC_TYPES_BY_ID,
  DRIVING_FORCE_GROUPS,
  DRIVING_FORCES_BY_ID,
  type DiscTypeId,
  type DrivingForceId,
} from '@mp/domain/value-lists';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DiscWheel } from '../../../components/ui/disc-wheel';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import type { ProfileForm } from '../profile-form';
import { EditSection } from './edit-section';
import { useLanguage } from '../../../lib/i18n';

interface PersonalitySectionProps {
  discType: ProfileForm['discType'];
  /** Where the chosen type comes from: the saved assessment result, or picked by hand (self-assessed). */
  discSource: 'self' | 'assessment';
  drivingForces: ProfileForm['drivingForces'];
  onChange: (patch: Partial<ProfileForm>) => void;
}

/** The DISC behavioural style (one of eight, or none) and the driving forces, each with its description. */
export function PersonalitySection({
  discType,
  discSource,
  drivingForces,
  onChange,
}: PersonalitySectionProps) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const localize = useLocalizedPath();
  const selected = discType ? DISC_TYPES_BY_ID[discType] : null;
  const chosenForces = new Set(drivingForces);
  const toggleForce = (id: DrivingForceId) => {
    const next = new Set(chosenForces);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange({ drivingForces: [...next] });
  };
  return (
    <EditSection
      name="personality"
      title={t('edit.personality.title')}
      description={
        <>
          {t('edit.personality.description')}{' '}
          <Link href={localize(paths.disc())}>{t('edit.personality.readMore')}</Link>
        </>
      }
    >
      <Typography variant="h3" id="disc-type-label" sx={{ fontSize: '1rem', mb: 1.5 }}>
        {t('edit.personality.discType')}
      </Typography>
      <Box sx={{ mb: 4 }}>
        <Box>
          <RadioGroup
            aria-labelledby="disc-type-label"
            value={discType}
            onChange={(event) => onChange({ discType: event.target.value as DiscTypeId | '' })}
            sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}
          >
            {DISC_TYPES.map((type) => (
              <FormControlLabel
                key={type.id}
                value={type.id}
                sx={{
                  m: 0,
                  pr: 1,
                  borderRadius: 2,
                  border: '1px solid',
                  borderColor: discType === type.id ? type.colour : 'divider',
                  boxShadow: discType === type.id ? `inset 4px 0 0 ${type.colour}` : 'none',
                }}
                control={
                  <Radio size="small" slotProps={{ input: { 'data-testid': `disc-${type.id}` } as object }} />
                }
                label={
                  <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                    <Box
                      component="span"
                      aria-hidden
                      sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: type.colour, flexShrink: 0 }}
                    />
                    <span>{type.label[language]}</span>
                    <Typography component="span" variant="caption" color="text.secondary">
                      {type.code}
                    </Typography>
                  </Box>
                }
              />
            ))}
            <FormControlLabel
              value=""
              sx={{ m: 0, pr: 1, borderRadius: 2, border: '1px dashed', borderColor: 'divider' }}
              control={<Radio size="small" />}
              label={t('edit.personality.noType')}
            />
          </RadioGroup>
        </Box>
        <Box
          sx={{
            mt: 2,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) 180px' },
            alignItems: 'center',
          }}
        >
          <Box
            aria-live="polite"
            sx={{ p: 2, borderRadius: 2, bgcolor: '#f3f6f5', minHeight: 72, alignSelf: 'stretch' }}
            data-testid="disc-description"
          >
            {selected ? (
              <>
                <Typography sx={{ fontWeight: 650, mb: 0.5 }}>
                  {selected.label[language]} ({selected.code})
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {selected.description[language]}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={discSource === 'assessment' ? 'success' : 'default'}
                    label={
                      discSource === 'assessment' ? t('view.disc.assessed') : t('view.disc.selfAssessed')
                    }
                    data-testid="edit-disc-source"
                    data-source={discSource}
                  />
                  <Typography variant="caption" color="text.secondary">
                    {discSource === 'assessment' ? (
                      t('edit.personality.assessedHelp')
                    ) : (
                      <>
                        {t('edit.personality.selfAssessedHelp')}{' '}
                        <Link href={localize(paths.disc())}>{t('edit.personality.takeAssessment')}</Link>
                      </>
                    )}
                  </Typography>
                </Box>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('edit.personality.noTypeHelp')}
              </Typography>
            )}
          </Box>
          <Box sx={{ display: { xs: 'none', sm: 'flex' }, justifyContent: 'center' }}>
            <DiscWheel
              types={DISC_TYPES}
              labelOf={(type) => type.label[language]}
              title={t('view.disc.wheel')}
              selected={discType || null}
            />
          </Box>
        </Box>
      </Box>

      <Typography variant="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
        {t('edit.personality.drivingForces')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: '65ch' }}>
        {t('edit.personality.drivingForcesHelp')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {DRIVING_FORCE_GROUPS.map((group) => (
          <Box
            key={group.id}
            role="group"
            aria-label={group.label[language]}
            sx={{
              p: 1.5,
              borderRadius: 2,
              border: '1px solid',
              borderColor: 'divider',
              borderTop: `3px solid ${group.colour}`,
            }}
          >
            <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
              {group.label[language]}
            </Typography>
            {group.forces.map((id) => {
              const force = DRIVING_FORCES_BY_ID[id];
              return (
                <FormControlLabel
                  key={id}
                  sx={{ display: 'flex', alignItems: 'flex-start', m: 0, mt: 0.5 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={chosenForces.has(id)}
                      onChange={() => toggleForce(id)}
                      sx={{ mt: -0.5 }}
                      slotProps={{ input: { 'data-testid': `force-${id}` } as object }}
                    />
                  }
                  label={
                    <Box component="span" sx={{ display: 'block' }}>
                      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                        {force.label[language]}
                      </Box>
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: 'block' }}
                      >
                        {force.description[language]}
                      </Typography>
                    </Box>
                  }
                />
              );
            })}
          </Box>
        ))}
      </Box>
    </EditSection>
  );
}
