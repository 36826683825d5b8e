import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { BrandLogo } from '../../../components/ui/brand-logo';
import { switchLanguageInPath } from '../../../lib/language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginCard } from './login-card';
import { useLanguage } from '../../../lib/i18n';

/**
 * The partner-company login variant (auth/giggly): no toolbar, BankID only, and the partner's token sent with
 * every collect so the account is linked to the partner company.
 */
export function PartnerLoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('partner.title'));
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const token = searchParams.get('externalCompanyToken') ?? searchParams.get('token') ?? undefined;
  const other = useLanguage() === 'en' ? 'sv' : 'en';

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
        <BrandLogo />
      </Box>
      <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
        {t('partner.lead')}
      </Typography>
      <LoginCard title={t('partner.title')} externalCompanyToken={token} withPasswordFallback={false} />
      <Typography variant="body2" sx={{ textAlign: 'center', mt: 3 }}>
        <Link href={`${switchLanguageInPath(location.pathname, other)}${location.search}`} lang={other}>
          {t(`common:language.switchTo.${other}`)}
        </Link>
      </Typography>
    </Container>
  );
}
