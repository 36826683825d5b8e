import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';

export type AdminSection = 'terms' | 'userProfile' | 'users' | 'user' | 'vocabulary' | 'feedback';

/** An admin page whose tools are still being built: its heading, what it is for, and the "on its way" state. */
export function AdminSectionPage({
  section,
  values,
}: {
  section: AdminSection;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation('admin');
  return (
    <Page title={t(`sections.${section}.title`, values)} lead={t(`sections.${section}.lead`, values)}>
      <ComingSoon description={t('comingSoon')} />
    </Page>
  );
}
