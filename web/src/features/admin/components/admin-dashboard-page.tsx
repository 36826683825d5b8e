import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** The admin dashboard (god/dashboard): a way into each admin tool. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const localize = useLocalizedPath();
  const sections = [
    { key: 'users', href: paths['god-users']() },
    { key: 'terms', href: paths['god-terms']() },
    { key: 'vocabulary', href: paths['god-vocabulary']('skills') },
    { key: 'feedback', href: paths['god-feedback']() },
  ] as const;
  return (
    <Page title={t('dashboard.title')} lead={t('dashboard.lead')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {sections.map((section) => (
          <Card key={section.key}>
            <CardActionArea href={localize(section.href)} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
                  {t(`sections.${section.key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`sections.${section.key}.lead`)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
        <Card>
          <CardActionArea href={localize(paths['god-pricing']())} sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
                {t('pricing.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('pricing.lead')}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      </Box>
    </Page>
  );
}
