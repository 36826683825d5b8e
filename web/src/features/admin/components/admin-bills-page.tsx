import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { BillStatusChip } from '../../../components/ui/bill-status-chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { swedishDayOf } from '@mp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { formatDate, formatMonth } from '../../../lib/date-format';
import { describeError } from '../../../lib/errors';
import { isApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { formatInvoiceMoney } from '../../../lib/number-format';
import { messageKey } from '../../../lib/validation';
import { fetchAdminBills, markBillPaid, type AdminBill, type AdminBillStatusFilter } from '../api/admin';

const billsKey = ['admin', 'bills'] as const;
/**
 * Every company's bills (god/bills). A bill paid to the bankgiro arrives outside the app: an admin records it
 * here with the day it arrived ("Mark as paid"), which the audit log keeps.
 */
export function AdminBillsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<AdminBillStatusFilter>('unpaid');
  const [q, setQ] = useState('');
  const [marking, setMarking] = useState<AdminBill | null>(null);
  const marked = useRef<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const bills = useQuery({
    queryKey: [...billsKey, status, q],
    queryFn: ({ signal }) => fetchAdminBills({ status, q: q.trim() }, signal),
    meta: { handlesErrors: true },
  });
  // After "Mark as paid" the pressed button is gone (the row shows Paid, or leaves the Unpaid list): focus goes to
  // the row's new status, else to the page's heading, not to the page (QA10 F4).
  useEffect(() => {
    const id = marked.current;
    if (!id || marking || bills.isFetching) return;
    marked.current = null;
    const note = list.current?.querySelector<HTMLElement>(`[data-bill-id="${id}"] [data-paid-note]`);
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!note && heading) heading.tabIndex = -1;
    (note ?? heading)?.focus();
  }, [marking, bills.isFetching, bills.data]);
  return (
    <Page title={t('bills.title')} lead={t('bills.lead')}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <TextField
          label={t('bills.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          size="small"
          sx={{ minWidth: 260 }}
        />
        <TextField
          select
          label={t('bills.status')}
          value={status}
          onChange={(event) => setStatus(event.target.value as AdminBillStatusFilter)}
          size="small"
          sx={{ minWidth: 180 }}
          data-testid="bills-status-filter"
        >
          {(['unpaid', 'paid', 'all'] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {t(`bills.filter.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {bills.isPending ? (
        <PageSpinner />
      ) : bills.isError ? (
        <Alert severity="error">{describeError(bills.error)}</Alert>
      ) : bills.data.bills.length === 0 ? (
        <Typography color="text.secondary">{t('bills.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          ref={list}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
          data-testid="admin-bills"
        >
          {bills.data.bills.map((bill) => (
            <BillRow key={bill.id} bill={bill} onMark={() => setMarking(bill)} />
          ))}
        </Box>
      )}
      {marking && (
        <MarkPaidDialog
          bill={marking}
          onClose={() => setMarking(null)}
          onMarked={() => (marked.current = marking.id)}
        />
      )}
    </Page>
  );
}

function BillRow({ bill, onMark }: { bill: AdminBill; onMark: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="admin-bill"
      data-invoice={bill.invoiceNumber}
      data-bill-id={bill.id}
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
        <Box>
          <Typography sx={{ fontWeight: 600 }}>
            {t('bills.invoice', { number: bill.invoiceNumber })} · {bill.buyerName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              formatMonth(bill.period, language),
              t('bills.ocr', { ocr: bill.ocrReference }),
              t('bills.due', { date: formatDate(bill.dueDate, language) }),
              formatInvoiceMoney(bill.totalOre, language),
            ].join(' · ')}
          </Typography>
          {bill.paidAt && (
            <Typography variant="body2" color="text.secondary" tabIndex={-1} data-paid-note>
              {bill.paidByCard
                ? t('bills.paidByCard', { date: formatDate(bill.paidAt, language) })
                : bill.paidManually
                  ? t(bill.markedPaidBy ? 'bills.markedPaidBy' : 'bills.paidManually', {
                      date: formatDate(bill.paidAt, language),
                      name: bill.markedPaidBy,
                    })
                  : t('bills.paid', { date: formatDate(bill.paidAt, language) })}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <BillStatusChip status={bill.status} />
          {bill.status !== 'paid' && (
            <Button
              variant="outlined"
              size="small"
              onClick={onMark}
              aria-label={t('bills.markLabel', { number: bill.invoiceNumber })}
              data-testid="mark-bill-paid"
            >
              {t('bills.mark')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function MarkPaidDialog({
  bill,
  onClose,
  onMarked,
}: {
  bill: AdminBill;
  onClose: () => void;
  onMarked: () => void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const today = swedishDayOf(new Date());
  const invoiceDay = swedishDayOf(new Date(bill.issuedAt));
  const [paidOn, setPaidOn] = useState(today);
  // A problem with the date is shown at the field; anything else in the alert below it.
  const [dateIssue, setDateIssue] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rangeText = t('bills.paidOnRange', { from: invoiceDay });
  const mark = useMutation({
    mutationFn: () => markBillPaid(bill.id, paidOn),
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: billsKey });
      onMarked();
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'BILL_PAID_DATE_INVALID') setDateIssue(rangeText);
      else setProblem(describeError(error));
    },
    meta: { handlesErrors: true },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!paidOn) return setDateIssue(t(messageKey('validation.required')));
    if (paidOn < invoiceDay || paidOn > today) return setDateIssue(rangeText);
    setDateIssue(null);
    mark.mutate();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="mark-paid-title" disableRestoreFocus={mark.isSuccess}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="mark-paid-title">
          {t('bills.dialogTitle', { number: bill.invoiceNumber })}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{t('bills.dialogBody', { buyer: bill.buyerName })}</Typography>
          <TextField
            type="date"
            label={t('bills.paidOn')}
            value={paidOn}
            onChange={(event) => {
              setPaidOn(event.target.value);
              setDateIssue(null);
            }}
            required
            fullWidth
            error={dateIssue !== null}
            helperText={dateIssue ?? rangeText}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'bill-paid-on', min: invoiceDay, max: today },
            }}
          />
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('bills.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mark.isPending} data-testid="confirm-bill-paid">
            {t('bills.mark')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
