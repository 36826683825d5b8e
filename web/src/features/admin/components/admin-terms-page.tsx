import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { describeError } from '../../../lib/errors';
import { formatDateTime } from '../admin-format';
import {
  createTermsDraft,
  fetchTermsVersions,
  publishTerms,
  updateTermsDraft,
  type TermsKind,
  type TermsVersion,
} from '../api/admin';

const KINDS: TermsKind[] = ['users', 'privacy', 'cookies'];
const termsKey = ['admin', 'terms'] as const;

/** Terms versions (god/terms): one draft per kind, edited in both languages, then published. */
export function AdminTermsPage() {
  const { t } = useTranslation('admin');
  const [kind, setKind] = useState<TermsKind>('users');
  const versions = useQuery({
    queryKey: termsKey,
    queryFn: ({ signal }) => fetchTermsVersions(signal),
    meta: { handlesErrors: true },
  });
  return (
    <Page title={t('sections.terms.title')} lead={t('sections.terms.lead')}>
      <Tabs
        value={kind}
        onChange={(_, next: TermsKind) => setKind(next)}
        variant="scrollable"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {KINDS.map((k) => (
          <Tab key={k} value={k} label={t(`terms.kinds.${k}`)} data-testid={`terms-tab-${k}`} />
        ))}
      </Tabs>
      {versions.isPending ? (
        <PageSpinner />
      ) : versions.isError ? (
        <Alert severity="error">{describeError(versions.error)}</Alert>
      ) : (
        <KindVersions
          key={kind}
          kind={kind}
          versions={versions.data.versions.filter((v) => v.kind === kind)}
        />
      )}
    </Page>
  );
}

function KindVersions({ kind, versions }: { kind: TermsKind; versions: TermsVersion[] }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const draft = versions.find((v) => v.status === 'draft');
  const published = versions.filter((v) => v.status === 'published');
  const latest = published[0];
  const [texts, setTexts] = useState({
    bodySv: draft?.bodySv ?? latest?.bodySv ?? '',
    bodyEn: draft?.bodyEn ?? latest?.bodyEn ?? '',
  });
  const [editing, setEditing] = useState(Boolean(draft));
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: termsKey });

  const saveDraft = useMutation({
    mutationFn: () => (draft ? updateTermsDraft(draft.id, texts) : createTermsDraft({ kind, ...texts })),
    onSuccess: async () => {
      showSuccess(t('terms.draftSaved'));
      await refresh();
    },
  });
  const publish = useMutation({
    mutationFn: (id: string) => publishTerms(id),
    onSuccess: async (version) => {
      setConfirming(false);
      setEditing(false);
      showSuccess(t('terms.published', { version: version.version }));
      await refresh();
    },
  });

  return (
    <>
      {editing ? (
        <Card variant="outlined" sx={{ mb: 4 }}>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
              {draft ? t('terms.draftTitle', { version: draft.version }) : t('terms.newDraft')}
            </Typography>
            <TextField
              label={t('terms.bodySv')}
              multiline
              minRows={6}
              value={texts.bodySv}
              onChange={(event) => setTexts({ ...texts, bodySv: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'terms-body-sv' } }}
            />
            <TextField
              label={t('terms.bodyEn')}
              multiline
              minRows={6}
              value={texts.bodyEn}
              onChange={(event) => setTexts({ ...texts, bodyEn: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'terms-body-en' } }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                onClick={() => saveDraft.mutate()}
                disabled={saveDraft.isPending || !texts.bodySv.trim() || !texts.bodyEn.trim()}
                data-testid="terms-save-draft"
              >
                {t('terms.saveDraft')}
              </Button>
              {draft && (
                <Button variant="contained" onClick={() => setConfirming(true)} data-testid="terms-publish">
                  {t('terms.publish')}
                </Button>
              )}
            </Box>
          </CardContent>
        </Card>
      ) : (
        <Button
          variant="contained"
          sx={{ mb: 4 }}
          onClick={() => setEditing(true)}
          data-testid="terms-new-draft"
        >
          {t('terms.newDraft')}
        </Button>
      )}
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('terms.publishedTitle')}
      </Typography>
      {published.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('terms.nonePublished')}
        </Typography>
      ) : (
        <List disablePadding data-testid="terms-versions">
          {published.map((version) => (
            <ListItem key={version.id} divider disableGutters>
              <ListItemText
                primary={t('terms.versionLine', { version: version.version })}
                secondary={t('terms.versionDetails', {
                  published: formatDateTime(version.publishedAt, i18n.language),
                  effective: formatDateTime(version.effectiveAt, i18n.language),
                  acceptances: version.acceptances,
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('terms.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('terms.confirmBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('terms.cancel')}</Button>
          <Button
            variant="contained"
            disabled={publish.isPending}
            onClick={() => draft && publish.mutate(draft.id)}
            data-testid="terms-confirm-publish"
          >
            {t('terms.publish')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
