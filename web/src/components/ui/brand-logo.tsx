import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The product mark and name. */
export function BrandLogo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden focusable="false">
        <rect width="64" height="64" rx="14" fill="#1d4e6f" />
        <path d="M18 46V18h7v11.5L36.5 18H45L32.5 30.5 46 46h-8.6L25 32.3V46z" fill="#fff" />
        <circle cx="47" cy="46" r="4" fill="#7fc8a9" />
      </svg>
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: '1.1rem',
          letterSpacing: '-0.01em',
          color: 'primary.dark',
          display: compact ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {t('product.name')}
      </Typography>
    </Box>
  );
}
