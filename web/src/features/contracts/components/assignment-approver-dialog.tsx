import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { displayName } from '../../../lib/display-name';
import { describeError } from '../../../lib/errors';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { changeAssignmentApprover, type AssignmentView } from '../api/contracts';
import { useApproverChoices } from './approver-choices';
import { ApproverSelect } from './approver-select';

interface AssignmentApproverDialogProps {
  assignment: AssignmentView;
  /** The caller may list the company's members (manage_members); otherwise they can choose themselves. */
  canListMembers: boolean;
  onClose: () => void;
}

/**
 * Chooses who approves an assignment's months (POST company/{id}/assignments/{id}/approver, manage_contracts):
 * a current member, or the caller, but not the consultant. Months already submitted and waiting go to the new
 * approver. A refusal (the member has just left, say) shows in the dialog with the choice kept.
 */
export function AssignmentApproverDialog({
  assignment,
  canListMembers,
  onClose,
}: AssignmentApproverDialogProps) {
  const { t } = useTranslation('contracts');
  const titleId = useId();
  const queryClient = useQueryClient();
  const choices = useApproverChoices(assignment.companyId, canListMembers, assignment.consultant.userId);
  // The current approver until another is picked (once the members have loaded, they show as chosen).
  const [picked, setApproverUserId] = useState<string | null>(null);
  const approverUserId = picked ?? assignment.approver?.userId ?? '';
  const [submitted, setSubmitted] = useState(false);
  const chosen = choices.find((member) => member.userId === approverUserId);

  const save = useSubmitMutation({
    mutationFn: (userId: string) => changeAssignmentApprover(assignment, userId),
    onSuccess: async ({ assignment: saved }) => {
      showSuccess(t('assignment.approverSaved', { name: displayName(saved.approver?.name) }));
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
    meta: { handlesErrors: true },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (chosen) save.mutate(chosen.userId);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="approver-dialog">
        <DialogTitle id={titleId}>{t('assignment.approverTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('assignment.approverLead', {
              consultant: displayName(assignment.consultant.name),
              contract: assignment.contractName,
            })}
          </DialogContentText>
          {save.isError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="approver-error">
              {describeError(save.error)}
            </Alert>
          )}
          <ApproverSelect
            fullWidth
            choices={choices}
            value={approverUserId}
            onChange={(userId) => {
              setApproverUserId(userId);
              // A refusal was about the member sent.
              if (save.isError) save.reset();
            }}
            error={submitted && !chosen ? t('assignment.approverRequired') : undefined}
            canListMembers={canListMembers}
            callerIsConsultant={assignment.isConsultant}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('hire.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('assignment.approverSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
