import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { formatDate } from '../../../lib/date-format';
import type { LegalDocumentData } from '../legal-document-loader';
import { LegalDocument, PublishedBody, type LegalSection } from './legal-document';

interface LegalPageProps {
  /** The document's keys in the legal namespace: title, lead and the built-in text. */
  document: 'terms' | 'privacy' | 'cookies';
}

/**
 * A terms or policy page: the admin's newest published version when there is one (its publication and
 * effective dates under the title: changes take effect 30 days after posting, spec section 1), otherwise the
 * built-in text. A version posted to take effect later is shown after the one in force until then (the
 * previous published version, or the built-in text), so what applies today can still be read.
 */
export function LegalPage({ document }: LegalPageProps) {
  const { t, i18n } = useTranslation('legal');
  const { published, takesEffectLater } = useLoaderData<LegalDocumentData>();
  const title = t(`${document}.title`);
  const lead = t(`${document}.lead`);
  const datesOf = (version: { version: number; publishedAt: string; effectiveAt: string | null }) => ({
    version: version.version,
    published: formatDate(version.publishedAt, i18n.language),
    effective: formatDate(version.effectiveAt, i18n.language),
  });
  const builtIn = {
    updated: t(`${document}.updated`),
    sections: t(`${document}.sections`, { returnObjects: true }) as LegalSection[],
  };
  if (!published) return <LegalDocument title={title} lead={lead} {...builtIn} />;
  const dates = datesOf(published);
  if (takesEffectLater) {
    const previous = published.previous;
    const inForce = previous
      ? {
          updated: [
            t('published.version', datesOf(previous)),
            previous.effectiveAt === null ? null : t('published.inForce', datesOf(previous)),
          ]
            .filter(Boolean)
            .join(' '),
          body: previous.body,
        }
      : builtIn;
    return (
      <LegalDocument
        title={title}
        lead={lead}
        {...inForce}
        updated={`${inForce.updated} ${t('published.upcomingNotice', dates)}`}
      >
        <Box component="section" sx={{ mt: 6 }} aria-labelledby="legal-upcoming-title">
          <Typography variant="h2" id="legal-upcoming-title" sx={{ fontSize: '1.4rem', mb: 1 }}>
            {t('published.upcomingTitle', dates)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('published.version', dates)}
          </Typography>
          <PublishedBody body={published.body} testId="legal-upcoming-body" />
        </Box>
      </LegalDocument>
    );
  }
  const updated = [
    t('published.version', dates),
    published.effectiveAt === null ? null : t('published.inForce', dates),
  ]
    .filter(Boolean)
    .join(' ');
  return <LegalDocument title={title} lead={lead} updated={updated} body={published.body} />;
}
