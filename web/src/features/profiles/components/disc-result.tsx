import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  DISC_TYPES,
  DISC_TYPES_BY_ID,
  DRIVING_FORCE_GROUPS_BY_ID,
  DRIVING_FORCES_BY_ID,
  type DiscTypeId,
  type DrivingForceId,
} from '@mp/domain/value-lists';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DiscWheel } from '../../../components/ui/disc-wheel';
import { useLanguage } from '../../../lib/i18n';

function isDiscType(value: string | null): value is DiscTypeId {
  return value !== null && value in DISC_TYPES_BY_ID;
}

/**
 * The behavioural style of a profile: the pie diagram of the eight DISC types with the consultant's own
 * highlighted, its description, the driving forces with theirs, and all eight types to compare with.
 */
export function DiscResult({
  discType,
  discSource = 'self',
  drivingForces,
}: {
  discType: string | null;
  /** 'self': picked by the consultant, shown as self-assessed until an assessment replaces it. */
  discSource?: 'self' | 'assessment';
  drivingForces: readonly string[];
}) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const type = isDiscType(discType) ? DISC_TYPES_BY_ID[discType] : null;
  const forces = drivingForces
    .filter((id): id is DrivingForceId => id in DRIVING_FORCES_BY_ID)
    .map((id) => DRIVING_FORCES_BY_ID[id]);
  return (
    <Box data-testid="disc-result">
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '200px minmax(0, 1fr)' },
          alignItems: 'center',
        }}
      >
        <Box
          sx={{ display: 'flex', justifyContent: 'center', maxWidth: { xs: 240, sm: 'none' }, mx: 'auto' }}
        >
          <DiscWheel
            types={DISC_TYPES}
            labelOf={(item) => item.label[language]}
            title={type ? t('view.disc.wheelWith', { type: type.label[language] }) : t('view.disc.wheel')}
            selected={type?.id ?? null}
          />
        </Box>
        <Box>
          {type ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: type.colour }} />
                <Typography variant="h3" sx={{ fontSize: '1.15rem' }} data-testid="disc-type-name">
                  {type.label[language]}
                </Typography>
                <Chip size="small" variant="outlined" label={type.code} />
                <Chip
                  size="small"
                  color={discSource === 'assessment' ? 'success' : 'default'}
                  label={discSource === 'assessment' ? t('view.disc.assessed') : t('view.disc.selfAssessed')}
                  data-testid="disc-source"
                />
              </Box>
              <Typography color="text.secondary">{type.description[language]}</Typography>
            </>
          ) : (
            <Typography color="text.secondary">{t('view.disc.none')}</Typography>
          )}
        </Box>
      </Box>

      {forces.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1.5 }}>
            {t('view.disc.drivingForces')}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            }}
          >
            {forces.map((force) => {
              const group = DRIVING_FORCE_GROUPS_BY_ID[force.group];
              return (
                <Box
                  component="li"
                  key={force.id}
                  data-testid="driving-force"
                  sx={{ pl: 1.5, borderLeft: `3px solid ${group.colour}` }}
                >
                  <Typography sx={{ fontWeight: 600 }}>
                    {force.label[language]}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {group.label[language]}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {force.description[language]}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        </Box>
      )}

      <Accordion
        disableGutters
        elevation={0}
        sx={{ mt: 3, border: '1px solid', borderColor: 'divider', '&::before': { display: 'none' } }}
      >
        <AccordionSummary
          expandIcon={<ExpandMore />}
          aria-controls="disc-types-content"
          id="disc-types-header"
        >
          <Typography sx={{ fontWeight: 600 }}>{t('view.disc.allTypes')}</Typography>
        </AccordionSummary>
        <AccordionDetails id="disc-types-content">
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            }}
          >
            {DISC_TYPES.map((item) => (
              <Box
                component="li"
                key={item.id}
                data-testid="disc-type-item"
                sx={{ pl: 1.5, borderLeft: `4px solid ${item.colour}` }}
              >
                {/* A div, not a paragraph: the chip inside is a div, which a <p> cannot hold. */}
                <Typography component="div" sx={{ fontWeight: item.id === type?.id ? 700 : 600 }}>
                  {item.label[language]} ({item.code})
                  {item.id === type?.id && (
                    <Chip size="small" color="primary" label={t('view.disc.thisProfile')} sx={{ ml: 1 }} />
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {item.description[language]}
                </Typography>
              </Box>
            ))}
          </Box>
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
