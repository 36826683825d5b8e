import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../admin-format';
import type { AuditEntry } from '../api/admin';

/** Audit entries, newest first: when, what, by whom, about what. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  if (entries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('audit.empty')}
      </Typography>
    );
  }
  return (
    <Paper variant="outlined">
      <List disablePadding data-testid="audit-list">
        {entries.map((entry) => (
          <ListItem key={entry.id} divider>
            <ListItemText
              primary={`${formatDateTime(entry.at, i18n.language)} · ${entry.action}`}
              secondary={t('audit.entry', {
                actor: entry.actorUserId ?? '–',
                subject: [entry.subjectType, entry.subjectId].filter(Boolean).join(' ') || '–',
              })}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
