import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

const PLANS = [
  { id: 'standard', support: 'mail' },
  { id: 'premium', support: 'mail' },
  { id: 'premiumPlus', support: 'telephone' },
  { id: 'custom', support: 'keyAccountManager' },
] as const;

/** Pricing plans and their support levels (god/pricing). */
export function AdminPricingPage() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('pricing.title')} lead={t('pricing.lead')}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          mb: 4,
        }}
      >
        {PLANS.map((plan) => (
          <Card key={plan.id}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
                {t(`pricing.plans.${plan.id}.name`)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t(`pricing.plans.${plan.id}.description`)}
              </Typography>
              <Chip size="small" label={t(`pricing.support.${plan.support}`)} />
            </CardContent>
          </Card>
        ))}
      </Box>
      <ComingSoon description={t('pricing.comingSoon')} />
    </Page>
  );
}
