import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface ResultsCountSnackbarProps {
  total: number;
  /** The results heading the button scrolls to. */
  targetRef: RefObject<HTMLElement | null>;
  loading: boolean;
}

/**
 * On small screens the filters sit above the results: while the results are out of sight below, a snackbar
 * tells how many were found and takes the reader there (spec section 2).
 */
export function ResultsCountSnackbar({ total, targetRef, loading }: ResultsCountSnackbarProps) {
  const { t } = useTranslation('search-results');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const [below, setBelow] = useState(false);

  useEffect(() => {
    if (!small) return;
    const update = () => {
      const target = targetRef.current;
      setBelow(Boolean(target) && target!.getBoundingClientRect().top > window.innerHeight - 72);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer.disconnect();
    };
  }, [small, targetRef]);

  if (!small || !below || loading) return null;
  return (
    <Paper
      role="status"
      elevation={6}
      data-testid="results-snackbar"
      sx={{
        position: 'fixed',
        left: 12,
        right: 12,
        // Above the cookie banner while it shows, not over its buttons (QA11 F2).
        bottom: 'max(12px, env(safe-area-inset-bottom), var(--cookie-banner-space, 0px))',
        // Under popovers and menus (modal, 1300): the date picker's last week used to lie under it (QA5 F11).
        zIndex: (th) => th.zIndex.drawer,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1,
        pl: 2,
        pr: 1,
        bgcolor: '#1b2a35',
        color: '#fff',
        borderRadius: 3,
      }}
    >
      <Typography sx={{ flex: 1, fontWeight: 600 }}>{t('count', { count: total })}</Typography>
      <Button
        variant="contained"
        color="secondary"
        onClick={() => targetRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        data-testid="view-results"
        sx={{ '&.Mui-focusVisible': { outlineColor: '#fff' } }}
      >
        {t('snackbar.view')}
      </Button>
    </Paper>
  );
}
