import {
  VOCABULARY_LABEL_MAX_LENGTH,
  vocabularyEntryInputSchema,
} from '@mp/api-contract/admin-vocabularies.schema';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { showSuccess } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { paths, VOCABULARY_KINDS, type VocabularyKind } from '../../../lib/paths';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { apiIssueTexts, formIssueOf, formIssueText } from '../../../lib/validation';
import {
  createVocabularyEntry,
  deleteVocabularyEntry,
  fetchVocabulary,
  fetchVocabularyChange,
  mergeVocabularyEntry,
  updateVocabularyEntry,
  type AdminVocabularyEntry,
  type AdminVocabularyKind,
  type VocabularyChange,
} from '../api/admin';

const API_KIND: Record<VocabularyKind, AdminVocabularyKind> = {
  'job-titles': 'jobTitles',
  skills: 'skills',
  languages: 'languages',
  degrees: 'degrees',
  'fields-of-study': 'fieldsOfStudy',
};
const PAGE_SIZE = 50;

/**
 * The vocabularies (god/vocabulary/job-titles, skills, languages, degrees, fields-of-study): entries with how
 * many profiles use them; rename, aliases, merge, and delete one no profile uses. A change reindexes the
 * affected profiles in the background; its progress shows until the index has them all.
 */
export function AdminVocabularyPage() {
  const { t } = useTranslation('admin');
  const localize = useLocalizedPath();
  const { pathname } = useLocation();
  const current = VOCABULARY_KINDS.find((kind) => pathname.endsWith(`/${kind}`)) ?? 'skills';
  return (
    <Page title={t('sections.vocabulary.title')} lead={t('sections.vocabulary.lead')}>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {VOCABULARY_KINDS.map((kind) => (
          <Tab
            key={kind}
            value={kind}
            label={t(`vocabulary.${kind}`)}
            href={localize(paths['god-vocabulary'](kind))}
          />
        ))}
      </Tabs>
      <VocabularyEditor key={current} kind={API_KIND[current]} />
    </Page>
  );
}

function VocabularyEditor({ kind }: { kind: AdminVocabularyKind }) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminVocabularyEntry | 'new' | null>(null);
  const [merging, setMerging] = useState<AdminVocabularyEntry | null>(null);
  const [deleting, setDeleting] = useState<AdminVocabularyEntry | null>(null);
  const [change, setChange] = useState<VocabularyChange | null>(null);
  const entries = useQuery({
    queryKey: ['admin', 'vocabulary', kind, q, page],
    queryFn: ({ signal }) => fetchVocabulary(kind, { q, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
  const pages = entries.data ? Math.max(1, Math.ceil(entries.data.total / PAGE_SIZE)) : 1;
  const list = useRef<HTMLUListElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  // After a deletion focus goes to the row now in its place (or the one before it), else to "New entry": the
  // deleted row's button is gone, and focus would fall to the page.
  const focusAfterDeletion = useFocusAfterRemoval({
    items: entries.data?.entries,
    idOf: (entry) => entry.id,
    focus: (gone: { id: string; index: number }) => {
      const rows = list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
      const row = rows[Math.min(gone.index, rows.length - 1)];
      return row?.querySelector<HTMLElement>('button') ?? newButton.current;
    },
    pending: deleting !== null,
  });
  return (
    <>
      {change && <ReindexProgress initial={change} onClose={() => setChange(null)} />}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          type="search"
          label={t('vocabulary.search')}
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
          sx={{ maxWidth: 420 }}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'vocabulary-search' } }}
        />
        <Button
          ref={newButton}
          variant="outlined"
          onClick={() => setEditing('new')}
          data-testid="vocabulary-new"
        >
          {t('vocabulary.new')}
        </Button>
      </Box>
      {entries.isPending ? (
        <PageSpinner />
      ) : entries.isError ? (
        <Alert severity="error">{describeError(entries.error)}</Alert>
      ) : entries.data.entries.length === 0 ? (
        <Typography color="text.secondary">{t('vocabulary.empty')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('vocabulary.total', { count: entries.data.total })}
          </Typography>
          <List ref={list} disablePadding data-testid="vocabulary-entries">
            {entries.data.entries.map((entry) => (
              <ListItem
                key={entry.id}
                divider
                disableGutters
                data-testid={`vocabulary-entry-${entry.id}`}
                sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
              >
                <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {entry.sv}
                    {entry.en !== entry.sv && (
                      <Typography component="span" color="text.secondary">
                        {' · '}
                        {entry.en}
                      </Typography>
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {entry.id}
                    {entry.aliases.length > 0 &&
                      ` · ${t('vocabulary.aliasesLine', { aliases: entry.aliases.join(', ') })}`}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  label={t('vocabulary.usage', { count: entry.usage })}
                  data-testid={`vocabulary-usage-${entry.id}`}
                />
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    size="small"
                    onClick={() => setEditing(entry)}
                    data-testid={`vocabulary-edit-${entry.id}`}
                  >
                    {t('vocabulary.edit')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setMerging(entry)}
                    data-testid={`vocabulary-merge-${entry.id}`}
                  >
                    {t('vocabulary.merge')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(entry)}
                    data-testid={`vocabulary-delete-${entry.id}`}
                  >
                    {t('vocabulary.delete')}
                  </Button>
                </Box>
              </ListItem>
            ))}
          </List>
          {pages > 1 && (
            <Pagination
              sx={{ mt: 2 }}
              count={pages}
              page={page}
              onChange={(_, next) => setPage(next)}
              getItemAriaLabel={(type, item) =>
                type === 'page' ? t('users.pageLabel', { page: item }) : t(`users.pager.${type}`)
              }
            />
          )}
        </>
      )}
      {editing && (
        <EditDialog kind={kind} entry={editing} onClose={() => setEditing(null)} onChanged={setChange} />
      )}
      {merging && (
        <MergeDialog kind={kind} entry={merging} onClose={() => setMerging(null)} onChanged={setChange} />
      )}
      {deleting && (
        <DeleteDialog
          kind={kind}
          entry={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() =>
            focusAfterDeletion({
              id: deleting.id,
              index: entries.data?.entries.findIndex((entry) => entry.id === deleting.id) ?? 0,
            })
          }
          onMerge={() => {
            setMerging(deleting);
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}

/** Polls the change until the index has every affected profile. */
function ReindexProgress({ initial, onClose }: { initial: VocabularyChange; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const progress = useQuery({
    queryKey: ['admin', 'vocabulary-change', initial.id],
    queryFn: ({ signal }) => fetchVocabularyChange(initial.id, signal),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.done ? false : 1000),
    meta: { handlesErrors: true },
  });
  const change = progress.data;
  const percent = change.profiles === 0 ? 100 : Math.round((change.indexed / change.profiles) * 100);
  return (
    <Alert
      severity={change.done ? 'success' : 'info'}
      onClose={onClose}
      sx={{ mb: 3 }}
      data-testid="vocabulary-reindex"
      data-done={change.done}
      role="status"
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {change.done
          ? t('vocabulary.reindexDone', { count: change.profiles })
          : t('vocabulary.reindexing', { indexed: change.indexed, count: change.profiles })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('vocabulary.progressLabel')}
        sx={{ minWidth: 240 }}
      />
    </Alert>
  );
}

interface DialogProps {
  kind: AdminVocabularyKind;
  entry: AdminVocabularyEntry;
  onClose: () => void;
  onChanged: (change: VocabularyChange) => void;
}

type EditField = 'sv' | 'en' | 'aliases';
const EDIT_FIELDS: readonly EditField[] = ['sv', 'en', 'aliases'];

/** The API's refusal per field of the dialog (an alias's issue, `aliases.2`, shows at the aliases). */
function refusalsOf(error: unknown): Map<EditField, string> {
  const refusals = new Map<EditField, string>();
  const texts = isApiError(error) ? apiIssueTexts(error.data) : null;
  for (const [path, text] of texts ?? []) {
    const field = EDIT_FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
    if (field && !refusals.has(field)) refusals.set(field, text);
  }
  return refusals;
}

/**
 * Renames an entry (labels, aliases), or creates one when `entry` is 'new'. A form: Enter in a field saves.
 * Each problem shows at its field, as the API words it: the browser's own check once Save was pressed, the
 * API's refusal until the field changes; anything else above the fields.
 */
function EditDialog({
  kind,
  entry,
  onClose,
  onChanged,
}: Omit<DialogProps, 'entry'> & { entry: AdminVocabularyEntry | 'new' }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const titleId = useId();
  const existing = entry === 'new' ? null : entry;
  const [form, setForm] = useState({
    sv: existing?.sv ?? '',
    en: existing?.en ?? '',
    aliases: existing?.aliases.join(', ') ?? '',
  });
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<ReadonlyMap<EditField, string>>(new Map());
  const body = {
    sv: form.sv,
    en: form.en,
    aliases: form.aliases
      .split(',')
      .map((alias) => alias.trim())
      .filter(Boolean),
  };
  const issues = new Map<EditField, string>();
  const parsed = vocabularyEntryInputSchema.safeParse(body);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as EditField;
    if (!issues.has(field)) issues.set(field, formIssueText(t, formIssueOf(issue)));
  }
  const save = useSubmitMutation({
    mutationFn: () =>
      existing ? updateVocabularyEntry(kind, existing.id, body) : createVocabularyEntry(kind, body),
    meta: { handlesErrors: true },
    onError: (error) => setRefused(refusalsOf(error)),
    onSuccess: async (result) => {
      onChanged(result.change);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'vocabulary', kind] });
    },
  });
  const problemOf = (field: EditField) => refused.get(field) ?? (tried ? issues.get(field) : undefined);
  const change = (field: EditField, value: string) => {
    setForm({ ...form, [field]: value });
    if (refused.has(field)) setRefused(new Map([...refused].filter(([name]) => name !== field)));
  };
  const labelField = (field: 'sv' | 'en') => {
    const problem = problemOf(field);
    return (
      <TextField
        label={t(field === 'sv' ? 'vocabulary.labelSv' : 'vocabulary.labelEn')}
        value={form[field]}
        onChange={(event) => change(field, event.target.value)}
        error={Boolean(problem)}
        helperText={
          problem ??
          t('vocabulary.labelLength', { count: form[field].length, max: VOCABULARY_LABEL_MAX_LENGTH })
        }
        slotProps={{
          htmlInput: {
            maxLength: VOCABULARY_LABEL_MAX_LENGTH,
            'data-testid': `vocabulary-label-${field}`,
          },
        }}
      />
    );
  };
  const aliasesProblem = problemOf('aliases');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form
        noValidate
        data-testid="vocabulary-edit-form"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (issues.size === 0) save.mutate();
        }}
      >
        <DialogTitle id={titleId}>
          {existing
            ? t('vocabulary.editTitle', { label: labelOf(existing, i18n.language) })
            : t('vocabulary.newTitle')}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {save.isError && refused.size === 0 && <Alert severity="error">{describeError(save.error)}</Alert>}
          {labelField('sv')}
          {labelField('en')}
          <TextField
            label={t('vocabulary.aliases')}
            helperText={aliasesProblem ?? t('vocabulary.aliasesHelp')}
            error={Boolean(aliasesProblem)}
            value={form.aliases}
            onChange={(event) => change('aliases', event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'vocabulary-aliases' } }}
          />
          {existing && (
            <Typography variant="body2" color="text.secondary">
              {t('vocabulary.reindexNote', { count: existing.usage })}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('vocabulary.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="vocabulary-save">
            {t('vocabulary.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** An entry's label in the page's language, as the admin reads it (the id is only the key). */
const labelOf = (entry: Pick<AdminVocabularyEntry, 'sv' | 'en'>, language: string) =>
  language === 'en' ? entry.en : entry.sv;

/** How many entries the merge picker offers for what is typed. */
const MERGE_SUGGESTIONS = 20;

/**
 * Merges an entry into another one, picked by label (or alias or id) from suggestions rather than typed as an
 * exact id: the admin list's search finds it, so "Go" finds the entry with id "go".
 */
function MergeDialog({ kind, entry, onClose, onChanged }: DialogProps) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [into, setInto] = useState<AdminVocabularyEntry | null>(null);
  const [typed, setTyped] = useState('');
  const suggestions = useQuery({
    queryKey: ['admin', 'vocabulary', kind, 'merge-into', typed.trim()],
    queryFn: ({ signal }) =>
      fetchVocabulary(kind, { q: typed.trim(), page: 1, pageSize: MERGE_SUGGESTIONS + 1 }, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
  const options = (suggestions.data?.entries ?? [])
    .filter((option) => option.id !== entry.id)
    .slice(0, MERGE_SUGGESTIONS);
  const merge = useMutation({
    mutationFn: () => mergeVocabularyEntry(kind, entry.id, into!.id),
    meta: { handlesErrors: true },
    onSuccess: async (result) => {
      onChanged(result.change);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'vocabulary', kind] });
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('vocabulary.mergeTitle', { label: labelOf(entry, i18n.language) })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {merge.isError && <Alert severity="error">{describeError(merge.error)}</Alert>}
        <Typography variant="body2">{t('vocabulary.mergeBody', { count: entry.usage })}</Typography>
        <Alert severity="warning" data-testid="vocabulary-merge-irreversible">
          {t('vocabulary.mergeIrreversible')}
        </Alert>
        <Autocomplete
          options={options}
          value={into}
          onChange={(_event, value) => setInto(value)}
          inputValue={typed}
          onInputChange={(_event, value) => setTyped(value)}
          // The API has searched already (label, alias or id); show what it found.
          filterOptions={(found) => found}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          getOptionLabel={(option) => labelOf(option, i18n.language)}
          loading={suggestions.isFetching}
          noOptionsText={t('vocabulary.mergeNoMatch')}
          loadingText={t('vocabulary.mergeSearching')}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props} data-testid={`vocabulary-merge-option-${option.id}`}>
              <Box>
                {labelOf(option, i18n.language)}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {t('vocabulary.mergeOption', { id: option.id, count: option.usage })}
                </Typography>
              </Box>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('vocabulary.mergeInto')}
              helperText={t('vocabulary.mergeIntoHelp')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'vocabulary-merge-into' },
              }}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('vocabulary.cancel')}</Button>
        <Button
          variant="contained"
          disabled={merge.isPending || !into}
          onClick={() => merge.mutate()}
          data-testid="vocabulary-confirm-merge"
        >
          {t('vocabulary.merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Asks before deleting an entry. One that profiles use cannot be deleted: the dialog says how many use it and
 * offers the merge instead (the API refuses it too, should it have come into use since the list was loaded).
 */
function DeleteDialog({
  kind,
  entry,
  onClose,
  onDeleted,
  onMerge,
}: Omit<DialogProps, 'onChanged'> & { onDeleted: () => void; onMerge: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const label = labelOf(entry, i18n.language);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteVocabularyEntry(kind, entry.id),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      showSuccess(t('vocabulary.deleted', { label }));
      onDeleted();
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'vocabulary', kind] });
    },
    // Refused (it came into use meanwhile): the list shows its usage as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: ['admin', 'vocabulary', kind] }),
  });
  const inUse = entry.usage > 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="vocabulary-delete-title">
      <DialogTitle id="vocabulary-delete-title">{t('vocabulary.deleteTitle', { label })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {remove.isError && <Alert severity="error">{describeError(remove.error)}</Alert>}
        {inUse ? (
          <Alert severity="warning" data-testid="vocabulary-delete-in-use">
            {t('vocabulary.deleteInUse', { label, count: entry.usage })}
          </Alert>
        ) : (
          <Typography variant="body2">{t('vocabulary.deleteBody')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('vocabulary.cancel')}</Button>
        {inUse ? (
          <Button variant="contained" onClick={onMerge} data-testid="vocabulary-merge-instead">
            {t('vocabulary.mergeInstead')}
          </Button>
        ) : (
          <Button
            variant="contained"
            color="error"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid="vocabulary-confirm-delete"
          >
            {t('vocabulary.delete')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
