import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One titled card of the settings pages. */
export function SettingsSection({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card component="section" sx={{ mb: 3 }} data-testid={testId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: description ? 0.5 : 2 }}>
          {title}
        </Typography>
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
