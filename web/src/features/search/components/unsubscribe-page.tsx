import type { ErrorCode } from '@mp/api-contract/error-codes';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { unsubscribeSavedSearch } from '../api/saved-searches';

/**
 * Where a weekly saved-search mail's unsubscribe link lands, logged in or not: the page posts the link's token
 * once and confirms which search's weekly e-mail is now off (the mail client's one-click post, RFC 8058, does the
 * same without the page). Opening the link again confirms again: turning it off twice changes nothing.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('search-filters');
  const localize = useLocalizedPath();
  const token = useSearchParams()[0].get('token');
  const result = useQuery({
    queryKey: ['saved-search-unsubscribe', token],
    queryFn: () => unsubscribeSavedSearch(token ?? ''),
    enabled: Boolean(token),
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
  const invalidLink =
    !token || (isApiError(result.error) && result.error.code === ('INVALID_TOKEN' satisfies ErrorCode));

  return (
    <Page title={t('unsubscribe.title')} maxWidth="sm">
      {token && result.isPending && <CircularProgress aria-label={t('unsubscribe.working')} />}
      {invalidLink && (
        <Alert severity="error" data-testid="unsubscribe-invalid" sx={{ mb: 3 }}>
          {t('unsubscribe.invalid')}
        </Alert>
      )}
      {result.isError && !invalidLink && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {describeError(result.error)}
        </Alert>
      )}
      {result.isSuccess && (
        <Box data-testid="unsubscribe-done" sx={{ mb: 3 }}>
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('unsubscribe.done', { name: result.data.name })}
          </Alert>
          <Typography color="text.secondary">{t('unsubscribe.more')}</Typography>
        </Box>
      )}
      {(result.isSuccess || invalidLink) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" href={localize(paths['inner-search']())}>
            {t('unsubscribe.toSearch')}
          </Button>
          <Button variant="outlined" href={localize(paths['settings-options']())}>
            {t('unsubscribe.toSettings')}
          </Button>
        </Box>
      )}
    </Page>
  );
}
