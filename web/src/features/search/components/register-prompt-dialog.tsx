import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../../lib/contact';
import { loginPathFor, paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/**
 * A visitor pressing save: saving needs an account (spec sections 2 and 6: saved searches and lists are for verified
 * users, the weekly e-mail for premium ones), with login, close and contact.
 */
export function RegisterPromptDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('search-filters');
  const localize = useLocalizedPath();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="register-prompt"
    >
      <DialogTitle id={titleId}>{t('register.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('register.body')}</DialogContentText>
        <DialogContentText>
          <Trans
            t={t}
            i18nKey="register.contact"
            values={{ email: SUPPORT_EMAIL }}
            components={{ mail: <Link href={`mailto:${SUPPORT_EMAIL}`} data-testid="register-contact" /> }}
          />
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid="register-close">
          {t('common:actions.close')}
        </Button>
        <Button
          variant="contained"
          href={localize(loginPathFor(paths['inner-search']()))}
          data-testid="register-login"
        >
          {t('register.login')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
