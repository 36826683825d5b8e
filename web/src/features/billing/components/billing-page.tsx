import type { receiptListSchema } from '@mp/api-contract/payments.schema';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';
import { api } from '../../../lib/api-client';
import { formatDay, formatPrice } from '../../../lib/card-payments';

type Receipts = z.infer<typeof receiptListSchema>;

/** The user's card payments with receipt numbers (subscription months, assessments), and later invoices. */
export function BillingPage() {
  const { t, i18n } = useTranslation('workspace');
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'sv';
  const receipts = useQuery({
    queryKey: ['payment', 'receipts'],
    queryFn: () => api.get<Receipts>('/payment/receipts', { background: true }),
  });
  const list = receipts.data?.receipts ?? [];
  return (
    <Page title={t('billing.title')} lead={t('billing.lead')}>
      {list.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 4, display: 'grid', gap: 1.5 }}
          data-testid="receipts"
        >
          {list.map((r) => (
            <Card component="li" key={r.id} variant="outlined">
              <CardContent
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  alignItems: 'center',
                  justifyContent: 'space-between',
                }}
              >
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>
                    {r.purpose === 'subscription'
                      ? t('billing.receipt.subscription', {
                          from: r.periodStart ? formatDay(r.periodStart, language) : '',
                          to: r.periodEnd ? formatDay(r.periodEnd, language) : '',
                        })
                      : t('billing.receipt.assessment')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('billing.receipt.number', { number: r.receiptNumber ?? '' })} ·{' '}
                    {formatDay(r.paidAt, language)}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  {r.status === 'refunded' && <Chip size="small" label={t('billing.receipt.refunded')} />}
                  <Typography sx={{ fontWeight: 700 }}>
                    {formatPrice(r.amountOre, r.currency, language)}
                  </Typography>
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      <ComingSoon description={t('billing.comingSoon')} />
    </Page>
  );
}
