import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
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
  sections: LegalSection[];
}

/** A policy or terms document: numbered sections of paragraphs and lists, readable line lengths. */
export function LegalDocument({ title, lead, updated, sections }: LegalDocumentProps) {
  return (
    <Page title={title} lead={lead} maxWidth="md">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
        {updated}
      </Typography>
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
    </Page>
  );
}
