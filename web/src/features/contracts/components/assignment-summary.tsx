import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { swedishDayOf } from '@mp/domain/calendar-date';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date-format';
import { displayName } from '../../../lib/display-name';
import { useLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/number-format';
import type { AssignmentView } from '../api/contracts';
import { AssignmentApproverDialog } from './assignment-approver-dialog';
import { EndAssignmentDialog } from './end-assignment-dialog';

interface AssignmentSummaryProps {
  assignment: AssignmentView;
  /** Offer changing the approver and ending, when the caller manages the company's contracts. */
  actions: boolean;
  /** The caller may list the company's members, to choose who approves the time. */
  canListMembers: boolean;
}

/**
 * One assignment under a contract: its period and who approves its time; a warning when nobody does (the
 * approver left the company or deleted their account); and, for those who manage the company's contracts,
 * changing the approver and ending the assignment.
 */
export function AssignmentSummary({ assignment, actions, canListMembers }: AssignmentSummaryProps) {
  const { t, i18n } = useTranslation('contracts');
  const language = useLanguage();
  const [dialog, setDialog] = useState<'approver' | 'end' | null>(null);
  const manageable = actions && assignment.canManage;
  const endable = manageable && (!assignment.endDate || assignment.endDate > swedishDayOf(new Date()));
  const period = {
    start: formatDate(assignment.startDate, i18n.language),
    end: formatDate(assignment.endDate, i18n.language),
  };
  const line = assignment.approver
    ? t(assignment.endDate ? 'hire.hiredPeriod' : 'hire.hiredFrom', {
        ...period,
        approver: displayName(assignment.approver.name),
      })
    : t(assignment.endDate ? 'hire.hiredPeriodNoApprover' : 'hire.hiredFromNoApprover', period);
  return (
    <>
      <span data-testid="contract-assignment">{line}</span>
      <Box component="span" sx={{ display: 'block' }} data-testid="assignment-fees">
        {t('fields.fees')}:{' '}
        {t('fees', {
          hourly: formatMoney(assignment.hourlyFeeOre, language),
          overtime: formatMoney(assignment.overtimeFeeOre, language),
        })}
      </Box>
      {!assignment.approver && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="assignment-no-approver">
          {t('assignment.noApprover')}
        </Alert>
      )}
      {manageable && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          <Button
            size="small"
            variant={assignment.approver ? 'text' : 'contained'}
            onClick={() => setDialog('approver')}
          >
            {t(assignment.approver ? 'assignment.changeApprover' : 'assignment.chooseApprover')}
          </Button>
          {endable && (
            <Button size="small" color="error" onClick={() => setDialog('end')}>
              {t('assignment.end')}
            </Button>
          )}
        </Box>
      )}
      {dialog === 'approver' && (
        <AssignmentApproverDialog
          assignment={assignment}
          canListMembers={canListMembers}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'end' && <EndAssignmentDialog assignment={assignment} onClose={() => setDialog(null)} />}
    </>
  );
}
