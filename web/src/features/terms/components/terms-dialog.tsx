import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showError } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/auth';
import { describeError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useLogout } from '../../../lib/use-logout';
import { acceptTerms } from '../api/accept-terms';

/**
 * The updated-terms dialog (spec section 2): persistent (no closing by Escape or a click outside); accepting
 * goes on to the dashboard, cancelling logs out and returns home.
 */
export function TermsDialog() {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const descriptionId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const logout = useLogout();

  const accept = useMutation({
    mutationFn: acceptTerms,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      await navigate(localize(paths.dashboard()));
    },
    onError: async (error) => {
      // 400 with a code: already accepted (another tab, say). Say so and carry on.
      showError(
        isApiError(error) && error.status === 400 && error.code
          ? (error.errorMessage ?? t('messages:error.termsAlreadyAccepted'))
          : describeError(error),
      );
      if (isApiError(error) && error.status === 400) {
        await queryClient.invalidateQueries({ queryKey: userQueryKey });
      }
    },
  });

  return (
    <Dialog
      open
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-testid="terms-dialog"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('termsDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>{t('termsDialog.body')}</DialogContentText>
        <DialogContentText sx={{ mt: 2 }}>
          <Link href={localize(paths['tos-users']())} target="_blank" rel="noopener">
            {t('termsDialog.readTerms')}
          </Link>
          {' · '}
          <Link href={localize(paths['privacy-policy']())} target="_blank" rel="noopener">
            {t('termsDialog.readPrivacy')}
          </Link>
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={() => void logout()} disabled={accept.isPending} data-testid="terms-cancel">
          {t('termsDialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => accept.mutate()}
          disabled={accept.isPending}
          data-testid="terms-accept"
        >
          {t('termsDialog.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
