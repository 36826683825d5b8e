import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, useId, type ReactNode } from 'react';

/**
 * One filter of the panel: a heading (with an optional action such as help) and its controls. The controls sit
 * in a Suspense boundary of their own, so the server-rendered panel hydrates filter by filter (React hydrates
 * each boundary apart, after its parent) instead of in one commit of every filter's inputs, which at a phone's
 * speed blocked the main thread for 105-160 ms (69-74 ms split). No control suspends by itself; the lazy ones
 * (the calendar, the DISC help) have boundaries of their own.
 */
export function FilterSection({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ py: 2, '& + &': { borderTop: '1px solid', borderColor: 'divider' } }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1.25,
          minHeight: 28,
        }}
      >
        <Typography id={headingId} variant="h3" component="h2" sx={{ fontSize: '0.95rem', fontWeight: 650 }}>
          {title}
        </Typography>
        {action}
      </Box>
      <Suspense fallback={null}>{children}</Suspense>
    </Box>
  );
}

/** "Label (12)": a value with its facet count, when the search returned one. */
export function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}
