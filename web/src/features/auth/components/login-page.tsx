import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/auth';
import { onwardTargetOf, withOnwardTarget } from '../../../lib/expired-login';
import { paths, postLoginPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { LoginCard } from './login-card';

const BENEFITS = [
  'login.benefits.free',
  'login.benefits.searchable',
  'login.benefits.direct',
  'login.benefits.secure',
];

/** Login: BankID with the e-mail fallback, beside what an account gives. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const user = useCurrentUser();
  const localize = useLocalizedPath();
  const [searchParams] = useSearchParams();

  if (user && !searchParams.get('orderRef')) {
    const target = user.verified
      ? postLoginPath(searchParams.get('redirect'), searchParams.get('tab'))
      : withOnwardTarget(paths['auth-setup'](), onwardTargetOf(searchParams));
    return <Navigate to={localize(target)} replace />;
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 480px) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <LoginCard title={t('login.title')} />
        <Box sx={{ pt: { md: 4 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.35rem', mb: 1.5 }}>
            {t('login.asideTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '55ch' }}>
            {t('login.asideBody')}
          </Typography>
          <List>
            {BENEFITS.map((key) => (
              <ListItem key={key} disableGutters sx={{ alignItems: 'flex-start' }}>
                <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                  <CheckCircleOutlined color="secondary" />
                </ListItemIcon>
                <ListItemText primary={t(key)} />
              </ListItem>
            ))}
          </List>
        </Box>
      </Box>
    </Container>
  );
}
