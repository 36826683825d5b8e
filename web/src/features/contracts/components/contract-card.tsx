import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { swedishDayOf } from '@mp/domain/calendar-date';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useFocusRequest } from '../../../lib/use-focus-request';
import { showAlert } from '../../../lib/alerts';
import { formatDateTime } from '../../../lib/date-format';
import { displayName } from '../../../lib/display-name';
import { saveFile } from '../../../lib/save-file';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import {
  cancelContract,
  copyContract,
  downloadContract,
  refreshContract,
  sendContract,
  type AssignmentView,
  type ContractView,
} from '../api/contracts';
import { AssignmentSummary } from './assignment-summary';
import { ContractStatusChip } from './contract-status-chip';
import { HireDialog } from './hire-dialog';
import { UploadContractDialog } from './upload-contract-dialog';

function personName(person: ContractView['signer']): string {
  return displayName(person.name, person.email);
}

interface ContractCardProps {
  contract: ContractView;
  /** Offer the actions the caller may take (the agreements page only shows and downloads). */
  actions?: boolean;
  /** The assignments made under this contract. */
  assignments?: AssignmentView[];
  /** The caller may hire its signer: manages the company's contracts and has premium. */
  canHire?: boolean;
  /** The caller may list the company's members, to choose who approves the time (or who signs a draft). */
  canListMembers?: boolean;
  /** The caller may edit a draft (name, project, signer): manages the company's contracts and has premium. */
  canEdit?: boolean;
  /** Focus the card's name once shown (a draft just copied from another contract), then call onFocused. */
  focusOnShow?: boolean;
  onFocused?: () => void;
  /** A declined, expired or cancelled contract was copied to this new draft. */
  onCopied?: (copy: ContractView) => void;
}

/** The statuses a contract can be copied to a new draft from: its signing is over without a signature. */
const COPYABLE = new Set<ContractView['status']>(['declined', 'expired', 'cancelled']);

/** The assignment the card tells about: one still running (no end, or ending today or later), else the latest. */
function currentAssignment(assignments: AssignmentView[], today: string) {
  const latestFirst = [...assignments].sort((a, b) => b.startDate.localeCompare(a.startDate));
  const running = latestFirst.find((assignment) => !assignment.endDate || assignment.endDate >= today);
  return { assignment: running ?? latestFirst[0], running: Boolean(running) };
}

/**
 * One contract: status, signer and delegate, modified date, whether its signer is hired (and who approves the
 * time, or that nobody does), and what the caller may do with it. Hiring is offered once the contract is signed by someone with an account here, and again
 * only after the assignment has ended (the API would take a second one, billed on its own, while the first
 * still runs).
 */
export function ContractCard({
  contract,
  actions = true,
  assignments = [],
  canHire = false,
  canListMembers = false,
  canEdit = false,
  focusOnShow = false,
  onFocused,
  onCopied,
}: ContractCardProps) {
  const { t, i18n } = useTranslation(['contracts', 'messages']);
  const [hiring, setHiring] = useState(false);
  const [editing, setEditing] = useState(false);
  // The cancel question and the status it asks about, kept while the dialog fades out on a changed status.
  const [cancelQuestion, setCancelQuestion] = useState<{ open: boolean; about: 'draft' | 'sent' }>({
    open: false,
    about: 'draft',
  });
  const closeCancelQuestion = () => setCancelQuestion((question) => ({ ...question, open: false }));
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['session'] });
  // Each moves the contract's status once: a second click while the first is under way sends nothing (it
  // would be refused with 409, the status having moved).
  // Sending removes its button: focus goes to what the card now says (who signs, and how), not to the page.
  const [sentStatusRef, focusSentStatus] = useFocusRequest<HTMLDivElement & HTMLParagraphElement>();
  const send = useSubmitMutation({
    mutationFn: () => sendContract(contract),
    onSuccess: async ({ message }) => {
      await refresh();
      showAlert(message, 'success');
      focusSentStatus();
    },
  });
  const cancel = useSubmitMutation({
    mutationFn: () => cancelContract(contract),
    onSuccess: async () => {
      closeCancelQuestion();
      await refresh();
      showAlert(t('cancelContract.done', { name: contract.name }), 'success');
    },
    // Refused (signed meanwhile, say): the global display says why, and the card shows where it stands now.
    onError: () => {
      closeCancelQuestion();
      void refresh();
    },
  });
  // Copying makes a new card (the draft) for the page to show and focus: the old one keeps its status.
  const copy = useSubmitMutation({
    mutationFn: () => copyContract(contract),
    onSuccess: async ({ contract: draft, message }) => {
      await refresh();
      showAlert(message, 'success');
      onCopied?.(draft);
    },
  });
  const nameRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!focusOnShow || !nameRef.current) return;
    nameRef.current.focus();
    onFocused?.();
  }, [focusOnShow, onFocused]);
  const poll = useSubmitMutation({ mutationFn: () => refreshContract(contract), onSuccess: refresh });
  const download = useMutation({
    mutationFn: async (kind: 'document' | 'signed-document') => {
      const base = (contract.fileName ?? contract.name).replace(/\.pdf$/i, '');
      saveFile(
        await downloadContract(contract.id, kind),
        kind === 'signed-document' ? `${base}-signed.pdf` : `${base}.pdf`,
      );
    },
  });
  const manage = actions && contract.canManage;
  const hired = currentAssignment(assignments, swedishDayOf(new Date()));
  // The current assignment, and any earlier one left without an approver (its months may still wait).
  const shownAssignments = assignments.filter(
    (assignment) => assignment === hired.assignment || !assignment.approver,
  );
  const signed = contract.status === 'signed';
  const hireable = manage && canHire && signed && Boolean(contract.signer.userId);
  return (
    <Card component="li" variant="outlined" data-testid="contract" data-contract-id={contract.id}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Typography
            ref={nameRef}
            tabIndex={-1}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="contract-name"
          >
            {contract.name}
          </Typography>
          <ContractStatusChip status={contract.status} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {contract.companyName}
        </Typography>
        {contract.status === 'sent' && contract.isSigner && (
          // The signer's call to action: signing happens at the provider, so say where and how.
          <Alert
            severity="info"
            sx={{ mt: 1.5 }}
            ref={sentStatusRef}
            tabIndex={-1}
            data-testid="contract-sign-cta"
          >
            <AlertTitle>{t('signing.title')}</AlertTitle>
            {t(contract.signingVia === 'bankid' ? 'signing.bankid' : 'signing.email', {
              company: contract.companyName,
              email: contract.signer.email ?? '',
            })}
          </Alert>
        )}
        {contract.status === 'sent' && !contract.isSigner && (
          <Typography
            variant="body2"
            sx={{ mt: 1, '&:focus': { outline: 'none' } }}
            ref={sentStatusRef}
            tabIndex={-1}
            data-testid="contract-waiting-for"
          >
            {t(contract.signingVia === 'bankid' ? 'signing.waitingBankid' : 'signing.waitingEmail', {
              signer: personName(contract.signer),
            })}
          </Typography>
        )}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.25,
            my: 1.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          {contract.projectName && (
            <>
              <dt>{t('fields.project')}</dt>
              <dd data-testid="contract-project">{contract.projectName}</dd>
            </>
          )}
          <dt>{t('fields.signer')}</dt>
          <dd>{personName(contract.signer)}</dd>
          <dt>{t('fields.delegate')}</dt>
          <dd>{personName(contract.delegate)}</dd>
          <dt>{t('fields.modified')}</dt>
          <dd>{formatDateTime(contract.modifiedAt, i18n.language)}</dd>
          {shownAssignments.map((assignment) => (
            <Fragment key={assignment.id}>
              <dt>{t('fields.assignment')}</dt>
              <dd data-testid="assignment" data-assignment-id={assignment.id}>
                <AssignmentSummary
                  assignment={assignment}
                  actions={actions}
                  canListMembers={canListMembers}
                />
              </dd>
            </Fragment>
          ))}
        </Box>
        {manage && canHire && signed && !contract.signer.userId && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('messages:error.contractSignerNotUser')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {manage && contract.status === 'draft' && (
            <Button variant="contained" size="small" onClick={() => send.mutate()} disabled={send.isPending}>
              {t('actions.send')}
            </Button>
          )}
          {manage && canEdit && contract.status === 'draft' && (
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
              {t('actions.edit')}
            </Button>
          )}
          {hireable && !hired.running && (
            <Button variant="contained" size="small" onClick={() => setHiring(true)}>
              {t(hired.assignment ? 'hire.again' : 'hire.open')}
            </Button>
          )}
          {contract.status === 'signed' && (
            <Button
              variant={hireable && !hired.running ? 'outlined' : 'contained'}
              size="small"
              startIcon={<DownloadOutlined />}
              onClick={() => download.mutate('signed-document')}
            >
              {t('actions.downloadSigned')}
            </Button>
          )}
          <Button size="small" startIcon={<DownloadOutlined />} onClick={() => download.mutate('document')}>
            {t('actions.downloadOriginal')}
          </Button>
          {manage && canEdit && COPYABLE.has(contract.status) && (
            <Button variant="outlined" size="small" onClick={() => copy.mutate()} disabled={copy.isPending}>
              {t('actions.copy')}
            </Button>
          )}
          {manage && contract.status === 'sent' && (
            <Button size="small" onClick={() => poll.mutate()} disabled={poll.isPending}>
              {t('actions.refresh')}
            </Button>
          )}
          {manage && (contract.status === 'draft' || contract.status === 'sent') && (
            <Button
              size="small"
              color="error"
              onClick={() =>
                setCancelQuestion({ open: true, about: contract.status === 'sent' ? 'sent' : 'draft' })
              }
              disabled={cancel.isPending}
            >
              {t('actions.cancel')}
            </Button>
          )}
        </Box>
      </CardContent>
      {/* Cancelling is final: a draft can no longer be sent, a sent one is withdrawn from the signer. */}
      <ConfirmDialog
        open={cancelQuestion.open}
        title={t('cancelContract.title', { name: contract.name })}
        body={t(cancelQuestion.about === 'sent' ? 'cancelContract.bodySent' : 'cancelContract.bodyDraft', {
          name: contract.name,
          signer: personName(contract.signer),
        })}
        confirmLabel={t('cancelContract.confirm')}
        cancelLabel={t('cancelContract.keep')}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={closeCancelQuestion}
      />
      {editing && (
        <UploadContractDialog
          contract={contract}
          companies={[
            {
              id: contract.companyId,
              businessName: contract.companyName,
              permissions: canListMembers ? ['manage_members'] : [],
            },
          ]}
          onClose={() => setEditing(false)}
        />
      )}
      {hiring && (
        <HireDialog
          contract={contract}
          signerName={personName(contract.signer)}
          canListMembers={canListMembers}
          onClose={() => setHiring(false)}
        />
      )}
    </Card>
  );
}
