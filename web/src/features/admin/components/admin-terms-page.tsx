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
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, LeaveDialog } from '../../../components/ui/confirm-dialog';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { describeError } from '../../../lib/errors';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { formatDateTime } from '../admin-format';
import {
  createTermsDraft,
  deleteTermsDraft,
  fetchTermsVersions,
  publishTerms,
  updateTermsDraft,
  type TermsKind,
  type TermsVersion,
} from '../api/admin';

const KINDS: TermsKind[] = ['users', 'privacy', 'cookies'];
const termsKey = ['admin', 'terms'] as const;

/** Where the keyboard focus goes once an action is done (its button was disabled or removed meanwhile). */
type FocusTarget = 'draft' | 'save' | 'published' | 'newDraft';

/**
 * Terms versions (god/terms): one draft per kind, edited in both languages, then published. Each kind's editor
 * stays mounted while another tab is shown, so switching tabs keeps what was typed; leaving the page with
 * unsaved text asks first.
 */
export function AdminTermsPage() {
  const { t } = useTranslation('admin');
  const [kind, setKind] = useState<TermsKind>('users');
  const [dirtyKinds, setDirtyKinds] = useState<ReadonlySet<TermsKind>>(new Set());
  const leaving = useUnsavedChangesGuard(dirtyKinds.size > 0);
  const markDirty = useCallback((changed: TermsKind, dirty: boolean) => {
    setDirtyKinds((current) => {
      if (current.has(changed) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(changed);
      else next.delete(changed);
      return next;
    });
  }, []);
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
        // Arrows show that more tabs are there at narrow widths, phones included (a clipped last tab hid them).
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {KINDS.map((k) => (
          <Tab
            key={k}
            value={k}
            label={
              dirtyKinds.has(k)
                ? t('terms.unsavedTab', { kind: t(`terms.kinds.${k}`) })
                : t(`terms.kinds.${k}`)
            }
            id={`terms-tab-${k}`}
            aria-controls={`terms-panel-${k}`}
            data-testid={`terms-tab-${k}`}
          />
        ))}
      </Tabs>
      {versions.isPending ? (
        <PageSpinner />
      ) : versions.isError ? (
        <Alert severity="error">{describeError(versions.error)}</Alert>
      ) : (
        KINDS.map((k) => (
          <Box
            key={k}
            role="tabpanel"
            id={`terms-panel-${k}`}
            aria-labelledby={`terms-tab-${k}`}
            hidden={k !== kind}
            data-testid={`terms-panel-${k}`}
          >
            <KindVersions
              kind={k}
              versions={versions.data.versions.filter((v) => v.kind === k)}
              onDirtyChange={markDirty}
            />
          </Box>
        ))
      )}
      <LeaveDialog
        blocker={leaving}
        title={t('terms.leave.title')}
        body={t('terms.leave.body')}
        stayLabel={t('terms.leave.stay')}
        leaveLabel={t('terms.leave.leave')}
      />
    </Page>
  );
}

function KindVersions({
  kind,
  versions,
  onDirtyChange,
}: {
  kind: TermsKind;
  versions: TermsVersion[];
  onDirtyChange: (kind: TermsKind, dirty: boolean) => void;
}) {
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
  const [discarding, setDiscarding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: termsKey });
  // Pressing New version, Save draft, Publish or Discard disables or removes the button pressed, which drops
  // the keyboard focus to the page: once the result is shown, it goes where that result is.
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const bodySvRef = useRef<HTMLTextAreaElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const publishedRef = useRef<HTMLHeadingElement>(null);
  const newDraftRef = useRef<HTMLButtonElement>(null);
  // Unsaved: the fields differ from the stored draft (or, before there is one, from the text they started with).
  const stored = draft ?? latest;
  const dirty =
    editing && (texts.bodySv !== (stored?.bodySv ?? '') || texts.bodyEn !== (stored?.bodyEn ?? ''));
  const complete = Boolean(texts.bodySv.trim() && texts.bodyEn.trim());
  useEffect(() => onDirtyChange(kind, dirty), [onDirtyChange, kind, dirty]);

  const saveDraft = useMutation({
    mutationFn: () => (draft ? updateTermsDraft(draft.id, texts) : createTermsDraft({ kind, ...texts })),
    onSuccess: async () => {
      showSuccess(t('terms.draftSaved'));
      await refresh();
    },
    onSettled: () => setFocusTarget('save'),
  });
  // A saved draft is deleted; one never saved is only dropped here. Either way the fields start again from the
  // published text.
  const endDraft = () => {
    setDiscarding(false);
    setEditing(false);
    setTexts({ bodySv: latest?.bodySv ?? '', bodyEn: latest?.bodyEn ?? '' });
    setFocusTarget('newDraft');
  };
  const discard = useMutation({
    mutationFn: (id: string) => deleteTermsDraft(id),
    onSuccess: async () => {
      await refresh();
      endDraft();
      showSuccess(t('terms.discarded'));
    },
  });
  // What is published is what the fields show: unsaved changes are saved into the draft first.
  const publish = useMutation({
    mutationFn: async (id: string) => {
      if (dirty) await updateTermsDraft(id, texts);
      return publishTerms(id);
    },
    onError: () => refresh(),
    onSuccess: async (version) => {
      setConfirming(false);
      setEditing(false);
      showSuccess(t('terms.published', { version: version.version }));
      await refresh();
      setFocusTarget('published');
    },
  });
  const busy = saveDraft.isPending || publish.isPending || discard.isPending;
  useEffect(() => {
    if (!focusTarget || busy) return;
    const element = {
      draft: bodySvRef,
      save: saveRef,
      published: publishedRef,
      newDraft: newDraftRef,
    }[focusTarget].current;
    if (!element || (element instanceof HTMLButtonElement && element.disabled)) return;
    element.focus();
    setFocusTarget(null);
  }, [focusTarget, busy]);

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
              inputRef={bodySvRef}
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
                disabled={saveDraft.isPending || !complete}
                ref={saveRef}
                data-testid="terms-save-draft"
              >
                {t('terms.saveDraft')}
              </Button>
              {draft && (
                <Button
                  variant="contained"
                  onClick={() => setConfirming(true)}
                  disabled={!complete}
                  data-testid="terms-publish"
                >
                  {t('terms.publish')}
                </Button>
              )}
              <Button
                color="error"
                onClick={() => (draft || dirty ? setDiscarding(true) : endDraft())}
                disabled={busy}
                data-testid="terms-discard"
              >
                {t('terms.discard')}
              </Button>
            </Box>
          </CardContent>
        </Card>
      ) : (
        <Button
          variant="contained"
          sx={{ mb: 4 }}
          onClick={() => {
            setEditing(true);
            setFocusTarget('draft');
          }}
          ref={newDraftRef}
          data-testid="terms-new-draft"
        >
          {t('terms.newDraft')}
        </Button>
      )}
      <Typography
        variant="h2"
        sx={{ fontSize: '1.2rem', mb: 1, '&:focus': { outline: 'none' } }}
        ref={publishedRef}
        tabIndex={-1}
        data-testid="terms-published-title"
      >
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
      <ConfirmDialog
        open={discarding}
        title={t('terms.discardTitle')}
        body={draft ? t('terms.discardBody') : t('terms.discardUnsavedBody')}
        confirmLabel={t('terms.discard')}
        busy={discard.isPending}
        onConfirm={() => (draft ? discard.mutate(draft.id) : endDraft())}
        onClose={() => setDiscarding(false)}
      />
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('terms.confirmTitle')}</DialogTitle>
        <DialogContent>
          {dirty && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="terms-confirm-unsaved">
              {t('terms.confirmUnsaved')}
            </Alert>
          )}
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
