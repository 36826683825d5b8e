import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ComingSoonProps {
  /** What the finished page will offer, in a sentence or two. */
  description: ReactNode;
  children?: ReactNode;
}

/** The "on its way" state of a page whose feature is still being built. */
export function ComingSoon({ description, children }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="status"
      sx={{
        p: { xs: 3, md: 5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 3,
        alignItems: { xs: 'flex-start', sm: 'center' },
        bgcolor: 'background.paper',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(47, 107, 87, 0.1)',
          color: 'secondary.main',
          flexShrink: 0,
        }}
      >
        <ConstructionOutlined fontSize="large" />
      </Box>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('comingSoon.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: '60ch' }}>
          {description}
        </Typography>
        {children && <Box sx={{ mt: 2 }}>{children}</Box>}
      </Box>
    </Paper>
  );
}
