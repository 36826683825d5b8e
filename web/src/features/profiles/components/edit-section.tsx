import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The id of a section's anchor, so the completion hints can point at it. */
export const sectionId = (name: string) => `profile-section-${name}`;

interface EditSectionProps {
  name: string;
  title: string;
  description?: ReactNode;
  /** Shown beside the heading (e.g. an add button). */
  action?: ReactNode;
  children: ReactNode;
}

/** One titled card of the profile editor; its heading labels the region. */
export function EditSection({ name, title, description, action, children }: EditSectionProps) {
  const id = sectionId(name);
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={`profile-section-${name}`}
      sx={{ scrollMarginTop: 88 }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            gap: 2,
            mb: description ? 0.5 : 2,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="h2" id={`${id}-title`} sx={{ fontSize: '1.2rem' }}>
            {title}
          </Typography>
          {action}
        </Box>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5, maxWidth: '65ch' }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
