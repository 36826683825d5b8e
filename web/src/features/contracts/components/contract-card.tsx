import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/alerts';
import { saveFile } from '../../../lib/save-file';
import {
  cancelContract,
  downloadContract,
  refreshContract,
  sendContract,
  type ContractView,
} from '../api/contracts';
import { ContractStatusChip } from './contract-status-chip';

function personName(person: ContractView['signer']): string {
  return person.name ?? person.email ?? '–';
}

/** One contract: status, signer and delegate, modified date, and what the caller may do with it. */
export function ContractCard({ contract, actions = true }: { contract: ContractView; actions?: boolean }) {
  const { t, i18n } = useTranslation('contracts');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['session'] });
  const send = useMutation({
    mutationFn: () => sendContract(contract),
    onSuccess: async ({ message }) => {
      await refresh();
      showAlert(message, 'success');
    },
  });
  const cancel = useMutation({ mutationFn: () => cancelContract(contract), onSuccess: refresh });
  const poll = useMutation({ mutationFn: () => refreshContract(contract), onSuccess: refresh });
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
  return (
    <Card component="li" variant="outlined" data-testid="contract" data-contract-id={contract.id}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{contract.name}</Typography>
          <ContractStatusChip status={contract.status} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {contract.companyName}
          {contract.projectName ? ` · ${contract.projectName}` : ''}
        </Typography>
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
          <dt>{t('fields.signer')}</dt>
          <dd>{personName(contract.signer)}</dd>
          <dt>{t('fields.delegate')}</dt>
          <dd>{personName(contract.delegate)}</dd>
          <dt>{t('fields.modified')}</dt>
          <dd>
            {new Date(contract.modifiedAt).toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          </dd>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {manage && contract.status === 'draft' && (
            <Button variant="contained" size="small" onClick={() => send.mutate()} disabled={send.isPending}>
              {t('actions.send')}
            </Button>
          )}
          {contract.status === 'signed' && (
            <Button
              variant="contained"
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
          {manage && contract.status === 'sent' && (
            <Button size="small" onClick={() => poll.mutate()} disabled={poll.isPending}>
              {t('actions.refresh')}
            </Button>
          )}
          {manage && (contract.status === 'draft' || contract.status === 'sent') && (
            <Button size="small" color="error" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {t('actions.cancel')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
