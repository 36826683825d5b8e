import type { ErrorCode } from '@mp/api-contract/error-codes';
import { CONTRACT_NAME_MAX_LENGTH, contractNameSchema } from '@mp/domain/companies';
import { emailSchema } from '@mp/domain/validation';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ListItemText from '@mui/material/ListItemText';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/alerts';
import { handleGlobalError } from '../../../lib/errors';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { fieldErrorOf, firstFormIssue, firstIssue, formIssueText, messageKey } from '../../../lib/validation';
import { displayName } from '../../../lib/display-name';
import {
  memberChoicesQueryOptions,
  projectChoicesQueryOptions,
  updateContract,
  uploadContract,
  type ContractView,
  type MemberChoice,
} from '../api/contracts';

interface UploadContractDialogProps {
  companies: { id: string; businessName: string; permissions: string[] }[];
  /** A draft to edit (its name, project and signer) instead of uploading a new contract. */
  contract?: ContractView;
  onClose: () => void;
}

/** A member in the signer list: the name with the e-mail address beneath, or the address alone without a name. */
function MemberOption({ member }: { member: MemberChoice }) {
  const name = [member.firstName?.trim(), member.lastName?.trim()].filter(Boolean).join(' ');
  return name && member.email ? (
    <ListItemText
      primary={name}
      secondary={member.email}
      sx={{ my: 0, overflowWrap: 'anywhere' }}
      slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
    />
  ) : (
    <ListItemText primary={displayName(member, member.email)} sx={{ my: 0, overflowWrap: 'anywhere' }} />
  );
}

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** The name a file suggests: its name without `.pdf`, cut to the longest name a contract may have. */
const nameOfFile = (file: File) => file.name.replace(/\.pdf$/i, '').slice(0, CONTRACT_NAME_MAX_LENGTH);

/** The API's refusals that concern one input of the dialog (by field), shown there instead of globally. */
const FIELD_CODES: Record<'file' | 'name' | 'signerUserId' | 'signerEmail' | 'projectId', ErrorCode[]> = {
  file: ['CONTRACT_FILE_REQUIRED', 'CONTRACT_MUST_BE_PDF', 'FILE_TOO_LARGE', 'ONE_FILE_ONLY'],
  name: [],
  signerUserId: ['MEMBER_NOT_FOUND', 'CONTRACT_SIGNER_REQUIRED'],
  signerEmail: ['CONTRACT_SIGNER_REQUIRED'],
  projectId: ['PROJECT_NOT_FOUND'],
};
type Field = keyof typeof FIELD_CODES;

/**
 * Uploads a contract as a draft: a PDF only (the API also checks the content), a name (suggested from the
 * file until the user types one), a signer and, optionally, the company's project it belongs to (an
 * assignment under the contract inherits it, and with it its time rows and bills). With `contract`, edits that
 * draft's name, project and signer until it is sent (the file stays).
 */
export function UploadContractDialog({ companies, contract, onClose }: UploadContractDialogProps) {
  const { t, i18n } = useTranslation(['contracts', 'messages']);
  const titleId = useId();
  const queryClient = useQueryClient();
  const editing = Boolean(contract);
  const [companyId, setCompanyId] = useState(contract?.companyId ?? companies[0]?.id ?? '');
  const company = companies.find((c) => c.id === companyId);
  const canListMembers = Boolean(company?.permissions.includes('manage_members'));
  const members = useQuery({ ...memberChoicesQueryOptions(companyId), enabled: canListMembers });
  const projects = useQuery({ ...projectChoicesQueryOptions(companyId), enabled: Boolean(companyId) });
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState(contract?.name ?? '');
  // Whether the name is the user's own (then a newly chosen file does not replace it) or the file's.
  const [nameTyped, setNameTyped] = useState(false);
  const [projectId, setProjectId] = useState(contract?.projectId ?? '');
  // The draft's signer, a member, is offered even to someone who may not list the members (then the only one).
  const currentSigner: MemberChoice | null = contract?.signer.userId
    ? {
        userId: contract.signer.userId,
        firstName: contract.signer.name,
        lastName: null,
        email: contract.signer.email ?? '',
      }
    : null;
  const memberChoices = canListMembers ? (members.data ?? []) : currentSigner ? [currentSigner] : [];
  const offersMembers = canListMembers || Boolean(currentSigner);
  const [signerKind, setSignerKind] = useState<'member' | 'email'>(
    contract ? (contract.signer.userId ? 'member' : 'email') : canListMembers ? 'member' : 'email',
  );
  const [signerUserId, setSignerUserId] = useState(contract?.signer.userId ?? '');
  const [signerEmail, setSignerEmail] = useState(
    contract && !contract.signer.userId ? (contract.signer.email ?? '') : '',
  );
  const [submitted, setSubmitted] = useState(false);
  // The API's refusal of an input, shown there until that input changes.
  const [refused, setRefused] = useState<Partial<Record<Field, string>>>({});
  const clearRefused = (field: Field) =>
    setRefused((current) => (current[field] ? { ...current, [field]: undefined } : current));

  // By name, as a person looks for one (the API lists them last modified first).
  const sortedProjects = [...(projects.data ?? [])].sort((a, b) =>
    a.name.localeCompare(b.name, i18n.language),
  );

  const fileIssue = editing
    ? null
    : !file
      ? 'contracts:upload.fileRequired'
      : !isPdf(file)
        ? 'messages:validation.contractMustBePdf'
        : null;
  // An empty name is fine for an upload (the API names the contract after its file), not for a draft's edit.
  const nameIssue = name.trim() || editing ? firstFormIssue(contractNameSchema, name) : undefined;
  const emailIssue = signerKind === 'email' ? firstIssue(emailSchema, signerEmail) : undefined;
  const memberIssue = signerKind === 'member' && !signerUserId ? 'contracts:upload.signerRequired' : null;

  const upload = useSubmitMutation({
    mutationFn: async (): Promise<{ contract: ContractView; message?: string }> => {
      if (contract) {
        return updateContract(contract, {
          name: name.trim(),
          projectId: projectId || null,
          signerUserId: signerKind === 'member' ? signerUserId : null,
          signerEmail: signerKind === 'email' ? signerEmail.trim() : null,
        });
      }
      const form = new FormData();
      if (name.trim()) form.append('name', name.trim());
      if (signerKind === 'member') form.append('signerUserId', signerUserId);
      else form.append('signerEmail', signerEmail.trim());
      if (projectId) form.append('projectId', projectId);
      form.append('file', file as File);
      return uploadContract(companyId, form);
    },
    meta: { handlesErrors: true },
    onError: (error) => {
      const byField: Partial<Record<Field, string>> = {};
      for (const field of Object.keys(FIELD_CODES) as Field[]) {
        const text = fieldErrorOf(error, field, FIELD_CODES[field]);
        if (text) byField[field] = text;
      }
      if (Object.keys(byField).length > 0) setRefused(byField);
      else handleGlobalError(error);
    },
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      onClose();
      if (message) showAlert(message, 'success');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!fileIssue && !nameIssue && !emailIssue && !memberIssue && companyId) upload.mutate();
  };

  const changeCompany = (id: string) => {
    setCompanyId(id);
    // The signer and the project were chosen among the other company's.
    setSignerUserId('');
    setProjectId('');
    if (!companies.find((c) => c.id === id)?.permissions.includes('manage_members')) setSignerKind('email');
    setRefused({});
  };

  const fileText = refused.file ?? (submitted && fileIssue ? t(fileIssue) : null);
  const nameLength = { count: name.trim().length, max: CONTRACT_NAME_MAX_LENGTH };
  // Shown as the user types: a name over the limit says the limit, in the API's words.
  const nameText =
    refused.name ?? (nameIssue && (submitted || name.trim()) ? formIssueText(t, nameIssue) : undefined);
  const signerText = refused.signerUserId ?? (submitted && memberIssue ? t(memberIssue) : undefined);
  const emailText = refused.signerEmail ?? (submitted && emailIssue ? t(messageKey(emailIssue)) : undefined);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="upload-contract-dialog">
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {editing ? t('edit.title') : t('upload.title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {!editing && companies.length > 1 && (
              <TextField
                select
                label={t('upload.company')}
                value={companyId}
                onChange={(e) => changeCompany(e.target.value)}
              >
                {companies.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.businessName}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {!editing && (
              <div>
                {/* A button that opens the hidden file input (a label styled as a button is no button to assistive
                  technology). */}
                <Button variant="outlined" onClick={() => fileInput.current?.click()}>
                  {t('upload.chooseFile')}
                </Button>
                <input
                  ref={fileInput}
                  hidden
                  type="file"
                  accept="application/pdf,.pdf"
                  data-testid="contract-file"
                  onChange={(event) => {
                    const chosen = event.target.files?.[0] ?? null;
                    setFile(chosen);
                    clearRefused('file');
                    // The name follows the file until the user has typed one of their own.
                    if (chosen && (!nameTyped || !name.trim())) {
                      setName(nameOfFile(chosen));
                      setNameTyped(false);
                      clearRefused('name');
                    }
                  }}
                />
                <Typography
                  variant="body2"
                  sx={{ mt: 1, overflowWrap: 'anywhere' }}
                  color={fileText ? 'error' : 'text.secondary'}
                  data-testid="contract-file-status"
                >
                  {fileText ?? file?.name ?? t('upload.pdfOnly')}
                </Typography>
              </div>
            )}
            <TextField
              label={t('upload.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setNameTyped(true);
                clearRefused('name');
              }}
              name="name"
              error={Boolean(nameText)}
              helperText={
                nameText ?? (editing ? t('edit.nameHelp', nameLength) : t('upload.nameHelp', nameLength))
              }
              slotProps={{ htmlInput: { 'data-testid': 'contract-name' } }}
            />
            <TextField
              select
              label={t('upload.project')}
              value={projectId}
              onChange={(e) => {
                setProjectId(e.target.value);
                clearRefused('projectId');
              }}
              error={Boolean(refused.projectId)}
              helperText={
                refused.projectId ??
                (projects.data?.length === 0 ? t('upload.noProjectsYet') : t('upload.projectHelp'))
              }
              data-testid="contract-project"
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">
                <em>{t('upload.noProject')}</em>
              </MenuItem>
              {sortedProjects.map((project) => (
                <MenuItem key={project.id} value={project.id}>
                  {project.name}
                </MenuItem>
              ))}
            </TextField>
            <RadioGroup
              row
              value={signerKind}
              onChange={(event) => setSignerKind(event.target.value as 'member' | 'email')}
              aria-label={t('upload.signer')}
            >
              {offersMembers && (
                <FormControlLabel value="member" control={<Radio />} label={t('upload.signerMember')} />
              )}
              <FormControlLabel value="email" control={<Radio />} label={t('upload.signerEmail')} />
            </RadioGroup>
            {signerKind === 'member' ? (
              <TextField
                select
                label={t('upload.signer')}
                value={signerUserId}
                onChange={(e) => {
                  setSignerUserId(e.target.value);
                  clearRefused('signerUserId');
                }}
                error={Boolean(signerText)}
                helperText={signerText}
                data-testid="contract-signer-member"
                slotProps={{
                  select: {
                    // The chosen member by name (the address without one); the list shows both.
                    renderValue: (value) => {
                      const chosen = memberChoices.find((member) => member.userId === value);
                      return chosen ? displayName(chosen, chosen.email) : '';
                    },
                  },
                }}
              >
                {memberChoices.map((member) => (
                  <MenuItem key={member.userId} value={member.userId}>
                    <MemberOption member={member} />
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                label={t('upload.email')}
                type="email"
                name="signerEmail"
                value={signerEmail}
                onChange={(e) => {
                  setSignerEmail(e.target.value);
                  clearRefused('signerEmail');
                }}
                error={Boolean(emailText)}
                helperText={emailText}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('upload.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={upload.isPending}
            data-testid="contract-upload-submit"
          >
            {editing ? t('edit.submit') : t('upload.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
