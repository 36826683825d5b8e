import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { formatDate } from '../../../lib/date-format';
import type { LegalDocumentData } from '../legal-document-loader';
import { LegalDocument, type LegalSection } from './legal-document';

interface LegalPageProps {
  /** The document's keys in the legal namespace: title, lead and the built-in text. */
  document: 'terms' | 'privacy' | 'cookies';
}

/**
 * A terms or policy page: the admin's newest published version when there is one (its publication and
 * effective dates under the title: changes take effect 30 days after posting, spec section 1), otherwise the
 * built-in text.
 */
export function LegalPage({ document }: LegalPageProps) {
  const { t, i18n } = useTranslation('legal');
  const { published, takesEffectLater } = useLoaderData<LegalDocumentData>();
  const title = t(`${document}.title`);
  const lead = t(`${document}.lead`);
  if (!published) {
    return (
      <LegalDocument
        title={title}
        lead={lead}
        updated={t(`${document}.updated`)}
        sections={t(`${document}.sections`, { returnObjects: true }) as LegalSection[]}
      />
    );
  }
  const dates = {
    version: published.version,
    published: formatDate(published.publishedAt, i18n.language),
    effective: formatDate(published.effectiveAt, i18n.language),
  };
  const updated = [
    t('published.version', dates),
    published.effectiveAt === null
      ? null
      : t(takesEffectLater ? 'published.takesEffect' : 'published.inForce', dates),
  ]
    .filter(Boolean)
    .join(' ');
  return <LegalDocument title={title} lead={lead} updated={updated} body={published.body} />;
}
