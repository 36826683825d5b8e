import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CONTRACT_STATUSES, type ContractStatus } from '@mp/domain/companies';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { PremiumRequiredAlert } from '../../../components/ui/premium-required-alert';
import { Page } from '../../../components/ui/page';
import { useCurrentUser } from '../../../lib/auth';
import {
  contractAssignmentsQueryOptions,
  contractCompaniesQueryOptions,
  contractsQueryOptions,
  type AssignmentView,
} from '../api/contracts';
import { ContractCard } from './contract-card';
import { UploadContractDialog } from './upload-contract-dialog';

/** Contracts and digital signing (app/contracts): status chips, upload (premium), send, download, hire. */
export function ContractsPage() {
  const { t } = useTranslation('contracts');
  const user = useCurrentUser();
  const contracts = useQuery(contractsQueryOptions);
  const companies = useQuery(contractCompaniesQueryOptions);
  const [filter, setFilter] = useState<ContractStatus | null>(null);
  const [uploading, setUploading] = useState(false);
  // The draft just copied from a declined, expired or cancelled contract: shown (whatever the filter) and focused.
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const clearCopied = useCallback(() => setCopiedId(null), []);
  const managed = [
    ...(companies.data?.adminForCompanies ?? []),
    ...(companies.data?.memberInCompanies ?? []),
  ].filter((company) => company.permissions.includes('manage_contracts'));
  const counts = new Map<ContractStatus, number>();
  for (const contract of contracts.data ?? [])
    counts.set(contract.status, (counts.get(contract.status) ?? 0) + 1);
  const shown = (contracts.data ?? []).filter((contract) => !filter || contract.status === filter);
  const canUpload = managed.length > 0 && Boolean(user?.isPremium);
  // Who is hired under which contract, and at what fees: the company side's assignments, and the consultant's own.
  const assignments = useQuery(contractAssignmentsQueryOptions);
  const assignmentsByContract = new Map<string, AssignmentView[]>();
  for (const assignment of assignments.data ?? []) {
    assignmentsByContract.set(assignment.contractId, [
      ...(assignmentsByContract.get(assignment.contractId) ?? []),
      assignment,
    ]);
  }
  const listsMembers = new Set(
    managed.filter((company) => company.permissions.includes('manage_members')).map((company) => company.id),
  );

  return (
    <Page
      title={t('title')}
      lead={t('lead')}
      actions={
        canUpload ? (
          <Button variant="contained" onClick={() => setUploading(true)}>
            {t('upload.open')}
          </Button>
        ) : undefined
      }
    >
      {managed.length > 0 && !user?.isPremium && (
        <PremiumRequiredAlert>{t('premiumRequired')}</PremiumRequiredAlert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} role="group" aria-label={t('filter')}>
        <Chip
          label={t('all', { count: contracts.data?.length ?? 0 })}
          color={filter ? 'default' : 'primary'}
          onClick={() => setFilter(null)}
        />
        {CONTRACT_STATUSES.map((status) => (
          <Chip
            key={status}
            label={`${t(`status.${status}`)} (${counts.get(status) ?? 0})`}
            color={filter === status ? 'primary' : 'default'}
            variant={filter === status ? 'filled' : 'outlined'}
            onClick={() => setFilter(status)}
          />
        ))}
      </Box>
      {contracts.isPending ? (
        <PageSpinner />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          data-testid="contracts"
        >
          {shown.map((contract) => (
            <ContractCard
              key={contract.id}
              contract={contract}
              assignments={assignmentsByContract.get(contract.id)}
              canHire={Boolean(user?.isPremium)}
              canEdit={Boolean(user?.isPremium)}
              canListMembers={listsMembers.has(contract.companyId)}
              focusOnShow={contract.id === copiedId}
              onFocused={clearCopied}
              onCopied={(copy) => {
                setFilter(null);
                setCopiedId(copy.id);
              }}
            />
          ))}
        </Box>
      )}
      {uploading && <UploadContractDialog companies={managed} onClose={() => setUploading(false)} />}
    </Page>
  );
}
