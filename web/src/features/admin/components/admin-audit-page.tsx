import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { ADMIN_SEARCH_MAX_LENGTH } from '@mp/domain/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { describeError } from '../../../lib/errors';
import { fieldErrorOf, formIssueText, maxLengthIssue } from '../../../lib/validation';
import { fetchAudit } from '../api/admin';
import { AuditList } from './audit-list';

const PAGE_SIZE = 50;

/** The audit log, searchable (god/audit). */
export function AdminAuditPage() {
  const { t } = useTranslation(['admin', 'messages']);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['admin', 'audit', q, page],
    queryFn: ({ signal }) => fetchAudit(q, page, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
  const tooLong = text.trim().length > ADMIN_SEARCH_MAX_LENGTH;
  // The API's refusal of the search (a too long one) is shown at the field, not instead of the list.
  const searchError = tooLong
    ? formIssueText(t, maxLengthIssue(ADMIN_SEARCH_MAX_LENGTH))
    : fieldErrorOf(audit.error, 'q');
  return (
    <Page title={t('sections.audit.title')} lead={t('sections.audit.lead')}>
      <Box
        component="form"
        role="search"
        sx={{ display: 'flex', gap: 1, mb: 3, flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (tooLong) return;
          setPage(1);
          setQ(text.trim());
        }}
      >
        <TextField
          label={t('audit.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(searchError)}
          helperText={searchError}
          sx={{ flex: '1 1 260px' }}
          slotProps={{ htmlInput: { 'data-testid': 'audit-search' } }}
        />
        <Button type="submit" variant="contained">
          {t('audit.searchButton')}
        </Button>
      </Box>
      {audit.isPending ? (
        <PageSpinner />
      ) : audit.isError ? (
        fieldErrorOf(audit.error, 'q') ? null : (
          <Alert severity="error">{describeError(audit.error)}</Alert>
        )
      ) : (
        <>
          <AuditList entries={audit.data.entries} />
          {/* A page past the end is answered with the last one: the pager goes on from the page answered. */}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2 }}>
            <Button disabled={audit.data.page <= 1} onClick={() => setPage(audit.data.page - 1)}>
              {t('audit.newer')}
            </Button>
            <Button
              disabled={audit.data.page * PAGE_SIZE >= audit.data.total}
              onClick={() => setPage(audit.data.page + 1)}
            >
              {t('audit.older')}
            </Button>
          </Box>
        </>
      )}
    </Page>
  );
}
