import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';
import {
  fetchProducts,
  formatPrice,
  productsQueryKey,
  type ProductsResponse,
} from '../../../lib/card-payments';

const PLANS = [
  { id: 'standard', code: 'standard', support: 'mail' },
  { id: 'premium', code: 'premium', support: 'mail' },
  { id: 'premiumPlus', code: 'premium_plus', support: 'telephone' },
  { id: 'custom', code: 'custom', support: 'keyAccountManager' },
] as const;

type Price = ProductsResponse['plans'][number]['price'];

/** Pricing plans and their support levels (god/pricing). */
export function AdminPricingPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'sv';
  // The prices as charged: the `prices` table through GET /api/products, never figures in the web app.
  const products = useQuery({ queryKey: productsQueryKey, queryFn: fetchProducts });
  const priceText = (price: Price | undefined) => {
    if (price === undefined) return '';
    if (price === null) return t('pricing.byAgreement');
    const amount = formatPrice(price.amountOre, price.currency, language);
    return price.interval === 'month' ? t('pricing.perMonth', { price: amount }) : amount;
  };
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
              <Typography sx={{ fontWeight: 700, mb: 1 }} data-testid={`plan-price-${plan.code}`}>
                {priceText(products.data?.plans.find((p) => p.code === plan.code)?.price)}
              </Typography>
              <Chip size="small" label={t(`pricing.support.${plan.support}`)} />
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('pricing.products')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, mt: 0, mb: 2 }}>
        {(products.data?.products ?? []).map((product) => (
          <Typography component="li" key={product.code}>
            {product.name}: {priceText(product.price)}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
        {t('pricing.fromDatabase')}
      </Typography>
      <ComingSoon description={t('pricing.comingSoon')} />
    </Page>
  );
}
