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
  isoWeekOf,
  LOCKED_TIME_MONTH_STATUSES,
  mondayOf,
  monthOf,
  REPORTED_HOURS_MAX_PER_DAY,
  type TimeMonthStatus,
} from '@mp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatHours } from '../../../components/ui/economy-charts';
import { showSuccess } from '../../../lib/alerts';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import {
  createReport,
  deleteReport,
  submitMonth,
  timeQueryKey,
  updateReport,
  weekReportsQueryOptions,
  type AssignmentView,
  type TimeMonthView,
  type TimeReportView,
} from '../api/time';
import { useLanguage } from '../../../lib/i18n';

type Language = 'sv' | 'en';
const intlLocale = (language: Language) => (language === 'sv' ? 'sv-SE' : 'en-GB');
const todayInSweden = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

/** Upper-cases the first letter only ('mån 23 nov.' -> 'Mån 23 nov.'), as Swedish writes it. */
export const capitalizeFirst = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const formatDay = (date: string, language: Language, weekday: 'short' | 'long' = 'short') =>
  new Intl.DateTimeFormat(intlLocale(language), {
    weekday,
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

export const formatMonth = (month: string, language: Language) =>
  new Intl.DateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** '7,5' or '7.5' to 7.5; '' to 0; null when not a number of hours with at most two decimals. */
function parseHours(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= REPORTED_HOURS_MAX_PER_DAY ? value : null;
}

export const assignmentName = (assignment: AssignmentView, t: TFunction<'time'>) =>
  t('assignmentName', {
    project: assignment.projectName ?? t('noProject'),
    company: assignment.companyName,
  });

export function MonthStatusChip({ status }: { status: TimeMonthStatus }) {
  const { t } = useTranslation('time');
  const color = { open: 'default', submitted: 'info', returned: 'warning', approved: 'success' } as const;
  return (
    <Chip size="small" color={color[status]} label={t(`months.status.${status}`)} data-status={status} />
  );
}

/**
 * The consultant's week: one row per day with hours and overtime (a phone-sized grid), saved together; under
 * it the months the week touches, with their status, the approver's comment when returned, and submit.
 */
export function WeekEntry({ assignments }: { assignments: AssignmentView[] }) {
  const { t } = useTranslation('time');
  const language: Language = useLanguage();
  const [assignmentId, setAssignmentId] = useState(assignments[0]!.id);
  const [monday, setMonday] = useState(() => mondayOf(todayInSweden()));
  const assignment = assignments.find((a) => a.id === assignmentId) ?? assignments[0]!;
  const sunday = addDays(monday, 6);
  const week = useQuery(weekReportsQueryOptions(monday, sunday));
  const { week: weekNumber } = isoWeekOf(monday);

  return (
    <Box component="section" aria-labelledby="week-heading" data-testid="week-entry">
      <Typography id="week-heading" variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        {t('week.heading')}
      </Typography>
      <TextField
        select
        fullWidth
        size="small"
        label={t('assignment')}
        value={assignment.id}
        onChange={(event) => setAssignmentId(event.target.value)}
        sx={{ mb: 2 }}
      >
        {assignments.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {assignmentName(a, t)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton aria-label={t('week.previous')} onClick={() => setMonday(addDays(monday, -7))}>
          <ChevronLeft />
        </IconButton>
        <Typography sx={{ fontWeight: 600, textAlign: 'center' }} data-testid="week-label">
          {t('week.label', {
            week: weekNumber,
            from: formatDay(monday, language).replace(/^\S+\s/, ''),
            to: formatDay(sunday, language).replace(/^\S+\s/, ''),
          })}
        </Typography>
        <IconButton aria-label={t('week.next')} onClick={() => setMonday(addDays(monday, 7))}>
          <ChevronRight />
        </IconButton>
      </Box>
      {week.data && (
        <WeekForm
          // A new week, assignment or answer from the server starts the form afresh.
          key={`${assignment.id}/${monday}/${week.dataUpdatedAt}`}
          assignment={assignment}
          monday={monday}
          reports={week.data.reports.filter((report) => report.assignmentId === assignment.id)}
          months={week.data.months.filter((month) => month.assignmentId === assignment.id)}
        />
      )}
    </Box>
  );
}

function WeekForm({
  assignment,
  monday,
  reports,
  months,
}: {
  assignment: AssignmentView;
  monday: string;
  reports: TimeReportView[];
  months: TimeMonthView[];
}) {
  const { t } = useTranslation('time');
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
  const editable = (date: string) =>
    date >= assignment.startDate &&
    (!assignment.endDate || date <= assignment.endDate) &&
    !LOCKED_TIME_MONTH_STATUSES.includes(statusOf(date));

  const parsed = days.map((date) => ({
    date,
    hours: parseHours(values[date]!.hours),
    overtime: parseHours(values[date]!.overtime),
  }));
  const invalid = parsed.some((day) => day.hours === null || day.overtime === null);
  const total = parsed.reduce((sum, day) => sum + (day.hours ?? 0) + (day.overtime ?? 0), 0);
  const totalOvertime = parsed.reduce((sum, day) => sum + (day.overtime ?? 0), 0);

  const refresh = () => queryClient.invalidateQueries({ queryKey: timeQueryKey });
  const save = useMutation({
    mutationFn: async () => {
      for (const day of parsed) {
        if (!editable(day.date) || day.hours === null || day.overtime === null) continue;
        const existing = byDate.get(day.date);
        const input = { hours: day.hours, overtimeHours: day.overtime };
        if (existing) {
          if (day.hours === 0 && day.overtime === 0) await deleteReport(existing.id);
          else if (existing.hours !== day.hours || existing.overtimeHours !== day.overtime) {
            await updateReport(existing.id, input);
          }
        } else if (day.hours > 0 || day.overtime > 0) {
          await createReport({ assignmentId: assignment.id, date: day.date, ...input });
        }
      }
    },
    onSuccess: () => showSuccess(t('week.saved')),
    // Whatever was saved before a refusal is shown as saved.
    onSettled: refresh,
  });
  const submit = useMutation({
    mutationFn: (month: string) => submitMonth(assignment.id, month),
    onSuccess: ({ message }) => showSuccess(message),
    onSettled: refresh,
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) save.mutate();
      }}
    >
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
          const inside = date >= assignment.startDate && (!assignment.endDate || date <= assignment.endDate);
          const row = parsed.find((entry) => entry.date === date)!;
          return (
            <Box key={date} sx={{ display: 'contents' }} data-testid={`day-${date}`}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{capitalizeFirst(day)}</Typography>
                {!open && (
                  <Typography variant="caption" color="text.secondary">
                    {inside ? t('week.locked') : t('week.outside')}
                  </Typography>
                )}
              </Box>
              {(['hours', 'overtime'] as const).map((field) => (
                <TextField
                  key={field}
                  size="small"
                  value={values[date]![field]}
                  disabled={!open}
                  error={(field === 'hours' ? row.hours : row.overtime) === null}
                  onChange={(event) =>
                    setValues((current) => ({
                      ...current,
                      [date]: { ...current[date]!, [field]: event.target.value },
                    }))
                  }
                  slotProps={{
                    htmlInput: {
                      inputMode: 'decimal',
                      'aria-label': t(field === 'hours' ? 'week.hoursFor' : 'week.overtimeFor', { day }),
                      style: { textAlign: 'right' },
                    },
                  }}
                />
              ))}
            </Box>
          );
        })}
      </Box>
      {invalid && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('week.invalid')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={invalid || save.isPending}>
          {t('week.save')}
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid="week-total">
          {t('week.total', {
            hours: formatHours(total, language),
            overtime: formatHours(totalOvertime, language),
          })}
        </Typography>
      </Box>

      <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 3, mb: 1 }}>
        {t('months.heading')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {months.map((month) => (
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
              <Alert severity="warning" sx={{ mt: 1 }} data-testid="returned-comment">
                <strong>{t('months.comment', { name: assignment.approver.name ?? '' })}</strong>{' '}
                {month.comment}
              </Alert>
            )}
            {(month.status === 'open' || month.status === 'returned') &&
              month.hours + month.overtimeHours > 0 && (
                <Button
                  sx={{ mt: 1 }}
                  variant="outlined"
                  disabled={submit.isPending}
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
          </Box>
        ))}
      </Box>
    </Box>
  );
}
