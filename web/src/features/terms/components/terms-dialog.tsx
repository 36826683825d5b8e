import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { PendingTerms } from '@mp/api-contract/terms.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showError } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser, userQueryKey } from '../../../lib/auth';
import { formatDate } from '../../../lib/date-format';
import { describeError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useLogout } from '../../../lib/use-logout';
import { acceptTerms } from '../api/accept-terms';

type PendingKind = PendingTerms['kind'];

/** Each kind's page, in the order the dialog lists them. */
const DOCUMENT_PATHS: Record<PendingKind, () => string> = {
  users: paths['tos-users'],
  privacy: paths['privacy-policy'],
  cookies: paths.cookies,
};
const KIND_ORDER = Object.keys(DOCUMENT_PATHS) as PendingKind[];

/**
 * The updated-terms dialog (spec section 2): persistent (no closing by Escape or a click outside); accepting
 * goes on to the dashboard, cancelling logs out and returns home. It names only the documents that changed for
 * this user, each with a link to its page and the date it takes effect.
 */
export function TermsDialog() {
  const { t, i18n } = useTranslation('auth');
  const user = useCurrentUser();
  const pending = [...(user?.terms.pending ?? [])].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
  );
  const [openedAt] = useState(() => Date.now());
  // Spec section 1: a change takes effect 30 days after it is posted.
  const effectiveText = ({ effectiveAt }: PendingTerms) => {
    if (!effectiveAt) return undefined;
    const date = formatDate(effectiveAt, i18n.language);
    return Date.parse(effectiveAt) > openedAt
      ? t('termsDialog.takesEffect', { date })
      : t('termsDialog.inForce', { date });
  };
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
      <DialogTitle id={titleId}>
        {pending.length === 1 ? t(`termsDialog.titleFor.${pending[0]!.kind}`) : t('termsDialog.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>{t('termsDialog.body')}</DialogContentText>
        <List dense disablePadding sx={{ mt: 1 }} data-testid="terms-dialog-changes">
          {pending.map((change) => (
            <ListItem key={change.kind} disableGutters data-testid={`terms-dialog-change-${change.kind}`}>
              <ListItemText
                primary={
                  <Link href={localize(DOCUMENT_PATHS[change.kind]())} target="_blank" rel="noopener">
                    {t(`termsDialog.read.${change.kind}`)}
                  </Link>
                }
                secondary={effectiveText(change)}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      {/* On a phone the two buttons are stacked full width, "I accept" on top: side by side they wrapped their
          words ("I / accept") at 375 px. */}
      <DialogActions
        disableSpacing
        sx={{
          px: 3,
          pb: 2.5,
          gap: 1,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          '& > .MuiButton-root': { whiteSpace: 'nowrap' },
        }}
      >
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
