import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** One bill (app/user/billing/{id}). */
export function BillPage() {
  const { t } = useTranslation('workspace');
  const { id = '' } = useParams();
  const localize = useLocalizedPath();
  return (
    <Page title={t('bill.title', { id })}>
      <ComingSoon description={t('bill.comingSoon')}>
        <Button href={localize(paths.billing())}>{t('bill.back')}</Button>
      </ComingSoon>
    </Page>
  );
}
