import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Page } from '../../../components/ui/page';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser, useToken } from '../../../lib/auth';
import { describeError } from '../../../lib/errors';
import { loginPathFor, paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { companiesQueryKey, invitationQueryOptions, joinCompany } from '../api/companies';
import { selectCurrentCompany } from '../hooks/use-current-company';
import { forgetPendingInvite, rememberPendingInvite } from '../pending-invite';

/**
 * A company invite link (join/{link}): which company, and a join button. Visitors log in or register first and
 * come back here: the login carries the invite through first setup and the mailed confirmation link.
 */
export function JoinCompanyPage() {
  const { t } = useTranslation('companies');
  const { link = '' } = useParams();
  const token = useToken();
  const user = useCurrentUser();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useQuery({ ...invitationQueryOptions(link), meta: { handlesErrors: true } });
  const join = useSubmitMutation({
    mutationFn: () => joinCompany(link),
    onSuccess: async (joined) => {
      forgetPendingInvite();
      await queryClient.invalidateQueries({ queryKey: companiesQueryKey });
      // The company pages show the company just joined (not another one the user belongs to), on its members tab
      // (the company's own address redirects there, which would drop the state that says it was just joined).
      selectCurrentCompany(joined.company.id);
      // The company page says so in the page, and focus goes to that notice (QA12 F7).
      await navigate(localize(paths['company-members']()), {
        state: { joinedCompanyId: joined.company.id },
      });
    },
  });

  let body;
  if (invitation.isPending) body = <PageSpinner />;
  else if (invitation.isError) {
    const code = isApiError(invitation.error) ? invitation.error.code : undefined;
    body = (
      <Alert severity="warning" data-testid="invite-problem" data-code={code}>
        {describeError(invitation.error)}
      </Alert>
    );
  } else {
    const { company, alreadyMember } = invitation.data;
    body = (
      <Card data-testid="invitation">
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {t('join.invitedTo')}
          </Typography>
          <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
            {company.businessName}
          </Typography>
          {company.businessType && (
            <Typography color="text.secondary">{t(`businessTypes.${company.businessType}`)}</Typography>
          )}
          {alreadyMember && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t('join.alreadyMember')}
            </Alert>
          )}
          {token && user && !user.verified && (
            <Alert severity="info" sx={{ mt: 2 }} data-testid="join-verify-first">
              {t('join.verifyFirst')}
            </Alert>
          )}
          {!token && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('join.newHere')}
            </Typography>
          )}
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          {!token && (
            <Button
              variant="contained"
              href={localize(`${loginPathFor(paths.join(link))}&link=${encodeURIComponent(link)}`)}
              onClick={() => rememberPendingInvite(link)}
            >
              {t('join.login')}
            </Button>
          )}
          {token && user && !user.verified && (
            <Button
              variant="outlined"
              // First setup carries the invite on through the mailed confirmation link.
              href={localize(`${paths['auth-setup']()}?redirect=${encodeURIComponent(paths.join(link))}`)}
            >
              {t('join.finishAccount')}
            </Button>
          )}
          {token && !alreadyMember && (
            <Button
              variant="contained"
              onClick={() => join.mutate()}
              disabled={join.isPending || !user?.verified}
            >
              {t('join.join', { name: company.businessName })}
            </Button>
          )}
          {token && alreadyMember && (
            <Button variant="contained" href={localize(paths.company())}>
              {t('join.toCompany')}
            </Button>
          )}
        </CardActions>
      </Card>
    );
  }
  return (
    <Page title={t('join.title')} lead={t('join.lead')} maxWidth="sm">
      {body}
    </Page>
  );
}
