import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { LightButtonLink } from '../../components/ui/light-button';
import { Page } from '../../components/ui/page';
import { paths } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';

/** Unknown paths under a language prefix. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <Page title={t('errors.notFoundTitle')} maxWidth="md">
      <Box
        component="p"
        sx={{ typography: 'body1', color: 'text.secondary', mt: 0, mb: 3, maxWidth: '60ch' }}
        data-testid="not-found"
      >
        {t('errors.notFoundBody')}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <LightButtonLink variant="contained" href={localize(paths.search())}>
          {t('errors.notFoundSearch')}
        </LightButtonLink>
        <LightButtonLink href={localize(paths.home())}>{t('errors.notFoundHome')}</LightButtonLink>
      </Box>
    </Page>
  );
}
