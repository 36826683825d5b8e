import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Page } from '../../../components/ui/page';
import { agreementsQueryOptions } from '../api/contracts';
import { ContractCard } from './contract-card';

/** Agreements (app/agreements): the caller's signed contracts, as signer or delegate. */
export function AgreementsPage() {
  const { t } = useTranslation('contracts');
  const agreements = useQuery(agreementsQueryOptions);
  return (
    <Page title={t('agreements.title')} lead={t('agreements.lead')}>
      {agreements.isPending ? (
        <PageSpinner />
      ) : agreements.data?.length ? (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          data-testid="agreements"
        >
          {agreements.data.map((contract) => (
            <ContractCard key={contract.id} contract={contract} actions={false} />
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">{t('agreements.empty')}</Typography>
      )}
    </Page>
  );
}
