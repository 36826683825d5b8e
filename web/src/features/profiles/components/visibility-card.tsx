import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { userQueryKey } from '../../../lib/auth';
import { saveSearchable } from '../api/profile';
import { useOwnProfileMutation } from '../hooks/use-own-profile';

/**
 * The searchable toggle (spec section 4): hiding the profile also hides the public profile. A profile is made
 * on its first save, so before it (`saved` false) a searchable profile is not in the search yet, and says so.
 */
export function VisibilityCard({ isSearchable, saved }: { isSearchable: boolean; saved: boolean }) {
  const { t } = useTranslation('profiles');
  const queryClient = useQueryClient();
  const toggle = useOwnProfileMutation((next: boolean) => saveSearchable(next), {
    onSuccess: (profile) => {
      // The settings page reads the flag from the user record.
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      showSuccess(profile.isSearchable ? t('edit.visibility.shown') : t('edit.visibility.hidden'));
    },
  });
  return (
    <Card component="section" aria-labelledby="visibility-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          {isSearchable ? (
            <VisibilityOutlined color="secondary" aria-hidden />
          ) : (
            <VisibilityOffOutlined color="action" aria-hidden />
          )}
          <Typography variant="h2" id="visibility-title" sx={{ fontSize: '1.1rem' }}>
            {t('edit.visibility.title')}
          </Typography>
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={isSearchable}
              disabled={toggle.isPending}
              onChange={(event) => toggle.mutate(event.target.checked)}
              slotProps={{
                input: {
                  'aria-describedby': 'visibility-help',
                  'data-testid': 'profile-searchable',
                } as object,
              }}
            />
          }
          label={isSearchable ? t('edit.visibility.on') : t('edit.visibility.off')}
        />
        <Typography id="visibility-help" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {!isSearchable
            ? t('edit.visibility.helpOff')
            : saved
              ? t('edit.visibility.helpOn')
              : t('edit.visibility.helpNotSaved')}
        </Typography>
      </CardContent>
    </Card>
  );
}
