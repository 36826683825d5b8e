import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showSuccess } from '../../../lib/alerts';
import { useCurrentUser } from '../../../lib/auth';
import { setUserAdmin, type AdminUserDetail } from '../api/admin';

/**
 * Admin rights on a user's page: make them an admin or take it back, after a confirmation (the god area's
 * users, spec section 6). An admin's own rights cannot be taken away here (the API refuses it too).
 */
export function AdminRightsCard({ user, name }: { user: AdminUserDetail; name: string }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const own = me?.id === user.id;
  const change = useMutation({
    mutationFn: () => setUserAdmin(user.id, !user.isAdmin),
    onSuccess: (detail) => {
      setConfirming(false);
      queryClient.setQueryData(['admin', 'user', user.id], detail);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      showSuccess(detail.isAdmin ? t('rights.granted', { name }) : t('rights.revoked', { name }));
    },
    onError: () => setConfirming(false),
  });
  return (
    <Card variant="outlined" sx={{ mb: 4 }} data-testid="admin-rights">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <AdminPanelSettingsOutlined color={user.isAdmin ? 'primary' : 'action'} aria-hidden />
          <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
            {t('rights.title')}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ mb: 2 }} data-testid="admin-rights-state">
          {user.isAdmin ? t('rights.isAdmin', { name }) : t('rights.notAdmin', { name })}
        </Typography>
        {own ? (
          <Typography variant="body2" color="text.secondary">
            {t('rights.own')}
          </Typography>
        ) : (
          <Button
            variant="outlined"
            color={user.isAdmin ? 'error' : 'primary'}
            onClick={() => setConfirming(true)}
            disabled={change.isPending}
            data-testid="admin-rights-change"
          >
            {user.isAdmin ? t('rights.revoke') : t('rights.grant')}
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={user.isAdmin ? t('rights.revokeTitle', { name }) : t('rights.grantTitle', { name })}
        body={user.isAdmin ? t('rights.revokeBody') : t('rights.grantBody')}
        confirmLabel={user.isAdmin ? t('rights.revoke') : t('rights.grant')}
        busy={change.isPending}
        onConfirm={() => change.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
