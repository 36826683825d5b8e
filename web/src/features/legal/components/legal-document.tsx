import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  /** Paragraphs after the list. */
  after?: string[];
}

interface LegalDocumentProps {
  title: string;
  lead: string;
  updated: string;
  /** The built-in text: numbered sections. */
  sections?: LegalSection[];
  /** A published version's plain text (from the admin's terms editor), used instead of the sections. */
  body?: string;
  /** After the document: a version posted to take effect later. */
  children?: ReactNode;
}

/** Paragraphs are separated by blank lines; single line breaks inside one are kept. */
const paragraphsOf = (body: string) =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);

/** A policy or terms document: numbered sections of paragraphs and lists, readable line lengths. */
/** A published version's text: paragraphs with their line breaks. */
export function PublishedBody({ body, testId }: { body: string; testId: string }) {
  return (
    <Box component="article" sx={{ maxWidth: '72ch' }} data-testid={testId}>
      {paragraphsOf(body).map((paragraph, index) => (
        <Typography key={index} sx={{ mb: 1.5, whiteSpace: 'pre-line' }}>
          {paragraph}
        </Typography>
      ))}
    </Box>
  );
}

export function LegalDocument({ title, lead, updated, sections = [], body, children }: LegalDocumentProps) {
  return (
    <Page title={title} lead={lead} maxWidth="md">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }} data-testid="legal-updated">
        {updated}
      </Typography>
      {body !== undefined ? (
        <PublishedBody body={body} testId="legal-published-body" />
      ) : (
        <Box component="article" sx={{ maxWidth: '72ch' }}>
          {sections.map((section, index) => (
            <Box component="section" key={section.heading} sx={{ mb: 4 }}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
                {`${index + 1}. ${section.heading}`}
              </Typography>
              {section.paragraphs?.map((paragraph) => (
                <Typography key={paragraph} sx={{ mb: 1.5 }}>
                  {paragraph}
                </Typography>
              ))}
              {section.items && (
                <Box component="ul" sx={{ pl: 3, mt: 0, mb: 1.5 }}>
                  {section.items.map((item) => (
                    <Typography component="li" key={item} sx={{ mb: 0.75 }}>
                      {item}
                    </Typography>
                  ))}
                </Box>
              )}
              {section.after?.map((paragraph) => (
                <Typography key={paragraph} sx={{ mb: 1.5 }}>
                  {paragraph}
                </Typography>
              ))}
            </Box>
          ))}
        </Box>
      )}
      {children}
    </Page>
  );
}
