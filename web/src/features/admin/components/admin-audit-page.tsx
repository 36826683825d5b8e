import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { describeError } from '../../../lib/errors';
import { fetchAudit } from '../api/admin';
import { AuditList } from './audit-list';

/** The audit log, searchable (god/audit). */
export function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['admin', 'audit', q, page],
    queryFn: ({ signal }) => fetchAudit(q, page, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
  return (
    <Page title={t('sections.audit.title')} lead={t('sections.audit.lead')}>
      <Box
        component="form"
        role="search"
        sx={{ display: 'flex', gap: 1, mb: 3, flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setQ(text.trim());
        }}
      >
        <TextField
          label={t('audit.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="contained">
          {t('audit.searchButton')}
        </Button>
      </Box>
      {audit.isPending ? (
        <PageSpinner />
      ) : audit.isError ? (
        <Alert severity="error">{describeError(audit.error)}</Alert>
      ) : (
        <>
          <AuditList entries={audit.data.entries} />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2 }}>
            <Button disabled={page === 1} onClick={() => setPage(page - 1)}>
              {t('audit.newer')}
            </Button>
            <Button disabled={audit.data.entries.length < 50} onClick={() => setPage(page + 1)}>
              {t('audit.older')}
            </Button>
          </Box>
        </>
      )}
    </Page>
  );
}
