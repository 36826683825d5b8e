import {
  assignmentInputSchema,
  assignmentPeriodIssues,
  earliestAssignmentStart,
  latestAssignmentEnd,
  latestAssignmentStart,
} from '@mp/domain';
import { swedishDayOf } from '@mp/domain/calendar-date';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showSuccess } from '../../../lib/alerts';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/date-format';
import { describeError } from '../../../lib/errors';
import { parseNumberInput } from '../../../lib/number-format';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { fieldErrorOf, formIssueOf, formIssueText, messageKey } from '../../../lib/validation';
import { hireSigner, type ContractView } from '../api/contracts';
import { useApproverChoices } from './approver-choices';
import { ApproverSelect } from './approver-select';

type AssignmentBody = z.output<typeof assignmentInputSchema>;
type Field = 'hourlyFee' | 'overtimeFee' | 'startDate' | 'endDate' | 'approverUserId';
const FIELDS: readonly Field[] = ['hourlyFee', 'overtimeFee', 'startDate', 'endDate', 'approverUserId'];

interface HireDialogProps {
  contract: ContractView;
  /** The signer's name as the card shows it. */
  signerName: string;
  /** The caller may list the company's members (manage_members); otherwise they approve the time themselves. */
  canListMembers: boolean;
  onClose: () => void;
}

/** '1 150,50' or '1150.50' to 1150.5; '' to undefined (the schema's 'required'); anything else to NaN. */
const parseSek = (text: string) => parseNumberInput(text) ?? undefined;

/**
 * Hires the signer of a signed contract (POST company/{id}/assignments, manage_contracts and premium): hourly
 * and overtime fees in SEK, the period, and the member who approves the time, by default the caller (never the
 * signer, who would approve their own time). The checks are the API's own schema and period bounds (from the
 * month before the contract was signed, not years ahead), so the dialog says what the API would; a refusal
 * from the API shows here, at its field where it has one, with everything typed kept.
 */
export function HireDialog({ contract, signerName, canListMembers, onClose }: HireDialogProps) {
  const { t, i18n } = useTranslation(['contracts', 'messages']);
  const titleId = useId();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const consultantUserId = contract.signer.userId;
  const callerIsConsultant = !!user && user.id === consultantUserId;
  const approvers = useApproverChoices(contract.companyId, canListMembers, consultantUserId);
  const today = swedishDayOf(new Date());
  // A signed contract has its signing time; the day it fell on in Sweden.
  const signedOn = contract.signedAt ? swedishDayOf(new Date(contract.signedAt)) : today;
  const [form, setForm] = useState({
    hourlyFee: '',
    overtimeFee: '',
    startDate: today,
    endDate: '',
    // The caller by default, unless they are the one hired (nobody approves their own time).
    approverUserId: user && !callerIsConsultant ? user.id : '',
  });
  const [submitted, setSubmitted] = useState(false);

  const input = {
    contractId: contract.id,
    approverUserId: form.approverUserId || undefined,
    hourlyFee: parseSek(form.hourlyFee),
    overtimeFee: parseSek(form.overtimeFee),
    startDate: form.startDate,
    endDate: form.endDate || null,
  };
  const parsed = assignmentInputSchema.safeParse(input);
  // The first problem per field, as text: the schema's, then the period's bounds (with their dates).
  const issues = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!issues.has(field)) issues.set(field, formIssueText(t, formIssueOf(issue)));
    }
  }
  const periodIssues = parsed.success ? assignmentPeriodIssues(parsed.data, { signedOn, today }) : [];
  for (const { field, code, dates } of periodIssues) {
    const params = Object.fromEntries(
      Object.entries(dates).map(([name, day]) => [name, formatDate(day, i18n.language)]),
    );
    if (!issues.has(field)) issues.set(field, t(messageKey(code), params));
  }

  const hire = useSubmitMutation({
    mutationFn: (body: AssignmentBody) => hireSigner(contract.companyId, body),
    onSuccess: async () => {
      showSuccess(t('hire.success', { name: signerName }));
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
    // The refusal shows in the dialog, beside what was typed: not also in the global alert.
    meta: { handlesErrors: true },
  });

  // An answer from the API is about what was sent: once something is changed, it no longer applies.
  const edit = (changes: Partial<typeof form>) => {
    setForm((current) => ({ ...current, ...changes }));
    if (hire.isError) hire.reset();
  };
  const set = (field: Field) => (event: { target: { value: string } }) =>
    edit({ [field]: event.target.value });

  // What the dialog finds once Hire was pressed, else what the API answered at a field (until a change).
  const issueOf = (field: Field) =>
    (submitted ? issues.get(field) : undefined) ?? fieldErrorOf(hire.error, field);
  const apiFieldError = FIELDS.some((field) => fieldErrorOf(hire.error, field));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (parsed.success && periodIssues.length === 0) hire.mutate(parsed.data);
  };

  const feeField = (field: 'hourlyFee' | 'overtimeFee') => (
    <TextField
      label={t(`hire.${field}`)}
      name={field}
      value={form[field]}
      onChange={set(field)}
      error={Boolean(issueOf(field))}
      helperText={issueOf(field)}
      autoFocus={field === 'hourlyFee'}
      required
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="hire-dialog">
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {t('hire.title', { name: signerName })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('hire.lead', { contract: contract.name })}</DialogContentText>
          <Stack spacing={2.5}>
            {hire.isError && !apiFieldError && (
              <Alert severity="error" data-testid="hire-error">
                {describeError(hire.error)}
              </Alert>
            )}
            {feeField('hourlyFee')}
            {feeField('overtimeFee')}
            <TextField
              type="date"
              label={t('hire.startDate')}
              name="startDate"
              value={form.startDate}
              onChange={set('startDate')}
              error={Boolean(issueOf('startDate'))}
              helperText={issueOf('startDate')}
              required
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { min: earliestAssignmentStart(signedOn), max: latestAssignmentStart(today) },
              }}
            />
            <TextField
              type="date"
              label={t('hire.endDate')}
              name="endDate"
              value={form.endDate}
              onChange={set('endDate')}
              error={Boolean(issueOf('endDate'))}
              helperText={issueOf('endDate')}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { min: form.startDate || undefined, max: latestAssignmentEnd(today) },
              }}
            />
            <ApproverSelect
              choices={approvers}
              value={form.approverUserId}
              onChange={(approverUserId) => edit({ approverUserId })}
              error={issueOf('approverUserId')}
              canListMembers={canListMembers}
              callerIsConsultant={callerIsConsultant}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('hire.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={hire.isPending}>
            {t('hire.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
