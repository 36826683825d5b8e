import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';

/**
 * What needs a premium account, said before anything is tried, with the way to get it ("Lås upp premium"): the
 * contracts page and the approver's inbox on the time page. Focusable (tabIndex -1) so that a page can move focus
 * here when the API refused for want of premium.
 */
export const PremiumRequiredAlert = forwardRef<HTMLDivElement, { id?: string; children: ReactNode }>(
  function PremiumRequiredAlert({ id, children }, ref) {
    const { t } = useTranslation('contracts');
    const localize = useLocalizedPath();
    return (
      <Alert severity="info" sx={{ mb: 2 }} id={id} ref={ref} tabIndex={-1} data-testid="premium-required">
        {children} <Link href={localize(paths.subscription())}>{t('premiumLink')}</Link>
      </Alert>
    );
  },
);
