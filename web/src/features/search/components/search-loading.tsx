import { QUOTE_ROTATION_INTERVAL_MS } from '@mp/domain/constants';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Quote {
  text: string;
  author: string;
}

/** The loading spinner of the search (spec section 2): a quote that changes every 4.5 seconds. */
export function SearchLoading() {
  const { t } = useTranslation('search');
  const quotes = t('quotes', { returnObjects: true }) as unknown as Quote[];
  const count = Array.isArray(quotes) ? quotes.length : 0;
  const [index, setIndex] = useState(() => (count > 0 ? Math.floor(Math.random() * count) : 0));
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(
      () => setIndex((previous) => (previous + 1) % count),
      QUOTE_ROTATION_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [count]);
  const quote = count > 0 ? quotes[index % count] : undefined;
  return (
    <Box
      role="status"
      data-testid="search-loading"
      sx={{
        display: 'grid',
        justifyItems: 'center',
        gap: 3,
        py: { xs: 6, md: 10 },
        px: 2,
        textAlign: 'center',
      }}
    >
      <CircularProgress aria-label={t('loading')} />
      {quote && (
        <Box component="figure" sx={{ m: 0, maxWidth: '52ch' }} aria-live="off">
          <Typography
            component="blockquote"
            sx={{ fontSize: '1.1rem', fontStyle: 'italic', color: 'text.primary' }}
          >
            “{quote.text}”
          </Typography>
          <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            – {quote.author}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
