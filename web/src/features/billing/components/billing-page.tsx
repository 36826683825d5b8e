import type { receiptListSchema } from '@mp/api-contract/payments.schema';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Page } from '../../../components/ui/page';
import { api } from '../../../lib/api-client';
import { formatDate, formatMonth } from '../../../lib/date-format';
import { displayName } from '../../../lib/display-name';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { billsQueryOptions, downloadReceiptPdf } from '../api/billing';
import { saveFile } from '../../../lib/save-file';
import { BillStatusChip } from '../../../components/ui/bill-status-chip';
import { useLanguage } from '../../../lib/i18n';
import { formatInvoiceMoney } from '../../../lib/number-format';

type Receipts = z.infer<typeof receiptListSchema>;

/** The user's invoices (approved time) and card payments with receipt numbers. */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  const localize = useLocalizedPath();
  const bills = useQuery(billsQueryOptions);
  const receipts = useQuery({
    queryKey: ['payment', 'receipts'],
    queryFn: () => api.get<Receipts>('/payment/receipts', { background: true }),
  });
  const list = receipts.data?.receipts ?? [];
  // The receipt as the mail gives it, with the seller's details and the VAT, for the books (QA7 H7).
  const download = useMutation({
    mutationFn: async ({ id, number }: { id: string; number: string }) =>
      saveFile(await downloadReceiptPdf(id), `${language === 'sv' ? 'kvitto' : 'receipt'}-${number}.pdf`),
  });
  return (
    <Page title={t('title')} lead={t('lead')} maxWidth="md">
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        {t('invoices')}
      </Typography>
      {bills.data && bills.data.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('noInvoices')}
        </Typography>
      )}
      {bills.data && bills.data.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 4, display: 'grid', gap: 1.5 }}
          data-testid="bills"
        >
          {bills.data.map((bill) => (
            <Card component="li" key={bill.id} variant="outlined" data-testid="bill" data-bill-id={bill.id}>
              <CardActionArea
                href={localize(paths.bill(bill.id))}
                aria-label={`${t('invoiceNumber', { number: bill.invoiceNumber })}: ${t('open')}`}
              >
                <CardContent
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 1,
                    alignItems: 'center',
                    justifyContent: 'space-between',
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 600 }}>
                        {t('invoiceNumber', { number: bill.invoiceNumber })}
                      </Typography>
                      <BillStatusChip status={bill.status} />
                    </Box>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {t('summary', {
                        buyer: bill.buyerName,
                        consultant: displayName(bill.consultantName),
                        period: formatMonth(bill.period, language),
                      })}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('due', { date: formatDate(bill.dueDate, language) })}
                    </Typography>
                  </Box>
                  <Typography sx={{ fontWeight: 700 }}>
                    {formatInvoiceMoney(bill.totalOre, language)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
      {list.length > 0 && (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
            {t('receipts')}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 4, display: 'grid', gap: 1.5 }}
            data-testid="receipts"
          >
            {list.map((r) => (
              <Card component="li" key={r.id} variant="outlined" data-testid="receipt">
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
                        ? t('receipt.subscription', {
                            plan: r.planName ?? 'Premium',
                            from: r.periodStart ? formatDate(r.periodStart, language) : '',
                            to: r.periodEnd ? formatDate(r.periodEnd, language) : '',
                          })
                        : r.purpose === 'bill'
                          ? t('receipt.bill', { number: r.invoiceNumber ?? '' })
                          : t('receipt.assessment')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('receipt.number', { number: r.receiptNumber ?? '' })} ·{' '}
                      {formatDate(r.paidAt, language)}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    {r.status === 'refunded' && <Chip size="small" label={t('receipt.refunded')} />}
                    <Typography sx={{ fontWeight: 700 }}>
                      {formatInvoiceMoney(r.amountOre, language, r.currency)}
                    </Typography>
                    {r.receiptNumber && (
                      <Button
                        size="small"
                        startIcon={<DownloadOutlined />}
                        disabled={download.isPending}
                        onClick={() => download.mutate({ id: r.id, number: r.receiptNumber ?? '' })}
                        aria-label={t('receipt.downloadLabel', { number: r.receiptNumber })}
                        data-testid="receipt-download"
                      >
                        {t('receipt.download')}
                      </Button>
                    )}
                  </Box>
                </CardContent>
              </Card>
            ))}
          </Box>
          {download.isError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="receipt-download-error">
              {t('receipt.downloadFailed')}
            </Alert>
          )}
        </>
      )}
    </Page>
  );
}
