import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../admin-format';
import type { AuditEntry } from '../api/admin';
import {
  auditActionKey,
  auditActorText,
  auditProfilePartKey,
  auditSubjectKey,
  changedProfileParts,
} from '../audit-labels';

/**
 * Audit entries, newest first: when, what (in words), by whom, about what (when it is about something), and for
 * an admin's profile edit the parts it changed. The action's code and the actor's id, which support searches
 * the log by, are in the tooltips of the words rather than in the text.
 */
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
        {entries.map((entry) => {
          const subject =
            [
              entry.subjectType && t(auditSubjectKey(entry.subjectType), { defaultValue: entry.subjectType }),
              entry.subjectId,
            ]
              .filter(Boolean)
              .join(' ') || null;
          const actor = auditActorText(entry);
          const parts = changedProfileParts(entry);
          return (
            <ListItem key={entry.id} divider data-testid="audit-entry">
              <ListItemText
                primary={
                  <>
                    {formatDateTime(entry.at, i18n.language)}
                    {' · '}
                    <span data-testid="audit-action" data-code={entry.action} title={entry.action}>
                      {t(auditActionKey(entry.action), { defaultValue: entry.action })}
                    </span>
                  </>
                }
                secondary={
                  <>
                    <Box
                      component="span"
                      sx={{ display: 'block' }}
                      data-testid="audit-by"
                      title={entry.actorUserId ?? undefined}
                    >
                      {t(actor.key, actor.values)}
                      {subject && ` · ${t('audit.about', { subject })}`}
                    </Box>
                    {parts && (
                      <Box component="span" sx={{ display: 'block' }} data-testid="audit-parts">
                        {parts.length === 0
                          ? t('audit.nothingChanged')
                          : t('audit.changed', {
                              parts: parts
                                .map((part) => t(auditProfilePartKey(part), { defaultValue: part }))
                                .join(', '),
                            })}
                      </Box>
                    )}
                  </>
                }
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
