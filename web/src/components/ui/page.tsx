import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

interface PageProps {
  title: string;
  /** The tab's title when it is not the heading (a page that shows why its content is missing). */
  documentTitle?: string;
  /** A lead paragraph under the heading. */
  lead?: ReactNode;
  /** Actions shown beside the heading on wide screens, under it on phones. */
  actions?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}

// The frame of every page is in the first script, so it is drawn with Box and the theme's typography instead
// of MUI's Container and Typography (the same CSS: centred, gutters of 16/24 px, the breakpoint's width).

/** A page with its one h1, the document title and consistent spacing. */
export function Page({ title, documentTitle, lead, actions, maxWidth = 'lg', children }: PageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Box
      sx={{
        width: '100%',
        mx: 'auto',
        boxSizing: 'border-box',
        px: { xs: 2, sm: 3 },
        // A breakpoint's name: its width.
        maxWidth,
        py: { xs: 3, md: 5 },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'flex-end' },
          justifyContent: 'space-between',
          gap: 2,
          mb: { xs: 3, md: 4 },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Box
            component="h1"
            sx={{
              typography: 'h1',
              m: 0,
              fontSize: { xs: '1.75rem', md: '2.25rem' },
              overflowWrap: 'anywhere',
            }}
          >
            {title}
          </Box>
          {lead && <Box sx={{ typography: 'subtitle1', mt: 1, maxWidth: '70ch' }}>{lead}</Box>}
        </Box>
        {actions && (
          // Under the title on phones, as wide as the page (not as narrow as its content).
          <Box sx={{ display: 'flex', gap: 1, flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'auto' } }}>
            {actions}
          </Box>
        )}
      </Box>
      {children}
    </Box>
  );
}
