import { assignmentEndInputSchema, assignmentEndIssue, latestAssignmentEnd } from '@mp/domain';
import { swedishDayOf } from '@mp/domain/calendar-date';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { formatDate } from '../../../lib/date-format';
import { displayName } from '../../../lib/display-name';
import { describeError } from '../../../lib/errors';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { fieldErrorOf, messageKey } from '../../../lib/validation';
import { endAssignment, type AssignmentView } from '../api/contracts';

interface EndAssignmentDialogProps {
  assignment: AssignmentView;
  onClose: () => void;
}

/**
 * Ends an assignment after a confirmation (POST company/{id}/assignments/{id}/end, manage_contracts): its last
 * day, today unless another is chosen. The dialog says what ending means (no time after the last day, what is
 * reported stays, no moving the end later); a refusal from the API (time reported after that day) shows here
 * until the day is changed or the dialog's own check finds something else.
 */
export function EndAssignmentDialog({ assignment, onClose }: EndAssignmentDialogProps) {
  const { t, i18n } = useTranslation(['contracts', 'messages']);
  const titleId = useId();
  const queryClient = useQueryClient();
  const today = swedishDayOf(new Date());
  const [endDate, setEndDate] = useState(() => {
    const latest = assignment.endDate && assignment.endDate < today ? assignment.endDate : today;
    return latest < assignment.startDate ? assignment.startDate : latest;
  });
  const [submitted, setSubmitted] = useState(false);
  const valid = assignmentEndInputSchema.safeParse({ endDate }).success;
  const tooLate = valid ? assignmentEndIssue(endDate, today) : undefined;
  const issue = !valid
    ? t('messages:validation.invalidLongDate')
    : endDate < assignment.startDate
      ? t('messages:validation.validityOrder')
      : tooLate
        ? t(messageKey(tooLate.code), { date: formatDate(tooLate.dates.date, i18n.language) })
        : undefined;

  const end = useSubmitMutation({
    mutationFn: () => endAssignment(assignment, { endDate }),
    onSuccess: async ({ assignment: ended }) => {
      showSuccess(t('assignment.ended', { date: formatDate(ended.endDate, i18n.language) }));
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
    meta: { handlesErrors: true },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!issue) end.mutate();
    else if (end.isError) end.reset();
  };
  // The API's answer at the day (a day too far ahead), else beside it (time reported after it).
  const apiIssue = fieldErrorOf(end.error, 'endDate');
  const fieldIssue = (submitted ? issue : undefined) ?? apiIssue;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="end-assignment-dialog">
        <DialogTitle id={titleId}>
          {t('assignment.endTitle', { consultant: displayName(assignment.consultant.name) })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('assignment.endLead', { contract: assignment.contractName })}
          </DialogContentText>
          {end.isError && !apiIssue && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="end-assignment-error">
              {describeError(end.error)}
            </Alert>
          )}
          <TextField
            type="date"
            fullWidth
            label={t('assignment.lastDay')}
            name="endDate"
            value={endDate}
            onChange={(event) => {
              setEndDate(event.target.value);
              // What the API said was about the day sent.
              if (end.isError) end.reset();
            }}
            error={Boolean(fieldIssue)}
            helperText={fieldIssue ?? t('assignment.lastDayHelp')}
            required
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: assignment.startDate, max: assignment.endDate ?? latestAssignmentEnd(today) },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('hire.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={end.isPending}>
            {t('assignment.end')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
