import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHours } from '../../../components/ui/economy-charts';
import { PremiumRequiredAlert } from '../../../components/ui/premium-required-alert';
import { showSuccess } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { displayName } from '../../../lib/display-name';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import {
  approveMonth,
  monthDetailQueryOptions,
  returnMonth,
  type TimeMonthWithAssignment,
} from '../api/time';
import { formatDate, formatMonth } from '../../../lib/date-format';
import { assignmentName, capitalizeFirst, MonthStatusChip } from './week-entry';
import { useLanguage } from '../../../lib/i18n';

/**
 * The approver's inbox: submitted months with approve, or return with a comment. Both need premium (the API is
 * the authority: 403 PREMIUM_REQUIRED): an approver without it is told so up front, with the way to get it, and
 * gets no buttons that can only fail. A refusal for want of premium (it ran out meanwhile) closes the dialog and
 * moves focus to that notice.
 */
export function Approvals({ months }: { months: TimeMonthWithAssignment[] }) {
  const { t } = useTranslation('time');
  const user = useCurrentUser();
  const [refusedForPremium, setRefusedForPremium] = useState(false);
  const premiumNotice = useRef<HTMLDivElement>(null);
  const canDecide = Boolean(user?.isPremium) && !refusedForPremium;
  useEffect(() => {
    if (refusedForPremium) premiumNotice.current?.focus();
  }, [refusedForPremium]);
  // A month approved or returned leaves the list with the button that was pressed: focus goes to the card now in
  // its place (the next month to decide), or the heading when it was the last (QA12 F7).
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusAfterDecision = useFocusAfterRemoval({
    items: months,
    idOf: monthKey,
    focus: ({ index }: { id: string; index: number }) => {
      const cards = list.current?.querySelectorAll<HTMLElement>('[data-testid="approval"]');
      return cards?.[Math.min(index, cards.length - 1)] ?? heading.current;
    },
  });
  return (
    <Box component="section" aria-labelledby="approvals-heading" data-testid="approvals">
      <Typography
        ref={heading}
        tabIndex={-1}
        id="approvals-heading"
        variant="h2"
        sx={{ fontSize: '1.3rem', mb: 2, '&:focus': { outline: 'none' } }}
      >
        {t('approvals.heading')}
      </Typography>
      {!canDecide && months.length > 0 && (
        <PremiumRequiredAlert id="approvals-premium" ref={premiumNotice}>
          {t('approvals.premiumRequired')}
        </PremiumRequiredAlert>
      )}
      {months.length === 0 ? (
        <Typography color="text.secondary">{t('approvals.empty')}</Typography>
      ) : (
        <Box component="ul" ref={list} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {months.map((month, index) => (
            <ApprovalCard
              key={monthKey(month)}
              month={month}
              canDecide={canDecide}
              onPremiumRefused={() => setRefusedForPremium(true)}
              onDecided={() => focusAfterDecision({ id: monthKey(month), index })}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

const monthKey = (month: TimeMonthWithAssignment) => `${month.assignmentId}/${month.month}`;

/**
 * One submitted month: its totals and days, approve (after a confirmation: it locks the month for good and
 * issues the bill) or return with a comment. When the month has moved on meanwhile (another tab, another
 * approver: 409), the dialog closes and the list is read again, so the card shows where the month stands.
 */
function ApprovalCard({
  month,
  canDecide,
  onPremiumRefused,
  onDecided,
}: {
  month: TimeMonthWithAssignment;
  /** The caller has premium: otherwise the buttons are off and the notice above says why. */
  canDecide: boolean;
  onPremiumRefused: () => void;
  /** Approved or returned: told before the list is read again without this card (and its focused button). */
  onDecided: () => void;
}) {
  const { t } = useTranslation('time');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [returning, setReturning] = useState(false);
  const [showingDays, setShowingDays] = useState(false);
  const [comment, setComment] = useState('');
  // After a premium refusal focus goes to the notice, not back to a button that is now off.
  const [premiumRefusal, setPremiumRefusal] = useState(false);
  const returnTitleId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['session'] });
  /** The global display says why; a month that is no longer where this card thought gets its dialog closed. */
  const afterRefusal = (error: unknown, close: () => void) => {
    if (isApiError(error) && error.status === 409) close();
    // Premium is needed to decide: no retry here can help. The dialog closes and focus goes to the notice.
    if (isApiError(error) && error.code === 'PREMIUM_REQUIRED') {
      setPremiumRefusal(true);
      close();
      onPremiumRefused();
    }
    void refresh();
  };
  const approve = useSubmitMutation({
    mutationFn: () => approveMonth(month.assignmentId, month.month),
    onSuccess: async ({ message }) => {
      onDecided();
      setConfirming(false);
      await refresh();
      showSuccess(message);
    },
    onError: (error) => afterRefusal(error, () => setConfirming(false)),
  });
  const send = useSubmitMutation({
    mutationFn: () => returnMonth(month.assignmentId, month.month, comment),
    onSuccess: async ({ message }) => {
      onDecided();
      setReturning(false);
      await refresh();
      showSuccess(message);
    },
    onError: (error) => afterRefusal(error, () => setReturning(false)),
  });
  const monthName = formatMonth(month.month, language);
  return (
    <Card component="li" variant="outlined" tabIndex={-1} data-testid="approval" data-month={month.month}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{capitalizeFirst(monthName)}</Typography>
          <MonthStatusChip status={month.status} />
        </Box>
        <Typography variant="body2">
          {t('approvals.who', {
            consultant: displayName(month.assignment.consultant.name),
            assignment: assignmentName(month.assignment),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('months.totals', {
            hours: formatHours(month.hours, language),
            overtime: formatHours(month.overtimeHours, language),
          })}
        </Typography>
        {showingDays && (
          <MonthDays assignmentId={month.assignmentId} month={month.month} monthName={monthName} />
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          onClick={() => setShowingDays((shown) => !shown)}
          aria-expanded={showingDays}
          data-testid="approval-days-toggle"
        >
          {showingDays ? t('approvals.hideDays') : t('approvals.showDays')}
        </Button>
        <Button
          variant="contained"
          disabled={approve.isPending || !canDecide}
          onClick={() => setConfirming(true)}
          aria-describedby={canDecide ? undefined : 'approvals-premium'}
        >
          {t('approvals.approve')}
        </Button>
        <Button
          variant="outlined"
          disabled={!canDecide}
          onClick={() => setReturning(true)}
          aria-describedby={canDecide ? undefined : 'approvals-premium'}
        >
          {t('approvals.return')}
        </Button>
      </CardActions>
      <ApproveMonthDialog
        open={confirming}
        month={month}
        monthName={monthName}
        busy={approve.isPending}
        onApprove={() => approve.mutate()}
        onClose={() => setConfirming(false)}
        disableRestoreFocus={premiumRefusal}
      />
      <Dialog
        open={returning}
        onClose={() => setReturning(false)}
        disableRestoreFocus={premiumRefusal}
        aria-labelledby={returnTitleId}
        fullWidth
        maxWidth="sm"
      >
        <Box
          component="form"
          data-testid="return-dialog"
          onSubmit={(event) => {
            event.preventDefault();
            if (comment.trim()) send.mutate();
          }}
        >
          <DialogTitle id={returnTitleId}>{t('approvals.returnTitle', { month: monthName })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('approvals.returnHelp')}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={3}
              required
              label={t('approvals.comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setReturning(false)}>{t('approvals.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!comment.trim() || send.isPending}>
              {t('approvals.send')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Card>
  );
}

/** Approving locks the month for good and issues the bill: said, and asked, before it is done. */
function ApproveMonthDialog({
  open,
  month,
  monthName,
  busy,
  onApprove,
  onClose,
  disableRestoreFocus,
}: {
  disableRestoreFocus?: boolean;
  open: boolean;
  month: TimeMonthWithAssignment;
  monthName: string;
  busy: boolean;
  onApprove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('time');
  const language = useLanguage();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      disableRestoreFocus={disableRestoreFocus}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      fullWidth
      maxWidth="xs"
      data-testid="approve-dialog"
    >
      <DialogTitle id={titleId}>{t('approvals.confirm.title', { month: monthName })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>
          {t('approvals.confirm.body', {
            month: monthName,
            // The same figures as the month's card: hours, and overtime beside them.
            hours: formatHours(month.hours, language),
            overtime: formatHours(month.overtimeHours, language),
            consultant: displayName(month.assignment.consultant.name),
            company: month.assignment.companyName,
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('approvals.confirm.cancel')}
        </Button>
        <Button variant="contained" onClick={onApprove} disabled={busy}>
          {t('approvals.confirm.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The month's reports day by day: what the approver is approving (hours, overtime, the consultant's note). */
function MonthDays({
  assignmentId,
  month,
  monthName,
}: {
  assignmentId: string;
  month: string;
  monthName: string;
}) {
  const { t } = useTranslation('time');
  const language = useLanguage();
  const days = useQuery(monthDetailQueryOptions(assignmentId, month));
  if (days.isPending) return <LinearProgress sx={{ mt: 2 }} aria-label={t('approvals.loadingDays')} />;
  if (days.isError)
    return (
      <Typography color="error" sx={{ mt: 2 }}>
        {t('approvals.daysFailed')}
      </Typography>
    );
  return (
    <Table size="small" sx={{ mt: 2 }} aria-label={t('approvals.daysLabel', { month: monthName })}>
      <TableHead>
        <TableRow>
          <TableCell>{t('approvals.day')}</TableCell>
          <TableCell align="right">{t('approvals.hours')}</TableCell>
          <TableCell align="right">{t('approvals.overtime')}</TableCell>
          <TableCell>{t('approvals.note')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody data-testid="approval-days">
        {days.data.map((report) => (
          <TableRow key={report.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {capitalizeFirst(formatDate(report.date, language, 'full').replace(/ \d{4}$/, ''))}
            </TableCell>
            <TableCell align="right">{formatHours(report.hours, language)}</TableCell>
            <TableCell align="right">{formatHours(report.overtimeHours, language)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{report.note ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
