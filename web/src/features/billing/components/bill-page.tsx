import ArrowBack from '@mui/icons-material/ArrowBack';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { billAssignmentName } from '@mp/domain/companies';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { formatDate, formatMonth, intlLocale } from '../../../lib/date-format';
import { displayName } from '../../../lib/display-name';
import { formatInvoiceMoney } from '../../../lib/number-format';
import { paths } from '../../../lib/paths';
import { saveFile } from '../../../lib/save-file';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { CardOnFile } from '../../../components/ui/payment-setup';
import { showError, showSuccess, showWarning } from '../../../lib/alerts';
import {
  cardsQueryKey,
  fetchCards,
  followPayment,
  usePaymentReturn,
  type PaymentState,
} from '../../../lib/card-payments';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { billQueryOptions, downloadBillPdf, payBill, type BillView } from '../api/billing';
import { BillStatusChip } from '../../../components/ui/bill-status-chip';
import { useLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/language';

function Party({ label, party }: { label: string; party: BillView['buyer'] }) {
  const { t } = useTranslation('billing');
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{party.name}</Typography>
      {party.address && <Typography variant="body2">{party.address}</Typography>}
      {party.organisationNumber && (
        <Typography variant="body2">
          {t('bill.organisationNumber', { number: party.organisationNumber })}
        </Typography>
      )}
      {party.vatNumber && (
        <Typography variant="body2">{t('bill.vatNumber', { number: party.vatNumber })}</Typography>
      )}
    </Box>
  );
}

/**
 * Paying an open or overdue bill by card, for those who may read the company's bills: the saved card (from the
 * provider's hosted form, which returns here) and "Pay by card" for the total with VAT.
 */
function PayByCard({
  bill,
  onPayment,
  onAlreadyPaid,
}: {
  bill: BillView;
  onPayment: (payment: PaymentState) => void;
  onAlreadyPaid: (message: string) => void;
}) {
  const { t } = useTranslation('billing');
  const language: Language = useLanguage();
  const [problem, setProblem] = useState<string | null>(null);
  const cards = useQuery({ queryKey: cardsQueryKey, queryFn: fetchCards });
  const noCard = cards.data?.cards.length === 0;
  const button = useRef<HTMLButtonElement>(null);
  const pay = useMutation({
    mutationFn: () => payBill(bill.id),
    onSuccess: (payment) => onPayment(followPayment(payment)),
    onError: (error) => {
      // Paid meanwhile (another tab, or an admin's record of a bankgiro payment): the bill is reloaded, shows
      // Paid and this section goes away (QA10 F3).
      if (isApiError(error) && error.code === 'BILL_ALREADY_PAID') onAlreadyPaid(describeError(error));
      else setProblem(describeError(error));
    },
    meta: { handlesErrors: true },
  });
  // The button is disabled while paying, which drops focus to the page: once a refusal (a declined card) has
  // enabled it again, focus returns to it (QA10 F4).
  const refused = pay.isError;
  useEffect(() => {
    if (refused) button.current?.focus();
  }, [refused]);
  return (
    <Card variant="outlined" data-testid="bill-pay">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          {t('bill.pay.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('bill.pay.lead', { amount: formatInvoiceMoney(bill.totalOre, language) })}
        </Typography>
        <CardOnFile />
        {problem && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            onClose={() => setProblem(null)}
            data-testid="bill-pay-error"
          >
            {problem}
          </Alert>
        )}
        <Button
          ref={button}
          variant="contained"
          sx={{ mt: 2 }}
          onClick={() => {
            setProblem(null);
            pay.mutate();
          }}
          disabled={pay.isPending || noCard}
          aria-describedby={noCard ? 'bill-pay-card-first' : undefined}
          data-testid="pay-bill"
        >
          {t('bill.pay.action', { amount: formatInvoiceMoney(bill.totalOre, language) })}
        </Button>
        {noCard && (
          <Typography id="bill-pay-card-first" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('bill.pay.cardFirst')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** One bill (app/user/billing/{id}): the facts, the parties, the lines and totals, its PDF and paying it. */
export function BillPage() {
  const { t } = useTranslation('billing');
  const language: Language = useLanguage();
  const { id = '' } = useParams();
  const localize = useLocalizedPath();
  const queryClient = useQueryClient();
  const answer = useQuery(billQueryOptions(id, language));
  const bill = { ...answer, data: answer.data?.bill };
  const onPayment = useCallback(
    (payment: PaymentState) => {
      if (payment.status === 'succeeded') showSuccess(t('bill.pay.done'));
      else if (payment.status === 'refunded') showWarning(t('bill.pay.refunded'));
      // A payment that fails at once answers 402; 'failed' here is a 3-D Secure challenge refused.
      else if (payment.status === 'failed') showError(t('bill.pay.verificationFailed'));
      void queryClient.invalidateQueries({ queryKey: ['session', 'bills'] });
      void queryClient.invalidateQueries({ queryKey: ['payment', 'receipts'] });
    },
    [queryClient, t],
  );
  usePaymentReturn(onPayment);
  // After "already paid" the pay section goes away: focus moves to the bill's status, now Paid.
  const status = useRef<HTMLSpanElement>(null);
  const onAlreadyPaid = useCallback(
    async (message: string) => {
      showWarning(message);
      await queryClient.invalidateQueries({ queryKey: ['session', 'bills'] });
      status.current?.focus();
    },
    [queryClient],
  );
  const download = useMutation({
    mutationFn: async (invoiceNumber: number) =>
      saveFile(
        await downloadBillPdf(id),
        `${language === 'sv' ? 'faktura' : 'invoice'}-${invoiceNumber}.pdf`,
      ),
  });
  const back = (
    <Button href={localize(paths.billing())} startIcon={<ArrowBack />}>
      {t('bill.back')}
    </Button>
  );
  if (!bill.data) {
    return (
      <Page title={t('title')} maxWidth="md">
        {bill.isError && <Typography sx={{ mb: 2 }}>{t('bill.notFound')}</Typography>}
        {back}
      </Page>
    );
  }
  const b = bill.data;
  const assignment = billAssignmentName({ ...b, buyerName: b.buyer.name });
  const facts: [string, string][] = [
    [t('bill.invoiceDate'), formatDate(b.issuedAt, language)],
    [t('bill.dueDate'), formatDate(b.dueDate, language)],
    [t('bill.ocr'), b.ocrReference],
    [t('bill.bankgiro'), b.seller.bankgiro ?? ''],
    [t('bill.period'), formatMonth(b.period, language)],
    ...(b.paidAt ? [[t('bill.paidOn'), formatDate(b.paidAt, language)] as [string, string]] : []),
  ];
  return (
    <Page
      title={t('bill.title', { number: b.invoiceNumber })}
      lead={
        <span ref={status} tabIndex={-1} data-testid="bill-status">
          <BillStatusChip status={b.status} />
        </span>
      }
      maxWidth="md"
      actions={
        <Button
          variant="contained"
          startIcon={<DownloadOutlined />}
          disabled={download.isPending}
          onClick={() => download.mutate(b.invoiceNumber)}
        >
          {t('bill.download')}
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 3 }} data-testid="bill-detail">
        <Card variant="outlined">
          <CardContent
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Party label={t('bill.seller')} party={b.seller} />
          <Party label={t('bill.buyer')} party={b.buyer} />
        </Box>
        <Typography variant="body2">
          {[
            `${t('bill.consultant')}: ${displayName(b.consultantName)}`,
            assignment && `${t('bill.assignment')}: ${assignment}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('bill.lines')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('bill.description')}</TableCell>
                <TableCell align="right">{t('bill.quantity')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('bill.unitPrice')}
                </TableCell>
                <TableCell align="right">{t('bill.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {b.lines.map((line, index) => (
                <TableRow key={index} data-kind={line.kind}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.description}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {t(
                      line.kind === 'buyer_fee' || line.kind === 'other'
                        ? 'bill.pieceUnit'
                        : 'bill.hoursUnit',
                      {
                        value: new Intl.NumberFormat(intlLocale(language)).format(line.quantity),
                      },
                    )}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}
                  >
                    {formatInvoiceMoney(line.unitPriceOre, language)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatInvoiceMoney(line.amountOre, language)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            ml: 'auto',
            width: { xs: '100%', sm: 320 },
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            rowGap: 0.5,
          }}
          data-testid="bill-totals"
        >
          <Typography component="dt">{t('bill.subtotal')}</Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {formatInvoiceMoney(b.subtotalOre, language)}
          </Typography>
          <Typography component="dt">{t('bill.vat', { rate: b.vatRatePercent })}</Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {formatInvoiceMoney(b.vatOre, language)}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
            {t('bill.total')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 700, fontSize: '1.1rem' }}>
            {formatInvoiceMoney(b.totalOre, language)}
          </Typography>
        </Box>
        {b.guaranteeUntil && b.assignmentStartDate && (
          <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
            {t('bill.guarantee', {
              start: formatDate(b.assignmentStartDate, language),
              until: formatDate(b.guaranteeUntil, language),
            })}
          </Typography>
        )}
        {answer.data?.canPay && (
          <PayByCard
            bill={b}
            onPayment={onPayment}
            onAlreadyPaid={(message) => void onAlreadyPaid(message)}
          />
        )}
        <Box>{back}</Box>
      </Box>
    </Page>
  );
}
