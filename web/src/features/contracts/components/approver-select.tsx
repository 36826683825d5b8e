import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { MemberChoice } from '../api/contracts';
import { approverHint, memberName } from './approver-choices';

interface ApproverSelectProps {
  /** Who may be picked (`useApproverChoices`). */
  choices: readonly MemberChoice[];
  /** The picked member's user id ('' for none); one not among `choices` shows as none. */
  value: string;
  onChange: (userId: string) => void;
  /** What is wrong with the choice; otherwise the picker's hint shows. */
  error?: string;
  canListMembers: boolean;
  callerIsConsultant: boolean;
  fullWidth?: boolean;
}

/** The approver picker of the hire and change-approver dialogs. */
export function ApproverSelect({
  choices,
  value,
  onChange,
  error,
  canListMembers,
  callerIsConsultant,
  fullWidth,
}: ApproverSelectProps) {
  const { t } = useTranslation('contracts');
  const chosen = choices.find((member) => member.userId === value);
  return (
    <TextField
      select
      fullWidth={fullWidth}
      label={t('hire.approver')}
      value={chosen ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? approverHint(t, chosen, canListMembers, callerIsConsultant)}
      required
    >
      {choices.map((member) => (
        <MenuItem key={member.userId} value={member.userId}>
          {memberName(member)}
        </MenuItem>
      ))}
    </TextField>
  );
}
