import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { paths } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';

/** Unknown paths under a language prefix. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <Page title={t('errors.notFoundTitle')} maxWidth="md">
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '60ch' }} data-testid="not-found">
        {t('errors.notFoundBody')}
      </Typography>
      <Button variant="contained" href={localize(paths.search())} sx={{ mr: 1 }}>
        {t('errors.notFoundSearch')}
      </Button>
      <Button href={localize(paths.home())}>{t('errors.notFoundHome')}</Button>
    </Page>
  );
}
