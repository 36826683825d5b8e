import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  addDays,
  hoursToCentihours,
  isoWeekOf,
  LOCKED_TIME_MONTH_STATUSES,
  mondayOf,
  monthOf,
  swedishDayOf,
  type TimeMonthStatus,
} from '@mp/domain';
import { assignmentName as domainAssignmentName } from '@mp/domain/companies';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LeaveDialog } from '../../../components/ui/confirm-dialog';
import { formatHours } from '../../../components/ui/economy-charts';
import { showSuccess } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { describeError, handleGlobalError } from '../../../lib/errors';
import { displayName } from '../../../lib/display-name';
import { messageKey } from '../../../lib/validation';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import {
  createReport,
  deleteReport,
  monthDetailQueryOptions,
  openMonthsQueryOptions,
  returnedMonthsQueryOptions,
  submitMonth,
  timeQueryKey,
  updateReport,
  weekReportsQueryOptions,
  type AssignmentView,
  type TimeMonthView,
  type TimeMonthWithAssignment,
  type TimeReportView,
} from '../api/time';
import { dateFormatter, formatMonth } from '../../../lib/date-format';
import { useLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/number-format';
import {
  hoursIssue,
  isOverDayCap,
  linkedMonthMonday,
  parseHours,
  weekTotal,
  type ParsedDay,
} from '../week-form';
import { UnsavedWeekDialog } from './unsaved-week-dialog';
import type { Language } from '../../../lib/language';

const todayInSweden = () => swedishDayOf(new Date());

/** Upper-cases the first letter only ('mån 23 nov.' -> 'Mån 23 nov.'), as Swedish writes it. */
export const capitalizeFirst = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const formatDay = (date: string, language: Language, weekday: 'short' | 'long' = 'short') =>
  dateFormatter(language, { weekday, day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** A refused write of one day's row: the day, and what the server answered. */
class DaySaveError extends Error {
  constructor(
    readonly date: string,
    readonly reason: unknown,
  ) {
    super(`saving ${date} failed`);
  }
}

/** The assignment as the picker and the mails name it: contract (project) – company. */
export const assignmentName = (assignment: AssignmentView) => domainAssignmentName(assignment);

export function MonthStatusChip({ status }: { status: TimeMonthStatus }) {
  const { t } = useTranslation('time');
  const color = { open: 'default', submitted: 'info', returned: 'warning', approved: 'success' } as const;
  return (
    <Chip size="small" color={color[status]} label={t(`months.status.${status}`)} data-status={status} />
  );
}

/** A month in a link to the time page: `YYYY-MM`. */
const LINKED_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The consultant's week: one row per day with hours and overtime (a phone-sized grid), saved together; under
 * it the months the week touches, with their status, the approver's comment when returned, and submit.
 * Nothing typed is lost without a word: another week or assignment asks first (save, discard or stay),
 * submitting a month saves the week's changes first, and leaving the page asks like the profile editor.
 */
export function WeekEntry({ assignments }: { assignments: AssignmentView[] }) {
  // A link to one month (`?assignment=…&month=YYYY-MM`, as the returned and approved mails carry) opens on that
  // assignment and the week of the month's first reported day, or else its first week inside the assignment
  // (linkedMonthMonday); anything else in the address is ignored. The month's reports are read first.
  const [searchParams] = useSearchParams();
  const linkedAssignment = assignments.find((a) => a.id === searchParams.get('assignment'));
  const linkedMonth = searchParams.get('month');
  const linked =
    linkedAssignment && linkedMonth && LINKED_MONTH.test(linkedMonth)
      ? { assignment: linkedAssignment, month: linkedMonth }
      : undefined;
  const monthReports = useQuery({
    ...monthDetailQueryOptions(linked?.assignment.id ?? '', linked?.month ?? ''),
    enabled: Boolean(linked),
  });
  if (linked && monthReports.isPending) return null;
  return (
    <WeekEntryView
      assignments={assignments}
      initialAssignmentId={(linked?.assignment ?? assignments[0]!).id}
      initialMonday={
        linked
          ? linkedMonthMonday(
              linked.month,
              linked.assignment,
              (monthReports.data ?? []).map((report) => report.date),
            )
          : mondayOf(todayInSweden())
      }
    />
  );
}

function WeekEntryView({
  assignments,
  initialAssignmentId,
  initialMonday,
}: {
  assignments: AssignmentView[];
  initialAssignmentId: string;
  initialMonday: string;
}) {
  const { t } = useTranslation('time');
  const language: Language = useLanguage();
  const queryClient = useQueryClient();
  const [assignmentId, setAssignmentId] = useState(initialAssignmentId);
  const [monday, setMonday] = useState(initialMonday);
  // Bumped after a save or a submit has gone through, so the form starts afresh from the server's answer.
  const [generation, setGeneration] = useState(0);
  // After a save or a submit the form starts afresh (and the button that was pressed was off while it ran, or
  // is gone): focus goes to the week's label, just above the days, so a keyboard user goes on from there.
  const weekLabel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (generation > 0) weekLabel.current?.focus();
  }, [generation]);
  // Whether the form holds hours not saved yet, and the move to another week waiting on the question.
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState<(() => void) | null>(null);
  const assignment = assignments.find((a) => a.id === assignmentId) ?? assignments[0]!;
  const sunday = addDays(monday, 6);
  const week = useQuery(weekReportsQueryOptions(monday, sunday));
  const returned = useQuery(returnedMonthsQueryOptions);
  const open = useQuery(openMonthsQueryOptions);
  const { week: weekNumber } = isoWeekOf(monday);
  /** Shows another week or assignment, after asking when typed hours would be left behind. */
  const go = (change: () => void) => (dirty ? setLeaving(() => change) : change());
  // A returned month opens on the week of its first reported day, with the approver's comment under the form.
  const showMonth = async (month: TimeMonthWithAssignment) => {
    const reports = await queryClient
      .fetchQuery(monthDetailQueryOptions(month.assignmentId, month.month))
      .then((data) => data.reports.map((report) => report.date))
      .catch(() => []);
    go(() => {
      setAssignmentId(month.assignmentId);
      setMonday(linkedMonthMonday(month.month, month.assignment, reports));
    });
  };

  const weekMonths = (week.data?.months ?? []).filter((month) => month.assignmentId === assignment.id);
  // The assignment's other months that still need submitting (open with hours, or returned): listed with the
  // week's, each with a way there, so that an earlier month is not forgotten off screen.
  const pendingElsewhere = [...(returned.data ?? []), ...(open.data ?? [])]
    .filter(
      (month) =>
        month.assignmentId === assignment.id && !weekMonths.some((shown) => shown.month === month.month),
    )
    .sort((a, b) => a.month.localeCompare(b.month));

  return (
    <Box component="section" aria-labelledby="week-heading" data-testid="week-entry">
      <Typography id="week-heading" variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        {t('week.heading')}
      </Typography>
      {returned.data?.map((month) => (
        <Alert
          key={`${month.assignmentId}/${month.month}`}
          severity="warning"
          // The approver's comment keeps its line breaks.
          sx={{ mb: 2, whiteSpace: 'pre-line' }}
          data-testid="returned-month"
          action={
            <Button color="inherit" size="small" onClick={() => void showMonth(month)}>
              {t('returned.show')}
            </Button>
          }
        >
          <strong>
            {t('returned.title', {
              month: capitalizeFirst(formatMonth(month.month, language)),
              assignment: assignmentName(month.assignment),
            })}
          </strong>
          {month.comment && (
            <>
              {' '}
              {t('months.comment', { name: displayName(month.decidedBy?.name) })} {month.comment}
            </>
          )}
        </Alert>
      ))}
      <TextField
        select
        fullWidth
        size="small"
        label={t('assignment')}
        value={assignment.id}
        onChange={(event) => {
          const next = event.target.value;
          go(() => setAssignmentId(next));
        }}
        sx={{ mb: 2 }}
      >
        {assignments.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {assignmentName(a)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }} data-testid="assignment-fees">
        {t('fees', {
          hourly: formatMoney(assignment.hourlyFeeOre, language),
          overtime: formatMoney(assignment.overtimeFeeOre, language),
        })}
      </Typography>
      {!assignment.approver && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="assignment-no-approver">
          {t('noApprover.consultant', { company: assignment.companyName })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton aria-label={t('week.previous')} onClick={() => go(() => setMonday(addDays(monday, -7)))}>
          <ChevronLeft />
        </IconButton>
        <Typography
          ref={weekLabel}
          tabIndex={-1}
          sx={{ fontWeight: 600, textAlign: 'center', '&:focus': { outline: 'none' } }}
          data-testid="week-label"
        >
          {t('week.label', {
            week: weekNumber,
            from: formatDay(monday, language).replace(/^\S+\s/, ''),
            to: formatDay(sunday, language).replace(/^\S+\s/, ''),
          })}
        </Typography>
        <IconButton
          aria-label={t('week.next')}
          // A week that has not begun has no day to report yet.
          disabled={addDays(monday, 7) > todayInSweden()}
          onClick={() => go(() => setMonday(addDays(monday, 7)))}
        >
          <ChevronRight />
        </IconButton>
      </Box>
      {week.data && (
        <WeekForm
          // A new week or assignment, or a save that went through, starts the form afresh. Other refetches
          // (the one after a refused save) do not: what the user typed stays.
          key={`${assignment.id}/${monday}/${generation}`}
          assignment={assignment}
          monday={monday}
          reports={week.data.reports.filter((report) => report.assignmentId === assignment.id)}
          otherReports={week.data.reports.filter((report) => report.assignmentId !== assignment.id)}
          // The API lists only the months within the assignment's period (and any outside it with reports).
          months={weekMonths}
          pendingElsewhere={pendingElsewhere}
          onShowMonth={(month) => void showMonth(month)}
          onSaved={() => setGeneration((current) => current + 1)}
          onDirtyChange={setDirty}
          leaving={leaving}
          onLeavingSettled={() => setLeaving(null)}
        />
      )}
    </Box>
  );
}

function WeekForm({
  assignment,
  monday,
  reports,
  otherReports,
  months,
  pendingElsewhere,
  onShowMonth,
  onSaved,
  onDirtyChange,
  leaving,
  onLeavingSettled,
}: {
  assignment: AssignmentView;
  monday: string;
  reports: TimeReportView[];
  /** The consultant's reports on other assignments: the 24 hours of a day count them too. */
  otherReports: TimeReportView[];
  months: TimeMonthView[];
  /** The assignment's months outside the week that still need submitting (open with hours, or returned). */
  pendingElsewhere: TimeMonthWithAssignment[];
  /** Shows the week of one of those months. */
  onShowMonth: (month: TimeMonthWithAssignment) => void;
  onSaved: () => void;
  /** Told whether the form holds hours not saved yet (false once it is gone). */
  onDirtyChange: (dirty: boolean) => void;
  /** The move to another week or assignment waiting on the question 'save, discard or stay'. */
  leaving: (() => void) | null;
  onLeavingSettled: () => void;
}) {
  const { t } = useTranslation(['time', 'messages']);
  const formId = useId();
  const today = todayInSweden();
  const language: Language = useLanguage();
  const queryClient = useQueryClient();
  const localize = useLocalizedPath();
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const byDate = new Map(reports.map((report) => [report.date, report]));
  const statusOf = (date: string) =>
    months.find((month) => month.month === monthOf(date))?.status ?? ('open' as TimeMonthStatus);
  const [values, setValues] = useState(() =>
    Object.fromEntries(
      days.map((date) => {
        const report = byDate.get(date);
        const show = (value: number | undefined) => (value ? formatHours(value, language) : '');
        return [date, { hours: show(report?.hours), overtime: show(report?.overtimeHours) }];
      }),
    ),
  );
  // What the server refused, by day; a day's message goes when the day is changed.
  const [dayErrors, setDayErrors] = useState<Record<string, string>>({});
  const inside = (date: string) =>
    date >= assignment.startDate && (!assignment.endDate || date <= assignment.endDate);
  const editable = (date: string) =>
    inside(date) && date <= today && !LOCKED_TIME_MONTH_STATUSES.includes(statusOf(date));

  const parsed: ParsedDay[] = days.map((date) => ({
    date,
    hours: parseHours(values[date]!.hours),
    overtime: parseHours(values[date]!.overtime),
  }));
  const invalid = parsed.some((day) => day.hours === null || day.overtime === null);
  // Days whose typed hours differ from what is saved (the server's reports, refetched after each write).
  const unsaved = parsed.filter((day) => {
    if (!editable(day.date)) return false;
    const report = byDate.get(day.date);
    return day.hours !== (report?.hours ?? 0) || day.overtime !== (report?.overtimeHours ?? 0);
  });
  const dirty = unsaved.length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  const leavingPage = useUnsavedChangesGuard(dirty);
  const elsewhere = (date: string) =>
    otherReports
      .filter((report) => report.date === date)
      .reduce(
        (sum, report) => sum + hoursToCentihours(report.hours) + hoursToCentihours(report.overtimeHours),
        0,
      );
  // Hours and overtime together, with the day's hours on other assignments, at most 24 (spec section 5): a
  // single cell over 24 too.
  const overDay = new Set(
    parsed
      .filter((day) => editable(day.date) && isOverDayCap(day, elsewhere(day.date)))
      .map((day) => day.date),
  );
  const dayMessage = (date: string) =>
    overDay.has(date) ? t(messageKey('validation.tooManyHoursPerDay')) : dayErrors[date];
  // No total while a cell is not a number of hours: one that left it out would not be the week's.
  const total = weekTotal(parsed);

  const refresh = () => queryClient.invalidateQueries({ queryKey: timeQueryKey });
  const restart = async () => {
    await refresh();
    onSaved();
  };
  /** Writes the days whose hours changed, one by one; a refusal stops at its day (DaySaveError). */
  const saveChangedDays = async () => {
    for (const day of unsaved) {
      if (day.hours === null || day.overtime === null) continue;
      const existing = byDate.get(day.date);
      const input = { hours: day.hours, overtimeHours: day.overtime };
      try {
        if (existing) {
          if (day.hours === 0 && day.overtime === 0) await deleteReport(existing.id);
          else await updateReport(existing.id, input);
        } else {
          await createReport({ assignmentId: assignment.id, date: day.date, ...input });
        }
      } catch (error) {
        throw new DaySaveError(day.date, error);
      }
    }
  };
  const showRefusal = (error: Error) => {
    const reason = error instanceof DaySaveError ? error.reason : error;
    // A refusal of the day's row (a cap, a locked month, a day not come) is shown at the day; anything else
    // (no answer, the session, a server failure, a refused submit) in the global display.
    if (error instanceof DaySaveError && isApiError(reason) && [400, 409].includes(reason.status)) {
      setDayErrors({ [error.date]: describeError(reason) });
    } else {
      handleGlobalError(reason);
    }
    // Days saved before the refusal count as saved; the form keeps what was typed, and the week stays.
    onLeavingSettled();
    void refresh();
  };
  // `then`: where to go once saved (the answer 'save' to the question before another week).
  const save = useSubmitMutation({
    mutationFn: async (_next: { then?: () => void } | void) => {
      const changed = unsaved.length;
      await saveChangedDays();
      return changed;
    },
    onMutate: () => setDayErrors({}),
    onSuccess: async (changed, next) => {
      // Nothing typed differs from what is saved (0 h on an empty day, say): nothing was sent, and it says so.
      showSuccess(t(changed > 0 ? 'week.saved' : 'week.nothingToSave'));
      await restart();
      if (next?.then) {
        onLeavingSettled();
        next.then();
      }
    },
    meta: { handlesErrors: true },
    onError: showRefusal,
  });
  // Submitting saves what was typed first: the month goes to the approver with the hours on the screen.
  const submit = useSubmitMutation({
    mutationFn: async (month: string) => {
      await saveChangedDays();
      return submitMonth(assignment.id, month);
    },
    onMutate: () => setDayErrors({}),
    onSuccess: async ({ message }) => {
      showSuccess(message);
      await restart();
    },
    meta: { handlesErrors: true },
    onError: showRefusal,
  });
  const busy = save.isPending || submit.isPending;
  const savable = !invalid && overDay.size === 0;
  const leave = () => {
    const next = leaving;
    onLeavingSettled();
    next?.();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (savable && !submit.isPending) save.mutate();
      }}
    >
      <UnsavedWeekDialog
        open={leaving !== null && dirty}
        canSave={savable}
        busy={busy}
        onSave={() => save.mutate({ then: leave })}
        onDiscard={leave}
        onStay={onLeavingSettled}
      />
      <LeaveDialog
        blocker={leavingPage}
        title={t('week.unsaved.pageTitle')}
        body={t('week.unsaved.pageBody')}
        stayLabel={t('week.unsaved.stay')}
        leaveLabel={t('week.unsaved.leave')}
      />
      <Box
        role="group"
        aria-label={t('week.heading')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) 76px 76px',
          columnGap: 1,
          rowGap: 1,
          alignItems: 'center',
        }}
      >
        <span />
        <Typography variant="caption" color="text.secondary" aria-hidden>
          {t('week.hours')}
        </Typography>
        <Typography variant="caption" color="text.secondary" aria-hidden>
          {t('week.overtime')}
        </Typography>
        {days.map((date) => {
          const day = formatDay(date, language);
          const open = editable(date);
          const row = parsed.find((entry) => entry.date === date)!;
          const message = open ? dayMessage(date) : undefined;
          const messageId = `${formId}-${date}-message`;
          // A cell that is not a number of hours says so under its day, naming the field.
          const cellInvalid = (field: 'hours' | 'overtime') =>
            open && (field === 'hours' ? row.hours : row.overtime) === null;
          const cellMessageId = (field: 'hours' | 'overtime') => `${formId}-${date}-${field}-message`;
          return (
            <Box key={date} sx={{ display: 'contents' }} data-testid={`day-${date}`}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{capitalizeFirst(day)}</Typography>
                {!open && (
                  <Typography variant="caption" color="text.secondary">
                    {!inside(date) ? t('week.outside') : date > today ? t('week.future') : t('week.locked')}
                  </Typography>
                )}
              </Box>
              {(['hours', 'overtime'] as const).map((field) => (
                <TextField
                  key={field}
                  size="small"
                  value={values[date]![field]}
                  disabled={!open}
                  // A day over the cap marks the cells that count towards it, not an empty one.
                  error={
                    cellInvalid(field) ||
                    (Boolean(message) && !(overDay.has(date) && values[date]![field].trim() === ''))
                  }
                  onChange={(event) => {
                    setValues((current) => ({
                      ...current,
                      [date]: { ...current[date]!, [field]: event.target.value },
                    }));
                    setDayErrors(({ [date]: _changed, ...others }) => others);
                  }}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'decimal',
                      'aria-label': t(field === 'hours' ? 'week.hoursFor' : 'week.overtimeFor', { day }),
                      'aria-describedby':
                        [cellInvalid(field) && cellMessageId(field), message && messageId]
                          .filter(Boolean)
                          .join(' ') || undefined,
                      style: { textAlign: 'right' },
                    },
                  }}
                />
              ))}
              {message && (
                <Typography
                  id={messageId}
                  role="alert"
                  variant="caption"
                  color="error"
                  data-testid={`day-message-${date}`}
                  sx={{ gridColumn: '1 / -1', mt: -0.5 }}
                >
                  {message}
                </Typography>
              )}
              {(['hours', 'overtime'] as const).filter(cellInvalid).map((field) => (
                <Typography
                  key={field}
                  id={cellMessageId(field)}
                  role="alert"
                  variant="caption"
                  color="error"
                  data-testid={`cell-message-${date}-${field}`}
                  sx={{ gridColumn: '1 / -1', mt: -0.5 }}
                >
                  {hoursIssue(values[date]![field]) === 'decimals'
                    ? t(field === 'hours' ? 'week.hoursDecimals' : 'week.overtimeDecimals')
                    : t(field === 'hours' ? 'week.invalidHours' : 'week.invalidOvertime')}
                </Typography>
              ))}
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!savable || busy}>
          {t('week.save')}
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid="week-total">
          {total
            ? t('week.total', {
                hours: formatHours(total.hours, language),
                overtime: formatHours(total.overtime, language),
              })
            : t('week.totalInvalid')}
        </Typography>
      </Box>

      <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 3, mb: 1 }}>
        {t('months.heading')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {[...months, ...pendingElsewhere]
          .sort((a, b) => a.month.localeCompare(b.month))
          .map((month) => (
            <Box
              component="li"
              key={month.month}
              data-testid={`month-${month.month}`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {capitalizeFirst(formatMonth(month.month, language))}
                </Typography>
                <MonthStatusChip status={month.status} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('months.totals', {
                  hours: formatHours(month.hours, language),
                  overtime: formatHours(month.overtimeHours, language),
                })}
              </Typography>
              {month.status === 'returned' && month.comment && (
                <Alert
                  severity="warning"
                  sx={{ mt: 1, whiteSpace: 'pre-line' }}
                  data-testid="returned-comment"
                >
                  <strong>{t('months.comment', { name: displayName(month.decidedBy?.name) })}</strong>{' '}
                  {month.comment}
                </Alert>
              )}
              {(month.status === 'open' || month.status === 'returned') &&
                month.hours + month.overtimeHours > 0 && (
                  <Button
                    sx={{ mt: 1 }}
                    variant="outlined"
                    // Changed hours are saved first, so they must be hours that can be saved.
                    disabled={busy || !savable}
                    onClick={() => submit.mutate(month.month)}
                  >
                    {t('months.submit', { month: formatMonth(month.month, language) })}
                  </Button>
                )}
              {month.billId && (
                <Button sx={{ mt: 1 }} href={localize(paths.bill(month.billId))}>
                  {t('months.bill')}
                </Button>
              )}
              {pendingElsewhere.includes(month as TimeMonthWithAssignment) && (
                <Button
                  sx={{ mt: 1, ml: 1 }}
                  disabled={busy}
                  onClick={() => onShowMonth(month as TimeMonthWithAssignment)}
                >
                  {t('months.show', { month: formatMonth(month.month, language) })}
                </Button>
              )}
            </Box>
          ))}
      </Box>
    </Box>
  );
}
