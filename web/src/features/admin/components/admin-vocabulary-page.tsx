import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';
import { paths, VOCABULARY_KINDS } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** The vocabularies (god/vocabulary/job-titles, skills, languages, degrees). */
export function AdminVocabularyPage() {
  const { t } = useTranslation('admin');
  const localize = useLocalizedPath();
  const { pathname } = useLocation();
  const current = VOCABULARY_KINDS.find((kind) => pathname.endsWith(`/${kind}`)) ?? 'skills';
  return (
    <Page title={t('sections.vocabulary.title')} lead={t('sections.vocabulary.lead')}>
      <Tabs value={current} variant="scrollable" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {VOCABULARY_KINDS.map((kind) => (
          <Tab
            key={kind}
            value={kind}
            label={t(`vocabulary.${kind}`)}
            href={localize(paths['god-vocabulary'](kind))}
          />
        ))}
      </Tabs>
      <ComingSoon description={t('comingSoon')} />
    </Page>
  );
}
