import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { ConfirmDialog, LeaveDialog } from '../../../components/ui/confirm-dialog';
import { showAlert } from '../../../lib/alerts';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Page } from '../../../components/ui/page';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { companiesQueryKey, createCompany, type CompanyView } from '../api/companies';
import { useCurrentCompany } from '../hooks/use-current-company';
import { readPendingInvite } from '../pending-invite';
import { CompanyDetailsForm } from './company-details-form';

/** What the company tabs get from the layout (react-router outlet context). */
export interface CompanyOutletContext {
  company: CompanyView;
  /** A tab tells whether it holds edits not yet saved: leaving the tab or the company then asks first. */
  setUnsavedChanges: (unsaved: boolean) => void;
}

/** The company pages (details, members, projects) as tabs that are routes; without a company, a form to create one. */
export function CompanyLayout() {
  const { t } = useTranslation('companies');
  const localize = useLocalizedPath();
  const { pathname, state } = useLocation();
  const { companies, company, select, isPending } = useCurrentCompany();
  // Unsaved edits of the details tab: another tab or page is held by the router, another company by asking.
  const [unsavedChanges, setUnsavedChanges] = useState(false);
  const leaving = useUnsavedChangesGuard(unsavedChanges);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const tabs = [
    { href: localize(paths['company-members']()), label: t('tabs.members') },
    { href: localize(paths['company-projects']()), label: t('tabs.projects') },
    { href: localize(paths['company-details']()), label: t('tabs.details') },
  ];
  const current = tabs.find((tab) => pathname.startsWith(tab.href))?.href ?? false;
  // Arrived from an invite link's join: the page says so, and focus goes there (QA12 F7).
  const joinedCompanyId = (state as { joinedCompanyId?: unknown } | null)?.joinedCompanyId;
  const joined = company !== undefined && joinedCompanyId === company.id;
  const joinedNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (joined) joinedNotice.current?.focus();
  }, [joined]);
  if (isPending) return <PageSpinner />;
  if (!company) {
    return (
      <Page title={t('title')} lead={t('create.lead')}>
        <PendingInvite />
        <CreateCompanyCard onCreated={select} />
      </Page>
    );
  }
  return (
    <Page title={company.businessName} lead={t('lead')}>
      {joined && (
        <Alert
          ref={joinedNotice}
          tabIndex={-1}
          severity="success"
          sx={{ mb: 2 }}
          data-testid="joined-company"
        >
          {t('join.joined', { name: company.businessName })}
        </Alert>
      )}
      {companies.length > 1 && (
        <TextField
          select
          size="small"
          label={t('switcher')}
          value={company.id}
          onChange={(event) =>
            unsavedChanges ? setSwitchingTo(event.target.value) : select(event.target.value)
          }
          sx={{ mb: 2, minWidth: 260 }}
        >
          {companies.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.businessName}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Tabs
        value={current}
        aria-label={t('title')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        // Arrows show that more tabs are there at narrow widths, phones included (a clipped last tab hid them).
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {tabs.map((tab) => (
          <Tab key={tab.href} value={tab.href} label={tab.label} href={tab.href} />
        ))}
      </Tabs>
      <Outlet context={{ company, setUnsavedChanges } satisfies CompanyOutletContext} />
      <LeaveDialog
        blocker={leaving}
        title={t('details.leave.title')}
        body={t('details.leave.body')}
        stayLabel={t('details.leave.stay')}
        leaveLabel={t('details.leave.leave')}
      />
      <ConfirmDialog
        open={switchingTo !== null}
        title={t('details.leave.title')}
        body={t('details.leave.body')}
        cancelLabel={t('details.leave.stay')}
        confirmLabel={t('details.leave.leave')}
        onClose={() => setSwitchingTo(null)}
        onConfirm={() => {
          if (switchingTo) select(switchingTo);
          setUnsavedChanges(false);
          setSwitchingTo(null);
        }}
      />
    </Page>
  );
}

/** Leads a new account back to the invitation it opened before login, setup and confirmation. */
function PendingInvite() {
  const { t } = useTranslation('companies');
  const localize = useLocalizedPath();
  const link = readPendingInvite();
  if (!link) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      data-testid="pending-invite"
      action={
        <Button color="inherit" size="small" href={localize(paths.join(link))}>
          {t('create.pendingInviteAction')}
        </Button>
      }
    >
      {t('create.pendingInvite')}
    </Alert>
  );
}

function CreateCompanyCard({ onCreated }: { onCreated: (companyId: string) => void }) {
  const { t } = useTranslation('companies');
  const queryClient = useQueryClient();
  return (
    <Card>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
          {t('create.title')}
        </Typography>
        <Box>
          <CompanyDetailsForm
            submitLabel={t('create.submit')}
            onSubmit={async (details) => {
              const { company, message } = await createCompany(details);
              onCreated(company.id);
              await queryClient.invalidateQueries({ queryKey: companiesQueryKey });
              showAlert(message, 'success');
            }}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
