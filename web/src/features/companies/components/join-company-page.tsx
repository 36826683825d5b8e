import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';
import { useToken } from '../../../lib/auth';
import { loginPathFor, paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** A company invite link (join/{link}). */
export function JoinCompanyPage() {
  const { t } = useTranslation('companies');
  const { link = '' } = useParams();
  const token = useToken();
  const localize = useLocalizedPath();
  return (
    <Page title={t('join.title')} lead={t('join.lead')} maxWidth="sm">
      <ComingSoon description={t('join.comingSoon')}>
        {!token && (
          <Button
            variant="contained"
            href={localize(`${loginPathFor(paths.join(link))}&link=${encodeURIComponent(link)}`)}
          >
            {t('join.login')}
          </Button>
        )}
      </ComingSoon>
    </Page>
  );
}
