import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

// The search screen (spec section 2) is built by the search feature; until then both routes show the page's
// heading, the keyword from the URL and an "on its way" state.

function SearchScreen({ inner }: { inner: boolean }) {
  const { t } = useTranslation('search');
  const [searchParams] = useSearchParams();
  const localize = useLocalizedPath();
  const keywords = searchParams.get('keywords');
  return (
    <Page title={t('title')} lead={t('lead')}>
      {keywords && (
        <Typography sx={{ mb: 3 }} data-testid="search-keywords">
          {t('keywords', { keywords })}
        </Typography>
      )}
      <ComingSoon description={t('comingSoon')}>
        {!inner && (
          <Button variant="outlined" href={localize(paths.disc())}>
            {t('readAboutDisc')}
          </Button>
        )}
      </ComingSoon>
    </Page>
  );
}

/** The public search (visitors; logged-in users are sent to the inner search). */
export function SearchPage() {
  return <SearchScreen inner={false} />;
}

/** The inner search (app/search). */
export function InnerSearchPage() {
  return <SearchScreen inner />;
}
