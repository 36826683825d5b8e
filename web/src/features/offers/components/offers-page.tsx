import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { formatDate } from '../../../lib/date-format';
import { describeError } from '../../../lib/errors';
import { fetchOffers, type Offer } from '../api/offers';

/** Partner deals for contractors (app/offers), in the interface language. */
export function OffersPage() {
  const { t, i18n } = useTranslation('workspace');
  const offers = useQuery({
    queryKey: ['offers', i18n.language],
    queryFn: ({ signal }) => fetchOffers(signal),
    meta: { handlesErrors: true },
  });
  return (
    <Page title={t('offers.title')} lead={t('offers.lead')}>
      {offers.isPending ? (
        <PageSpinner />
      ) : offers.isError ? (
        <Alert severity="error">{describeError(offers.error)}</Alert>
      ) : offers.data.offers.length === 0 ? (
        <Typography color="text.secondary">{t('offers.empty')}</Typography>
      ) : (
        <Box
          data-testid="offers"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
          }}
        >
          {offers.data.offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} />
          ))}
        </Box>
      )}
    </Page>
  );
}

function OfferCard({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation('workspace');
  const until = offer.validUntil ? formatDate(offer.validUntil, i18n.language) : null;
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <Card variant="outlined" component="article" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        {offer.logoUrl && !logoFailed && (
          <Box
            component="img"
            src={offer.logoUrl}
            alt={t('offers.logo', { partner: offer.partner })}
            loading="lazy"
            // A logo that cannot be loaded is left out: the partner's name follows right below, and a broken
            // image would squeeze its alt text into the logo's box.
            onError={() => setLogoFailed(true)}
            data-testid="offer-logo"
            sx={{ height: 40, maxWidth: '100%', objectFit: 'contain', mb: 2, display: 'block' }}
          />
        )}
        <Typography variant="overline" color="text.secondary">
          {offer.partner}
        </Typography>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          {offer.title}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {offer.text}
        </Typography>
        {until && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('offers.validUntil', { date: until })}
          </Typography>
        )}
      </CardContent>
      {offer.url && (
        <CardActions>
          <Button href={offer.url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNew />}>
            {t('offers.visit')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
