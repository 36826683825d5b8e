import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date-format';
import { currentLanguage } from '../../../lib/i18n';
import { localToday } from '../search-filters';
import { updateFilters } from '../search-store';
import { FilterSection } from './filter-section';

const MonthCalendar = lazy(() =>
  import('./month-calendar').then((module) => ({ default: module.MonthCalendar })),
);

/** Assignment start: consultants available on or before this date (today when none is chosen). */
export function AvailabilityFilter({
  value,
  availableNow,
}: {
  value: string | null;
  availableNow: number | undefined;
}) {
  const { t } = useTranslation('search-filters');
  const language = currentLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const today = localToday();
  const shown = value ? formatDate(value, language) : t('filters.today');
  return (
    <FilterSection
      title={t('filters.availability')}
      testId="filter-availability"
      action={
        value ? (
          <Button
            size="small"
            onClick={() => updateFilters({ availableAt: null })}
            data-testid="availability-clear"
          >
            {t('filters.reset')}
          </Button>
        ) : undefined
      }
    >
      <Button
        variant="outlined"
        color="inherit"
        fullWidth
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<CalendarMonthOutlined />}
        aria-haspopup="dialog"
        data-testid="availability-button"
        sx={{
          justifyContent: 'space-between',
          borderRadius: 2,
          borderColor: 'divider',
          fontWeight: 500,
          py: 0.9,
        }}
      >
        <Box component="span" sx={{ textAlign: 'left' }}>
          <Box
            component="span"
            sx={{ display: 'block', fontSize: '0.72rem', color: 'text.secondary', lineHeight: 1.2 }}
          >
            {t('filters.availableBy')}
          </Box>
          <span data-testid="availability-value">{shown}</span>
        </Box>
      </Button>
      {availableNow !== undefined && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.75 }}>
          {t('filters.availableNowCount', { count: availableNow })}
        </Typography>
      )}
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('filters.availability') } as object }}
      >
        <Suspense fallback={<Box sx={{ width: 296, height: 300 }} />}>
          <MonthCalendar
            value={value}
            min={today}
            language={language}
            labels={{ previousMonth: t('filters.previousMonth'), nextMonth: t('filters.nextMonth') }}
            onSelect={(date) => {
              updateFilters({ availableAt: date === today ? null : date });
              setAnchor(null);
            }}
          />
        </Suspense>
      </Popover>
    </FilterSection>
  );
}
