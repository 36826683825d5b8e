import { DISC_TYPES } from '@mp/domain/value-lists';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscWheel } from '../../../components/ui/disc-wheel';
import { currentLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** What the eight behavioural styles mean, with the DISC pie and a link to the DISC page (spec section 2). */
export function DiscHelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('search-filters');
  const localize = useLocalizedPath();
  const language = currentLanguage();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      scroll="paper"
      data-testid="disc-help-dialog"
    >
      <DialogTitle id={titleId}>{t('disc.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('disc.intro')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '280px 1fr' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'center', position: { md: 'sticky' }, top: 0 }}>
            <DiscWheel types={DISC_TYPES} labelOf={(type) => type.label[language]} title={t('disc.wheel')} />
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
            {DISC_TYPES.map((type) => (
              <Box key={type.id}>
                <Box component="dt" sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 650 }}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: type.colour }}
                  />
                  {type.label[language]} ({type.code})
                </Box>
                <Box component="dd" sx={{ m: 0, mt: 0.25, color: 'text.secondary', fontSize: '0.92rem' }}>
                  {type.description[language]}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button href={localize(paths.disc())} data-testid="disc-help-link">
          {t('disc.readMore')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
