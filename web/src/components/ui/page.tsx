import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

interface PageProps {
  title: string;
  /** A lead paragraph under the heading. */
  lead?: ReactNode;
  /** Actions shown beside the heading on wide screens, under it on phones. */
  actions?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}

/** A page with its one h1, the document title and consistent spacing. */
export function Page({ title, lead, actions, maxWidth = 'lg', children }: PageProps) {
  useDocumentTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
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
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          {lead && (
            <Typography variant="subtitle1" component="div" sx={{ mt: 1, maxWidth: '70ch' }}>
              {lead}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>{actions}</Box>}
      </Box>
      {children}
    </Container>
  );
}
