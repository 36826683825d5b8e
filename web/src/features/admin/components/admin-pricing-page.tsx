import { isPaidPricing, PRICE_MAX_SEK } from '@mp/domain/constants';
import type { MessageCode } from '@mp/domain/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { productsQueryKey } from '../../../lib/card-payments';
import { describeError } from '../../../lib/errors';
import { numberInputText, formatMoney } from '../../../lib/number-format';
import { formIssueText } from '../../../lib/validation';
import { formatNumber } from '../admin-format';
import { fetchPricing, updatePricing, type AdminPricing } from '../api/admin';
import { checkPriceInput } from '../price-input';

const pricingKey = ['admin', 'pricing'] as const;
const SUPPORT_KEY = {
  mail: 'mail',
  telephone: 'telephone',
  key_account_manager: 'keyAccountManager',
} as const;

type Item =
  | ({ target: 'plans' } & AdminPricing['plans'][number])
  | ({ target: 'products' } & AdminPricing['products'][number]);

/** Pricing plans and products (god/pricing): names in both languages and prices, as GET /products shows them. */
export function AdminPricingPage() {
  const { t } = useTranslation('admin');
  const pricing = useQuery({
    queryKey: pricingKey,
    queryFn: ({ signal }) => fetchPricing(signal),
    meta: { handlesErrors: true },
  });
  return (
    <Page title={t('pricing.title')} lead={t('pricing.lead')}>
      {pricing.isPending ? (
        <PageSpinner />
      ) : pricing.isError ? (
        <Alert severity="error">{describeError(pricing.error)}</Alert>
      ) : (
        <>
          {/* Bills, payments and the public texts take these prices; the published terms of use do not. */}
          <Alert severity="info" sx={{ mb: 3 }} data-testid="pricing-texts-note">
            {t('pricing.textsNote')}
          </Alert>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
            {t('pricing.plansTitle')}
          </Typography>
          <Grid>
            {pricing.data.plans.map((plan) => (
              <PriceCard key={plan.code} item={{ target: 'plans', ...plan }} />
            ))}
          </Grid>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mt: 4, mb: 2 }}>
            {t('pricing.productsTitle')}
          </Typography>
          <Grid>
            {pricing.data.products.map((product) => (
              <PriceCard key={product.code} item={{ target: 'products', ...product }} />
            ))}
          </Grid>
        </>
      )}
    </Page>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}

/** A plan's or product's name is required and cannot be only spaces (said at the field, as in other forms). */
function nameIssue(value: string): MessageCode | undefined {
  if (value === '') return 'validation.required';
  return value.trim() === '' ? 'validation.onlySpaces' : undefined;
}

function PriceCard({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language === 'en' ? 'en' : 'sv';
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    nameSv: item.nameSv,
    nameEn: item.nameEn,
    amount: item.price ? numberInputText(item.price.amountOre / 100, language) : '',
  });
  const amount = checkPriceInput(form.amount, {
    paid: isPaidPricing(item.target, item.code),
    hasPrice: item.price !== null,
  });
  const amountValid = amount.ok;
  const nameSvIssue = nameIssue(form.nameSv);
  const nameEnIssue = nameIssue(form.nameEn);
  const save = useMutation({
    mutationFn: () =>
      updatePricing(item.target, item.code, {
        nameSv: form.nameSv,
        nameEn: form.nameEn,
        ...(amount.ok && amount.amountOre !== undefined ? { amountOre: amount.amountOre } : {}),
      }),
    meta: { handlesErrors: true },
    onSuccess: async (pricing) => {
      queryClient.setQueryData(pricingKey, pricing);
      await queryClient.invalidateQueries({ queryKey: productsQueryKey });
      showSuccess(t('pricing.saved'));
    },
  });
  const interval = item.price?.interval ?? (item.target === 'plans' ? 'month' : 'once');
  // Subscriptions keep the price they were sold at: said for a plan's or a subscription product's monthly
  // price, not for one-off products (nor the hire fee, which is no subscription).
  const subscription = interval === 'month' && (item.target === 'plans' || item.kind === 'subscription');
  return (
    <Card variant="outlined" data-testid={`pricing-${item.code}`}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{language === 'sv' ? item.nameSv : item.nameEn}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {item.target === 'plans' && (
            <Chip size="small" label={t(`pricing.support.${SUPPORT_KEY[item.supportLevel]}`)} />
          )}
          <Chip
            size="small"
            variant="outlined"
            label={
              item.price
                ? t(`pricing.per.${interval}`, {
                    price: formatMoney(item.price.amountOre, language, item.price.currency),
                  })
                : t('pricing.byAgreement')
            }
          />
        </Box>
        {save.isError && <Alert severity="error">{describeError(save.error)}</Alert>}
        <TextField
          size="small"
          label={t('pricing.nameSv')}
          value={form.nameSv}
          required
          error={nameSvIssue !== undefined}
          helperText={nameSvIssue && formIssueText(t, nameSvIssue)}
          onChange={(event) => setForm({ ...form, nameSv: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': `pricing-nameSv-${item.code}` } }}
        />
        <TextField
          size="small"
          label={t('pricing.nameEn')}
          value={form.nameEn}
          required
          error={nameEnIssue !== undefined}
          helperText={nameEnIssue && formIssueText(t, nameEnIssue)}
          onChange={(event) => setForm({ ...form, nameEn: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': `pricing-nameEn-${item.code}` } }}
        />
        <TextField
          size="small"
          label={t(`pricing.amount.${interval}`)}
          value={form.amount}
          inputMode="decimal"
          error={!amountValid}
          helperText={
            amount.ok
              ? t(subscription ? 'pricing.amountHelp' : 'pricing.amountHelpOnce')
              : t(`pricing.amountProblem.${amount.problem}`, {
                  max: formatNumber(PRICE_MAX_SEK, i18n.language),
                })
          }
          onChange={(event) => setForm({ ...form, amount: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': `pricing-amount-${item.code}` } }}
        />
        <Button
          variant="contained"
          onClick={() => save.mutate()}
          disabled={save.isPending || !amountValid || nameSvIssue !== undefined || nameEnIssue !== undefined}
          data-testid={`pricing-save-${item.code}`}
        >
          {t('pricing.save')}
        </Button>
      </CardContent>
    </Card>
  );
}
