import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BankIdFlow } from '../../../components/bankid/bankid-flow';
import type { LoginReturn } from '../../../lib/bankid';
import { isExpiredLogin, onwardTargetOf } from '../../../lib/expired-login';
import { safeRedirectPath } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { accountRemovedPath, purgeAfterOf } from '../account-removed-path';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { PasswordLogin } from './password-login';

interface LoginCardProps {
  title: string;
  /** The partner variant's token, sent with every collect. */
  externalCompanyToken?: string;
  /** The partner variant offers BankID only. */
  withPasswordFallback?: boolean;
}

/**
 * The redirect and tab for BankID's same-device return link, when they are ones login would follow (the API
 * refuses anything else, which would stop the login).
 */
function loginReturnOf(query: URLSearchParams): LoginReturn | undefined {
  const redirect = safeRedirectPath(query.get('redirect'));
  if (!redirect || redirect.length > 2000) return undefined;
  const tab = query.get('tab');
  return tab && /^[\w-]{1,50}$/.test(tab) ? { redirect, tab } : { redirect };
}

/** The login card: BankID first, the e-mail fallback below; honours the login route's query parameters. */
export function LoginCard({ title, externalCompanyToken, withPasswordFallback = true }: LoginCardProps) {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const completeLogin = useCompleteLogin();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const email = searchParams.get('email') ?? '';
  const expired = isExpiredLogin(searchParams);

  return (
    <Card sx={{ borderRadius: 4 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' }, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('login.lead')}
        </Typography>
        {expired && (
          <Alert severity="warning" sx={{ mb: 3 }} data-testid="session-expired-warning">
            {t('messages:error.sessionExpired')}
          </Alert>
        )}
        <BankIdFlow
          externalCompanyToken={externalCompanyToken}
          resumeOrderRef={searchParams.get('orderRef')}
          loginReturn={loginReturnOf(searchParams)}
          onAccountRemoved={(error) =>
            void navigate(accountRemovedPath(localize, purgeAfterOf(error)), { replace: true })
          }
          onComplete={(result) => completeLogin(result.authorization)}
        />
        {withPasswordFallback && (
          // The margin sits on a wrapper: MUI zeroes the top margin of an expanded accordion that is the first
          // of its type among its siblings, which moved the fallback (the toggle just clicked, the links under
          // it) up by 24 px as it opened.
          <Box sx={{ mt: 3 }}>
            <Accordion
              disableGutters
              elevation={0}
              defaultExpanded={Boolean(email)}
              // Right under the page's h1: its summary is a level-2 heading (MUI's default is h3).
              slotProps={{ heading: { component: 'h2' } }}
              sx={{
                border: '1px solid',
                borderColor: 'divider',
                borderRadius: 2,
                '&::before': { display: 'none' },
              }}
            >
              <AccordionSummary expandIcon={<ExpandMore />} data-testid="password-fallback-toggle">
                <Typography sx={{ fontWeight: 600 }}>{t('password.toggle')}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <PasswordLogin
                  initialEmail={email}
                  onToken={completeLogin}
                  onwardTarget={onwardTargetOf(searchParams)}
                />
              </AccordionDetails>
            </Accordion>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
