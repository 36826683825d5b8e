import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EconomyCharts } from '../../../components/ui/economy-charts';
import { EconomyScopeNote } from '../../../components/ui/economy-scope';
import { Page } from '../../../components/ui/page';
import { displayName } from '../../../lib/display-name';
import { companiesQueryOptions } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { approvalsQueryOptions, assignmentsQueryOptions, economyQueryOptions } from '../api/time';
import { Approvals } from './approvals';
import { assignmentName, WeekEntry } from './week-entry';

/**
 * Time and invoice (app/time): the consultant's week, the approver's inbox (and, for those who manage a
 * company's contracts, its assignments that nobody approves) and the economy view.
 */
export function TimePage() {
  const { t } = useTranslation('time');
  const localize = useLocalizedPath();
  const assignments = useQuery(assignmentsQueryOptions);
  const approvals = useQuery(approvalsQueryOptions);
  const economy = useQuery(economyQueryOptions);
  const mine = assignments.data?.filter((assignment) => assignment.isConsultant) ?? [];
  const companies = useQuery(companiesQueryOptions);
  // A buyer (an approver, someone who manages a company's assignments, or a company's admin, who hires) has the
  // approvals section, empty or not; the consultant's "no assignments yet" is for the others.
  const approver =
    (assignments.data?.some((assignment) => assignment.isApprover || assignment.canManage) ?? false) ||
    (companies.data?.adminForCompanies.length ?? 0) > 0;
  const withoutApprover =
    assignments.data?.filter((assignment) => !assignment.approver && assignment.canManage) ?? [];
  return (
    <Page title={t('title')} lead={t('lead')} maxWidth="md">
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {withoutApprover.length > 0 && (
          <Alert
            severity="warning"
            data-testid="assignments-without-approver"
            action={
              <Button color="inherit" size="small" href={localize(paths.contracts())}>
                {t('noApprover.action')}
              </Button>
            }
          >
            {t('noApprover.title', { count: withoutApprover.length })}
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {withoutApprover.map((assignment) => (
                <li key={assignment.id}>
                  {t('approvals.who', {
                    consultant: displayName(assignment.consultant.name),
                    assignment: assignmentName(assignment),
                  })}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {assignments.data &&
          (mine.length > 0 ? (
            <WeekEntry assignments={mine} />
          ) : (
            !approver &&
            !companies.isPending && <Typography color="text.secondary">{t('noAssignments')}</Typography>
          ))}
        {approver && approvals.data && (
          <>
            {mine.length > 0 && <Divider />}
            <Approvals months={approvals.data} />
          </>
        )}
        {economy.data && assignments.data && (
          <Box component="section" aria-labelledby="economy-heading" aria-describedby="economy-scope">
            <Divider sx={{ mb: 3 }} />
            <Typography id="economy-heading" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
              {t('economy.heading')}
            </Typography>
            {/* The figures count every assignment the caller sees: say whose they are. */}
            <EconomyScopeNote id="economy-scope" assignments={assignments.data} sx={{ mb: 2 }} />
            <EconomyCharts data={economy.data} />
          </Box>
        )}
      </Box>
    </Page>
  );
}
