import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { formatDate } from '../../../lib/date-format';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { PURGE_AFTER_PARAM } from '../account-removed-path';

/**
 * Shown after an account has been deleted, and to anyone who logs in to a deleted account (refused until the
 * purge). With the purge date (from the deletion or the refused login) it says when the data is erased and from
 * when the same personal number can log in again; it never promises more than the code allows: the old account
 * cannot be reopened, BankID gets a new account only after the purge, and e-mail registration works at once
 * (it frees the address from the deleted account).
 */
export function AccountRemovedPage() {
  const { t, i18n } = useTranslation('auth');
  const localize = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const purgeAfter = searchParams.get(PURGE_AFTER_PARAM);
  const valid = purgeAfter !== null && !Number.isNaN(new Date(purgeAfter).getTime());
  const date = valid ? formatDate(purgeAfter, i18n.language) : null;
  return (
    <Page title={t('accountRemoved.title')} maxWidth="sm">
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="account-removed">
        {t('accountRemoved.body')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="account-removed-retention">
        {date ? t('accountRemoved.retentionDated', { date }) : t('accountRemoved.retention')}
      </Typography>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('accountRemoved.comeBackTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="account-removed-come-back">
        {date ? t('accountRemoved.comeBackBankIdDated', { date }) : t('accountRemoved.comeBackBankId')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('accountRemoved.comeBackEmail')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" href={localize(paths.home())}>
          {t('accountRemoved.home')}
        </Button>
        <Button variant="outlined" href={localize(paths.login())}>
          {t('accountRemoved.login')}
        </Button>
      </Box>
    </Page>
  );
}
