import { CONTACT_REPLY_WORKING_DAYS } from '@mp/domain/constants';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toCriteria } from '../search-filters';
import { clearFilters, getSearchState } from '../search-store';

const InquiryDialog = lazy(() =>
  import('../../../components/ui/inquiry-dialog').then((module) => ({ default: module.InquiryDialog })),
);

/** No result: 'No matching consultant found', and a 'let us help' contact form (spec sections 2 and 4). */
export function EmptyState({ inList }: { inList: boolean }) {
  const { t } = useTranslation('search-results');
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" data-testid="empty-state" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(47, 107, 87, 0.1)',
          color: 'secondary.main',
        }}
      >
        <SupportAgentOutlined fontSize="large" />
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {inList ? t('list.empty') : t('messages:error.noMatchingConsultant')}
      </Typography>
      {!inList && (
        <>
          <Typography color="text.secondary" sx={{ maxWidth: '52ch', mx: 'auto', mb: 3 }}>
            {t('empty.body', { replyDays: CONTACT_REPLY_WORKING_DAYS })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => setOpen(true)} data-testid="let-us-help">
              {t('empty.help')}
            </Button>
            <Button variant="outlined" onClick={clearFilters}>
              {t('empty.clear')}
            </Button>
          </Box>
        </>
      )}
      {open && (
        <Suspense fallback={null}>
          <InquiryDialog
            open={open}
            onClose={() => setOpen(false)}
            criteria={toCriteria(getSearchState().filters)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
