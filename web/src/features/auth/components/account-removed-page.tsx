import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** Shown after an account has been deleted. */
export function AccountRemovedPage() {
  const { t } = useTranslation('auth');
  const localize = useLocalizedPath();
  return (
    <Page title={t('accountRemoved.title')} maxWidth="sm">
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="account-removed">
        {t('accountRemoved.body')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('accountRemoved.retention')}
      </Typography>
      <Button variant="contained" href={localize(paths.home())}>
        {t('accountRemoved.home')}
      </Button>
    </Page>
  );
}
