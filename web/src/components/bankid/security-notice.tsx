import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The security notice shown while BankID is waiting: never log in because someone asked you to. */
export function SecurityNotice() {
  const { t } = useTranslation('bankid');
  return (
    <Paper
      variant="outlined"
      data-testid="security-notice"
      sx={{ p: 2, display: 'flex', gap: 1.5, bgcolor: '#f3f7f5', borderColor: '#cfe0d8' }}
    >
      <ShieldOutlined color="secondary" aria-hidden />
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 650 }}>
          {t('securityNotice.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('securityNotice.body')}
        </Typography>
      </Box>
    </Paper>
  );
}
