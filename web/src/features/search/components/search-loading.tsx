import { QUOTE_ROTATION_INTERVAL_MS } from '@mp/domain/timing';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightSpinner } from '../../../components/ui/light-spinner';

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
      <LightSpinner label={t('loading')} />
      {quote && (
        <Box component="figure" sx={{ m: 0, maxWidth: '52ch' }} aria-live="off">
          <Box
            component="blockquote"
            sx={{ typography: 'body1', m: 0, fontSize: '1.1rem', fontStyle: 'italic', color: 'text.primary' }}
          >
            “{quote.text}”
          </Box>
          <Box component="figcaption" sx={{ typography: 'body2', color: 'text.secondary', mt: 1 }}>
            – {quote.author}
          </Box>
        </Box>
      )}
    </Box>
  );
}
