import { BUYER_GUARANTEE_DAYS, CONTACT_REPLY_WORKING_DAYS } from '@mp/domain/constants';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { useLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { publicPriceTexts, type PublicPrices } from '../../../lib/public-prices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocalizedPath } from '../../../lib/use-localized-path';

const BUYER_STEPS = [
  { id: 'search', icon: <ManageSearchOutlined /> },
  { id: 'contact', icon: <ForumOutlined /> },
  { id: 'guarantee', icon: <VerifiedUserOutlined /> },
] as const;

const CONSULTANT_POINTS = ['free', 'searchable', 'disc', 'control'] as const;

/**
 * The landing page (home): what the marketplace is, for buyers and for consultants, and what it costs (the
 * prices in force, from the route's loader).
 */
export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('documentTitle'));
  const localize = useLocalizedPath();
  const prices = publicPriceTexts(useLoaderData<PublicPrices>(), useLanguage());
  return (
    <>
      <Box sx={{ bgcolor: '#e9f0ee', borderBottom: '1px solid', borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
          <Typography
            variant="overline"
            sx={{ color: 'secondary.dark', fontWeight: 700, letterSpacing: '0.08em' }}
          >
            {t('hero.eyebrow')}
          </Typography>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '2rem', md: '3rem' }, maxWidth: '18ch', mt: 1, mb: 2 }}
          >
            {t('hero.title')}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontSize: { md: '1.2rem' }, maxWidth: '56ch', mb: 4 }}>
            {t('hero.lead')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button variant="contained" size="large" href={localize(paths.search())}>
              {t('hero.search')}
            </Button>
            <Button variant="outlined" size="large" href={localize(paths.login())} sx={{ bgcolor: '#fff' }}>
              {t('hero.createProfile')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            {t('hero.proof')}
          </Typography>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('buyers.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, maxWidth: '65ch' }}>
          {t('buyers.lead')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {BUYER_STEPS.map((step) => (
            <Card key={step.id}>
              <CardContent sx={{ p: 3 }}>
                <Box aria-hidden sx={{ color: 'primary.main', mb: 1.5, '& svg': { fontSize: 32 } }}>
                  {step.icon}
                </Box>
                <Typography variant="h3" sx={{ mb: 1 }}>
                  {t(`buyers.steps.${step.id}.title`)}
                </Typography>
                <Typography color="text.secondary">
                  {t(`buyers.steps.${step.id}.body`, {
                    days: CONTACT_REPLY_WORKING_DAYS,
                    guarantee: BUYER_GUARANTEE_DAYS,
                  })}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>

      <Box sx={{ bgcolor: 'background.paper', borderBlock: '1px solid', borderColor: 'divider' }}>
        <Container
          maxWidth="lg"
          sx={{
            py: { xs: 6, md: 9 },
            display: 'grid',
            gap: 5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <Box>
            <Typography variant="h2" sx={{ mb: 1 }}>
              {t('consultants.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('consultants.lead')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {CONSULTANT_POINTS.map((point) => (
                <Box component="li" key={point} sx={{ display: 'flex', gap: 1.5 }}>
                  <CheckCircleOutlined color="secondary" aria-hidden />
                  <Typography>{t(`consultants.points.${point}`)}</Typography>
                </Box>
              ))}
            </Box>
            <Button variant="contained" href={localize(paths.login())} sx={{ mt: 3 }}>
              {t('consultants.action')}
            </Button>
          </Box>
          <Box>
            <Typography variant="h2" sx={{ mb: 1 }}>
              {t('pricing.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('pricing.lead')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <PriceCard
                title={t('pricing.buyers.title')}
                price={t('pricing.buyers.price', { amount: prices.hireFee })}
                body={t('pricing.buyers.body', { days: BUYER_GUARANTEE_DAYS })}
                testId="landing-hire-fee"
              />
              <PriceCard
                title={t('pricing.premium.title')}
                price={t('pricing.premium.price', { amount: prices.premiumFrom })}
                body={t('pricing.premium.body')}
                testId="landing-premium-from"
              />
            </Box>
          </Box>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
        <Box
          sx={{
            p: { xs: 3, md: 5 },
            borderRadius: 4,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            gap: 3,
            alignItems: { md: 'center' },
            justifyContent: 'space-between',
          }}
        >
          <Box>
            <Typography variant="h2" sx={{ mb: 1, color: 'inherit' }}>
              {t('disc.title')}
            </Typography>
            <Typography sx={{ opacity: 0.9, maxWidth: '60ch' }}>{t('disc.body')}</Typography>
          </Box>
          <Button
            variant="contained"
            href={localize(paths.disc())}
            sx={{
              bgcolor: '#fff',
              color: 'primary.dark',
              flexShrink: 0,
              '&:hover': { bgcolor: '#e9f0ee' },
              // The theme's fjord ring would vanish against this fjord panel.
              '&.Mui-focusVisible': { outlineColor: '#fff' },
            }}
          >
            {t('disc.action')}
          </Button>
        </Box>
      </Container>
    </>
  );
}

/** One of the home page's price cards: what is paid for, the price in force, and what it includes. */
function PriceCard({
  title,
  price,
  body,
  testId,
}: {
  title: string;
  price: string;
  body: string;
  testId: string;
}) {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h3">{title}</Typography>
        <Typography variant="h4" component="p" sx={{ color: 'primary.main', my: 1 }} data-testid={testId}>
          {price}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {body}
        </Typography>
      </CardContent>
    </Card>
  );
}
