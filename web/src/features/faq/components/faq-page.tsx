import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { useLanguage } from '../../../lib/i18n';
import type { PublicPrices } from '../../../lib/public-prices';
import { faqTextParams } from '../lib/faq-text-params';

interface FaqGroup {
  heading: string;
  items: { question: string; answer: string }[];
}

/**
 * Frequently asked questions, grouped for consultants, buyers and about the account. The answers about costs
 * state the prices in force (the route's loader).
 */
export function FaqPage() {
  const { t } = useTranslation('faq');
  const params = faqTextParams(useLoaderData<PublicPrices>(), useLanguage());
  const groups = t('groups', { returnObjects: true, ...params }) as FaqGroup[];
  return (
    <Page title={t('title')} lead={t('lead')} maxWidth="md">
      {groups.map((group) => (
        <Box component="section" key={group.heading} sx={{ mb: 4 }}>
          <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1.5 }}>
            {group.heading}
          </Typography>
          {group.items.map((item) => (
            <Accordion
              key={item.question}
              disableGutters
              elevation={0}
              sx={{
                border: '1px solid',
                borderColor: 'divider',
                '&:not(:last-of-type)': { borderBottom: 0 },
                '&::before': { display: 'none' },
              }}
            >
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Typography component="h3" sx={{ fontWeight: 600 }}>
                  {item.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography color="text.secondary">{item.answer}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      ))}
      <Box sx={{ p: 3, borderRadius: 3, bgcolor: '#eef3f1' }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
          {t('contact.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('contact.body', params)}
        </Typography>
        <Button variant="outlined" href="mailto:hej@konsultmarknaden.se">
          {t('contact.action')}
        </Button>
      </Box>
    </Page>
  );
}
