import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { describeError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { formatDateTime } from '../admin-format';
import { fetchUser, type AdminUserDetail } from '../api/admin';
import { AdminRightsCard } from './admin-rights-card';
import { AuditList } from './audit-list';

/** One user (god/users/{userId}): account, profile state, accepted terms and what was done to the account. */
export function AdminUserPage() {
  const { t } = useTranslation('admin');
  const { userId = '' } = useParams();
  const user = useQuery({
    queryKey: ['admin', 'user', userId],
    queryFn: ({ signal }) => fetchUser(userId, signal),
    meta: { handlesErrors: true },
  });
  if (user.isPending) return <PageSpinner />;
  if (user.isError) {
    return (
      <Page title={t('sections.user.title')}>
        <Alert severity="error">{describeError(user.error)}</Alert>
      </Page>
    );
  }
  return <UserDetail user={user.data} />;
}

function UserDetail({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation('admin');
  const localize = useLocalizedPath();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || t('users.noName');
  const yesNo = (value: boolean | null | undefined) =>
    value ? t('users.filters.yes') : t('users.filters.no');
  const facts: [string, string][] = [
    [t('user.email'), user.email ?? t('users.noEmail')],
    [t('user.phone'), user.phone ?? '–'],
    [t('user.id'), user.id],
    [t('user.language'), t(`languages.${user.locale}`)],
    [t('users.filters.verified'), yesNo(user.verified)],
    [t('users.filters.premium'), yesNo(user.isPremium)],
    [t('users.filters.admin'), yesNo(user.isAdmin)],
    [
      t('user.login'),
      [user.hasBankId && 'BankID', user.hasPassword && t('user.password')].filter(Boolean).join(', ') || '–',
    ],
    [t('user.created'), formatDateTime(user.createdAt, i18n.language)],
    [t('user.lastLogin'), formatDateTime(user.lastLoginAt, i18n.language)],
    [t('user.terms'), user.acceptedTermsVersion === null ? '–' : String(user.acceptedTermsVersion)],
    [
      t('user.profile'),
      user.profile
        ? t('user.profileState', {
            completion: user.profile.completion,
            version: user.profile.version,
            searchable: yesNo(user.profile.searchable),
          })
        : t('user.noProfile'),
    ],
  ];
  if (user.deletedAt) {
    facts.push([t('user.deleted'), formatDateTime(user.deletedAt, i18n.language)]);
    facts.push([t('user.purgeAfter'), formatDateTime(user.purgeAfter, i18n.language)]);
  }
  return (
    <Page
      title={name}
      lead={t('sections.user.lead')}
      actions={
        user.profile &&
        !user.deletedAt && (
          <Button
            variant="contained"
            startIcon={<EditOutlined />}
            href={localize(paths['god-user-profile'](user.id))}
            data-testid="admin-edit-profile"
          >
            {t('user.editProfile')}
          </Button>
        )
      }
    >
      <Card variant="outlined" sx={{ mb: 4 }}>
        <CardContent>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, gap: 1, m: 0 }}
          >
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}
                >
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      {!user.deletedAt && <AdminRightsCard user={user} name={name} />}
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        {t('audit.title')}
      </Typography>
      <AuditList entries={user.audit} />
    </Page>
  );
}
