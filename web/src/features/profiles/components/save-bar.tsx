import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusWhenSettled } from '../../../lib/focus-if-lost';

interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  problemCount: number;
  onUndo: () => void;
  /** Shown above the status while there are unsaved changes (a save the API refused). */
  notice?: ReactNode;
}

/** Stays at the bottom of the screen under the form: what is unsaved, and the save button (a submit). */
export function SaveBar({ dirty, saving, problemCount, onUndo, notice }: SaveBarProps) {
  const { t } = useTranslation('profiles');
  const status = problemCount > 0 ? 'problems' : dirty ? 'unsaved' : 'saved';
  // The save button is disabled while saving (and stays so once saved): focus comes to what the save ended in.
  const statusRef = useRef<HTMLDivElement>(null);
  useFocusWhenSettled(saving, statusRef);
  return (
    <Paper
      elevation={0}
      sx={{
        // It follows the screen only while there is something to save; otherwise it rests under the form.
        position: dirty || status === 'problems' ? 'sticky' : 'static',
        bottom: { xs: 8, sm: 16 },
        zIndex: 2,
        p: { xs: 1.5, sm: 2 },
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        flexWrap: 'wrap',
        border: '1px solid',
        borderColor: status === 'problems' ? 'error.main' : dirty ? 'primary.light' : 'divider',
        boxShadow: dirty || status === 'problems' ? '0 8px 24px rgba(27, 42, 53, 0.16)' : 'none',
        bgcolor: 'background.paper',
      }}
    >
      {dirty && notice}
      <Box
        role="status"
        ref={statusRef}
        tabIndex={-1}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
        data-testid="save-status"
      >
        {status === 'problems' ? (
          <ErrorOutlineOutlined color="error" aria-hidden />
        ) : status === 'saved' ? (
          <CheckCircleOutlined color="success" aria-hidden />
        ) : null}
        <Typography
          variant="body2"
          sx={{ fontWeight: 550 }}
          color={status === 'problems' ? 'error' : 'text.primary'}
        >
          {status === 'problems'
            ? t('edit.saveBar.problems', { count: problemCount })
            : status === 'unsaved'
              ? t('edit.saveBar.unsaved')
              : t('edit.saveBar.saved')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        {dirty && (
          <Button onClick={onUndo} disabled={saving}>
            {t('edit.saveBar.undo')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={saving || !dirty} data-testid="profile-save">
          {saving ? t('edit.saveBar.saving') : t('edit.saveBar.save')}
        </Button>
      </Box>
    </Paper>
  );
}
