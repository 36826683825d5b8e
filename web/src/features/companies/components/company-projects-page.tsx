import { projectNameSchema } from '@mp/domain/companies';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showAlert } from '../../../lib/alerts';
import { formatDateTime } from '../../../lib/date-format';
import { handleGlobalError } from '../../../lib/errors';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { fieldErrorOf, firstFormIssue, formIssueText } from '../../../lib/validation';
import {
  companiesQueryKey,
  createProject,
  deleteProject,
  projectsQueryOptions,
  renameProject,
  type ProjectView,
} from '../api/companies';
import type { CompanyOutletContext } from './company-layout';

/** Company projects (app/company/projects): name and modified date, last modified first. */
export function CompanyProjectsPage() {
  const { t } = useTranslation('companies');
  const { company } = useOutletContext<CompanyOutletContext>();
  const projects = useQuery(projectsQueryOptions(company.id));
  const canManage = company.permissions.includes('manage_projects');
  const list = useRef<HTMLUListElement>(null);
  // After a deletion focus goes to the row now in its place (or the one before it), else to the name of a new
  // project.
  const focusAfterDeletion = useFocusAfterRemoval({
    items: projects.data,
    idOf: (project) => project.id,
    focus: (gone: { id: string; index: number }) => {
      const rows = list.current?.querySelectorAll<HTMLElement>('[data-testid="project"]') ?? [];
      const row = rows[Math.min(gone.index, rows.length - 1)];
      return row?.querySelector<HTMLElement>('button') ?? document.getElementById(NEW_PROJECT_NAME_ID);
    },
  });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {canManage && <ProjectNameForm companyId={company.id} />}
      {projects.data?.length === 0 && <Typography color="text.secondary">{t('projects.empty')}</Typography>}
      <Box
        component="ul"
        ref={list}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        data-testid="projects"
      >
        {projects.data?.map((project, index) => (
          <ProjectRow
            key={project.id}
            companyId={company.id}
            project={project}
            canManage={canManage}
            onDeleted={() => focusAfterDeletion({ id: project.id, index })}
          />
        ))}
      </Box>
    </Box>
  );
}

const NEW_PROJECT_NAME_ID = 'new-project-name';

function useRefreshProjects(companyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectsQueryOptions(companyId).queryKey }),
      queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
    ]);
}

/**
 * Adds a project, or renames one (`project`): the name's problems and the API's refusal (a name the company
 * already has) show at the input; Escape or Cancel leaves a rename without changing anything.
 */
function ProjectNameForm({
  companyId,
  project,
  onDone,
}: {
  companyId: string;
  project?: ProjectView;
  onDone?: () => void;
}) {
  const { t } = useTranslation(['companies', 'messages']);
  const refresh = useRefreshProjects(companyId);
  const [name, setName] = useState(project?.name ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const issue = firstFormIssue(projectNameSchema, name);
  const save = useSubmitMutation({
    mutationFn: () =>
      project ? renameProject(companyId, project.id, name.trim()) : createProject(companyId, name.trim()),
    meta: { handlesErrors: true },
    onError: (error) => {
      const text = fieldErrorOf(error, 'name', ['PROJECT_NAME_TAKEN']);
      if (text) setRefused(text);
      else handleGlobalError(error);
    },
    onSuccess: async (saved) => {
      await refresh();
      setName('');
      setSubmitted(false);
      onDone?.();
      if (project) showAlert(t('projects.renamed', { name: saved.project.name }), 'success');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!issue) save.mutate();
  };
  const problem = submitted && issue ? formIssueText(t, issue) : refused;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      data-testid={project ? 'project-rename-form' : 'project-create-form'}
    >
      <TextField
        size="small"
        label={project ? t('projects.newName') : t('projects.name')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setRefused(undefined);
        }}
        onKeyDown={(event) => {
          if (project && event.key === 'Escape') {
            event.preventDefault();
            onDone?.();
          }
        }}
        error={Boolean(problem)}
        helperText={problem}
        sx={{ flex: 1, maxWidth: 420 }}
        autoFocus={Boolean(project)}
        id={project ? undefined : NEW_PROJECT_NAME_ID}
      />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 0.25 }}>
        {project ? t('projects.rename') : t('projects.create')}
      </Button>
      {project && (
        <Button onClick={onDone} sx={{ mt: 0.25 }}>
          {t('projects.cancel')}
        </Button>
      )}
    </Box>
  );
}

function ProjectRow({
  companyId,
  project,
  canManage,
  onDeleted,
}: {
  companyId: string;
  project: ProjectView;
  canManage: boolean;
  /** The project was deleted: told before the list is fetched again without its row (and its focused button). */
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation('companies');
  const refresh = useRefreshProjects(companyId);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from renaming (saved, cancelled or Escape): focus returns to the button that started it.
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const remove = useSubmitMutation({
    mutationFn: () => deleteProject(companyId, project.id),
    onSuccess: async () => {
      onDeleted();
      await refresh();
      showAlert(t('projects.deleted', { name: project.name }), 'success');
    },
    onSettled: () => setConfirmingDelete(false),
  });
  if (editing) {
    return (
      <Card component="li" variant="outlined" sx={{ p: 1.5 }}>
        <ProjectNameForm companyId={companyId} project={project} onDone={() => setEditing(false)} />
      </Card>
    );
  }
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}
      data-testid="project"
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{project.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('projects.modified', {
            date: formatDateTime(project.modifiedAt, i18n.language),
          })}
        </Typography>
      </Box>
      {canManage && (
        <>
          <IconButton
            ref={renameButton}
            aria-label={t('projects.renameLabel', { name: project.name })}
            onClick={() => setEditing(true)}
          >
            <EditOutlined />
          </IconButton>
          <IconButton
            aria-label={t('projects.deleteLabel', { name: project.name })}
            onClick={() => setConfirmingDelete(true)}
            disabled={remove.isPending}
          >
            <DeleteOutlined />
          </IconButton>
          {/* Deleting cannot be undone, and the project's contracts and assignments lose it: asked first. */}
          <ConfirmDialog
            open={confirmingDelete}
            title={t('projects.confirmDelete.title', { name: project.name })}
            body={t('projects.confirmDelete.body', { name: project.name })}
            confirmLabel={t('projects.confirmDelete.confirm')}
            busy={remove.isPending}
            onConfirm={() => remove.mutate()}
            onClose={() => setConfirmingDelete(false)}
          />
        </>
      )}
    </Card>
  );
}
