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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { firstIssue, messageKey } from '../../../lib/validation';
import { displayName } from '../../../lib/display-name';
import { memberChoicesQueryOptions, uploadContract } from '../api/contracts';

interface UploadContractDialogProps {
  companies: { id: string; businessName: string; permissions: string[] }[];
  onClose: () => void;
}

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** Uploads a contract as a draft: a PDF only (the API also checks the content), a name and a signer. */
export function UploadContractDialog({ companies, onClose }: UploadContractDialogProps) {
  const { t } = useTranslation(['contracts', 'messages']);
  const titleId = useId();
  const queryClient = useQueryClient();
  const [companyId, setCompanyId] = useState(companies[0]?.id ?? '');
  const company = companies.find((c) => c.id === companyId);
  const canListMembers = Boolean(company?.permissions.includes('manage_members'));
  const members = useQuery({ ...memberChoicesQueryOptions(companyId), enabled: canListMembers });
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [signerKind, setSignerKind] = useState<'member' | 'email'>(canListMembers ? 'member' : 'email');
  const [signerUserId, setSignerUserId] = useState('');
  const [signerEmail, setSignerEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const fileIssue = !file
    ? 'contracts:upload.fileRequired'
    : !isPdf(file)
      ? 'messages:validation.contractMustBePdf'
      : null;
  const emailIssue = signerKind === 'email' ? firstIssue(emailSchema, signerEmail) : undefined;
  const memberIssue = signerKind === 'member' && !signerUserId ? 'contracts:upload.signerRequired' : null;

  const upload = useMutation({
    mutationFn: () => {
      const form = new FormData();
      if (name.trim()) form.append('name', name.trim());
      if (signerKind === 'member') form.append('signerUserId', signerUserId);
      else form.append('signerEmail', signerEmail.trim());
      form.append('file', file as File);
      return uploadContract(companyId, form);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!fileIssue && !emailIssue && !memberIssue && companyId) upload.mutate();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="upload-contract-dialog">
        <DialogTitle id={titleId}>{t('upload.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {companies.length > 1 && (
              <TextField
                select
                label={t('upload.company')}
                value={companyId}
                onChange={(e) => setCompanyId(e.target.value)}
              >
                {companies.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.businessName}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <div>
              <Button variant="outlined" component="label">
                {t('upload.chooseFile')}
                <input
                  hidden
                  type="file"
                  accept="application/pdf,.pdf"
                  data-testid="contract-file"
                  onChange={(event) => {
                    const chosen = event.target.files?.[0] ?? null;
                    setFile(chosen);
                    if (chosen && !name) setName(chosen.name.replace(/\.pdf$/i, ''));
                  }}
                />
              </Button>
              <Typography
                variant="body2"
                sx={{ mt: 1, overflowWrap: 'anywhere' }}
                color={submitted && fileIssue ? 'error' : 'text.secondary'}
              >
                {submitted && fileIssue ? t(fileIssue) : (file?.name ?? t('upload.pdfOnly'))}
              </Typography>
            </div>
            <TextField
              label={t('upload.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              name="name"
            />
            <RadioGroup
              row
              value={signerKind}
              onChange={(event) => setSignerKind(event.target.value as 'member' | 'email')}
              aria-label={t('upload.signer')}
            >
              {canListMembers && (
                <FormControlLabel value="member" control={<Radio />} label={t('upload.signerMember')} />
              )}
              <FormControlLabel value="email" control={<Radio />} label={t('upload.signerEmail')} />
            </RadioGroup>
            {signerKind === 'member' ? (
              <TextField
                select
                label={t('upload.signer')}
                value={signerUserId}
                onChange={(e) => setSignerUserId(e.target.value)}
                error={submitted && Boolean(memberIssue)}
                helperText={submitted && memberIssue ? t(memberIssue) : undefined}
                data-testid="contract-signer-member"
              >
                {members.data?.map((member) => (
                  <MenuItem key={member.userId} value={member.userId}>
                    {displayName(member, member.email)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                label={t('upload.email')}
                type="email"
                name="signerEmail"
                value={signerEmail}
                onChange={(e) => setSignerEmail(e.target.value)}
                error={submitted && Boolean(emailIssue)}
                helperText={submitted && emailIssue ? t(messageKey(emailIssue)) : undefined}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('upload.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={upload.isPending}>
            {t('upload.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
