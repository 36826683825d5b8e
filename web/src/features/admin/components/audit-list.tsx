import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../admin-format';
import type { AuditEntry } from '../api/admin';
import { auditActionKey, auditProfilePartKey, auditSubjectKey, changedProfileParts } from '../audit-labels';

/**
 * Audit entries, newest first: when, what (in words, with the code beside it for support), by whom, about what,
 * and for an admin's profile edit the parts it changed.
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
          const subject = entry.subjectType
            ? t(auditSubjectKey(entry.subjectType), { defaultValue: entry.subjectType })
            : null;
          const parts = changedProfileParts(entry);
          return (
            <ListItem key={entry.id} divider data-testid="audit-entry">
              <ListItemText
                primary={
                  <>
                    {formatDateTime(entry.at, i18n.language)}
                    {' · '}
                    <span data-testid="audit-action">
                      {t(auditActionKey(entry.action), { defaultValue: entry.action })}
                    </span>
                  </>
                }
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block' }} data-testid="audit-by">
                      {t('audit.entry', {
                        // The name, else the e-mail address; the id of an actor no longer there.
                        actor: entry.actorName ?? entry.actorUserId ?? '–',
                        subject: [subject, entry.subjectId].filter(Boolean).join(' ') || '–',
                      })}
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
                    <Box
                      component="code"
                      sx={{ display: 'block', fontSize: '0.75rem' }}
                      data-testid="audit-code"
                    >
                      {entry.action}
                    </Box>
                    {/* Named above, the actor's id stays in sight: the log is searched by it. */}
                    {entry.actorName && entry.actorUserId && (
                      <Box
                        component="code"
                        sx={{ display: 'block', fontSize: '0.75rem' }}
                        data-testid="audit-actor-id"
                      >
                        {t('audit.actorId', { id: entry.actorUserId })}
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
