import type { AssessmentState } from '@mp/api-contract/assessment.schema';
import { ASSESSMENT_QUESTION_COUNT, ASSESSMENT_RESULT_MAX_MINUTES } from '@mp/domain/constants';
import { DISC_FACTORS, DISC_TYPES, DRIVING_FORCE_GROUPS, DRIVING_FORCES_BY_ID } from '@mp/domain/value-lists';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { api } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth';
import { fetchProducts, productsQueryKey } from '../../../lib/card-payments';
import { loginPathFor, paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { DiscWheel } from '../../../components/ui/disc-wheel';
import { useLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/number-format';

const PACKAGES = ['basic', 'full'] as const;
const PRODUCT_OF = { basic: 'assessment_basic', full: 'assessment_full' } as const;

/** The visitor's own assessment, when logged in: the already-purchased notice and a link to take it. */
function useOwnAssessment(enabled: boolean) {
  return useQuery({
    queryKey: ['assessment', 'state'],
    queryFn: () =>
      api.get<Pick<AssessmentState, 'status'>>('/assessment', {
        background: true,
      }),
    enabled,
  });
}

/** The DISC information page: the four factors, the eight styles, driving forces, and the assessment. */
export function DiscPage() {
  const { t } = useTranslation('disc');
  const language = useLanguage();
  const token = useToken();
  const localize = useLocalizedPath();
  const buyHref = localize(token ? paths.assessment() : loginPathFor(paths.assessment()));
  const products = useQuery({ queryKey: productsQueryKey, queryFn: fetchProducts });
  const own = useOwnAssessment(Boolean(token));
  const ownStatus = own.data?.status;
  const priceOf = (id: (typeof PACKAGES)[number]) => {
    const price = products.data?.products.find((p) => p.code === PRODUCT_OF[id])?.price;
    return price ? formatMoney(price.amountOre, language, price.currency) : null;
  };
  return (
    <Page title={t('title')} lead={t('lead')}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: '1fr 320px' },
          alignItems: 'center',
          mb: 6,
        }}
      >
        <Box>
          <Typography variant="h2" sx={{ mb: 1.5 }}>
            {t('factors.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5, maxWidth: '65ch' }}>
            {t('factors.body')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {DISC_FACTORS.map((factor) => (
              <Box key={factor.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 32,
                    height: 32,
                    borderRadius: 1.5,
                    bgcolor: factor.colour,
                    color: factor.id === 'I' ? '#1b2a35' : '#fff',
                    display: 'grid',
                    placeItems: 'center',
                    fontWeight: 700,
                    flexShrink: 0,
                  }}
                >
                  {factor.id}
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 650 }}>{factor.label[language]}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`factors.${factor.id}`)}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <DiscWheel types={DISC_TYPES} labelOf={(type) => type.label[language]} title={t('wheelLabel')} />
        </Box>
      </Box>

      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('types.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '65ch' }}>
        {t('types.body')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mb: 6,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        {DISC_TYPES.map((type) => (
          <Card
            component="li"
            key={type.id}
            data-testid="disc-type"
            sx={{ borderTop: `4px solid ${type.colour}` }}
          >
            <CardContent>
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'baseline',
                  justifyContent: 'space-between',
                  gap: 1,
                  mb: 1,
                }}
              >
                <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
                  {type.label[language]}
                </Typography>
                <Chip size="small" label={type.code} variant="outlined" />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {type.description[language]}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>

      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('drivingForces.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '65ch' }}>
        {t('drivingForces.body')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
          mb: 6,
        }}
      >
        {DRIVING_FORCE_GROUPS.map((group) => (
          <Card key={group.id}>
            <CardContent>
              {/* The group's colour marks the heading; the text stays dark enough to read (contrast 4.5:1). */}
              <Typography
                variant="h3"
                sx={{ fontSize: '1rem', mb: 1.5, pl: 1, borderLeft: `4px solid ${group.colour}` }}
              >
                {group.label[language]}
              </Typography>
              {group.forces.map((id) => (
                <Box key={id} sx={{ mb: 1 }}>
                  <Typography sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
                    {DRIVING_FORCES_BY_ID[id].label[language]}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {DRIVING_FORCES_BY_ID[id].description[language]}
                  </Typography>
                </Box>
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>

      <Box sx={{ p: { xs: 3, md: 5 }, borderRadius: 4, bgcolor: '#eef3f1' }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('assessment.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '65ch' }}>
          {t('assessment.body', {
            questions: ASSESSMENT_QUESTION_COUNT,
            minutes: ASSESSMENT_RESULT_MAX_MINUTES,
          })}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}>
          {PACKAGES.map((id) => (
            <Card key={id}>
              <CardContent>
                <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
                  {t(`assessment.packages.${id}.name`)}
                </Typography>
                {priceOf(id) && (
                  <Typography sx={{ fontWeight: 700, mb: 1 }} data-testid={`package-price-${id}`}>
                    {priceOf(id)}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {t(`assessment.packages.${id}.body`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
        {ownStatus === 'purchased' || ownStatus === 'taken' ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="already-purchased">
            {t('assessment.alreadyPurchased')}
          </Alert>
        ) : null}
        <Button variant="contained" size="large" href={buyHref} data-testid="disc-buy">
          {ownStatus === 'purchased'
            ? t('assessment.take')
            : ownStatus === 'taken' || ownStatus === 'completed'
              ? t('assessment.seeResult')
              : t('assessment.action')}
        </Button>
        {ownStatus === 'purchased' || ownStatus === 'taken' || ownStatus === 'completed' ? null : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="disc-payment-hint">
            {token ? t('assessment.paymentLoggedIn') : t('assessment.payment')}
          </Typography>
        )}
      </Box>
    </Page>
  );
}
