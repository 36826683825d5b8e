import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dateFormatter, formatMonth } from '../../lib/date-format';
import { useLanguage } from '../../lib/i18n';
import { formatMoney, formatNumber } from '../../lib/number-format';
import { useHydrated } from '../../lib/use-hydrated';
import type { Language } from '../../lib/language';

/** The economy numbers the API gives (GET /time/economy). */
export interface EconomyData {
  weeks: { week: string; start: string; hours: number; overtimeHours: number }[];
  months: { month: string; revenueOre: number; bills: number }[];
}

export const formatHours = (hours: number, language: Language) =>
  formatNumber(hours, language, { maximumFractionDigits: 2 });

/** A short axis label: whole kronor under 1000, else thousands ('60 tkr', 'SEK 60k'). */
function formatAxisSek(sek: number, language: Language, t: TFunction<'time'>) {
  if (Math.abs(sek) < 1000) return formatMoney(Math.round(sek) * 100, language);
  const thousands = formatNumber(sek / 1000, language, { maximumFractionDigits: 1 });
  return t('economy.thousands', { value: thousands });
}

/**
 * The revenue axis's ticks: 0 and round steps (1, 2 or 5 × 10^n kronor) up to the first one at or above the
 * largest month, about `count` of them. The chart is given exactly these, so the axis can be made as wide as
 * the widest of their labels.
 */
export function revenueAxisTicks(maxSek: number, count: number): number[] {
  const top = maxSek > 0 ? maxSek : 1000;
  const rough = top / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const steps = Math.ceil(top / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, index) => index * step);
}

// MUI X Charts draws tick labels at 12 px, after a 6 px tick and a 2 px gap; 4 px more leave room for a
// fallback font measured before the web font has loaded.
const TICK_LABEL_FONT_SIZE = 12;
const TICK_LABEL_OFFSET = 6 + 2 + 4;
let measuringContext: CanvasRenderingContext2D | null | undefined;

/**
 * The width in px of the widest text in `font`, measured on a canvas; an estimate (0.6 em a character) when
 * not to measure (on the server, and while hydrating, so both render the same chart) or with no canvas.
 */
function widestTextWidth(texts: readonly string[], font: string, measure: boolean): number {
  if (measure && measuringContext === undefined) {
    measuringContext =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  const context = measure ? measuringContext : null;
  if (context) context.font = font;
  return Math.max(
    0,
    ...texts.map((text) =>
      context ? context.measureText(text).width : text.length * TICK_LABEL_FONT_SIZE * 0.6,
    ),
  );
}

const monthLabel = (month: string, language: Language, style: 'short' | 'long') =>
  style === 'long'
    ? formatMonth(month, language)
    : dateFormatter(language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

const weekNumber = (week: string) => Number(week.slice(-2));

/**
 * Hours per week and revenue per month as bar charts (MUI X Charts), with a switch to a table of the same
 * numbers for screen readers and anyone who prefers one. Fits a 375 px phone: the charts take the container's
 * width, and week labels thin out on their own.
 */
export function EconomyCharts({ data, compact = false }: { data: EconomyData; compact?: boolean }) {
  const { t } = useTranslation('time');
  const language: Language = useLanguage();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const theme = useTheme();
  // On a phone (and in the dashboard card) every other label, so twelve of them never collide.
  const narrow = useMediaQuery(theme.breakpoints.down('sm')) || compact;
  const everyOther = (_: unknown, index: number) => !narrow || index % 2 === 1;
  const id = useId();
  const height = compact ? 150 : 220;
  const hoursTitle = t('economy.hoursPerWeek');
  const revenueTitle = t('economy.revenuePerMonth');
  const totalHours = data.weeks.reduce((sum, week) => sum + week.hours + week.overtimeHours, 0);
  const totalRevenue = data.months.reduce((sum, month) => sum + month.revenueOre, 0);
  const revenueTicks = revenueAxisTicks(
    Math.max(0, ...data.months.map((month) => month.revenueOre / 100)),
    compact ? 3 : 5,
  );
  // As wide as the longest label in the language shown ('SEK 100k' is wider than '100 tkr'), measured in
  // the labels' font.
  const { fontWeight = 400, fontFamily = theme.typography.fontFamily } = theme.typography.caption;
  const tickFont = `${fontWeight} ${TICK_LABEL_FONT_SIZE}px ${fontFamily}`;
  const hydrated = useHydrated();
  const revenueAxisWidth =
    Math.ceil(
      widestTextWidth(
        revenueTicks.map((value) => formatAxisSek(value, language, t)),
        tickFont,
        hydrated,
      ),
    ) + TICK_LABEL_OFFSET;

  return (
    <Box data-testid="economy">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('economy.summaryHours', { hours: formatHours(totalHours, language) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('economy.summaryRevenue', { revenue: formatMoney(totalRevenue, language) })}
          </Typography>
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, value: 'chart' | 'table' | null) => value && setView(value)}
          aria-label={t('economy.view')}
        >
          <ToggleButton value="chart" aria-label={t('economy.showChart')}>
            <BarChartOutlined fontSize="small" />
          </ToggleButton>
          <ToggleButton value="table" aria-label={t('economy.showTable')}>
            <TableChartOutlined fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {view === 'chart' ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: compact ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
            },
          }}
        >
          <Box component="figure" sx={{ m: 0, minWidth: 0 }} aria-labelledby={`${id}-hours`}>
            <Typography id={`${id}-hours`} component="figcaption" variant="subtitle2">
              {hoursTitle}
            </Typography>
            <BarChart
              height={height}
              skipAnimation
              // Not a tab stop: the chart's keyboard layer is an unnamed `role="none"` element (QA11 F9); the
              // same figures are a table one toggle away ("Show as a table"), which reads well by keyboard.
              disableKeyboardNavigation
              hideLegend={compact}
              margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
              xAxis={[
                {
                  scaleType: 'band',
                  data: data.weeks.map((week) => weekNumber(week.week)),
                  valueFormatter: (value: number, context) =>
                    context.location === 'tick' ? String(value) : t('economy.week', { week: value }),
                  tickLabelInterval: everyOther,
                },
              ]}
              yAxis={[{ width: 36, valueFormatter: (value: number) => formatHours(value, language) }]}
              series={[
                {
                  data: data.weeks.map((week) => week.hours),
                  label: t('economy.hours'),
                  stack: 'hours',
                  color: '#1d4e6f',
                  valueFormatter: (value) => `${formatHours(value ?? 0, language)} ${t('economy.hoursUnit')}`,
                },
                {
                  data: data.weeks.map((week) => week.overtimeHours),
                  label: t('economy.overtime'),
                  stack: 'hours',
                  color: '#d08c2e',
                  valueFormatter: (value) => `${formatHours(value ?? 0, language)} ${t('economy.hoursUnit')}`,
                },
              ]}
            />
          </Box>
          <Box component="figure" sx={{ m: 0, minWidth: 0 }} aria-labelledby={`${id}-revenue`}>
            <Typography id={`${id}-revenue`} component="figcaption" variant="subtitle2">
              {revenueTitle}
            </Typography>
            <BarChart
              height={height}
              skipAnimation
              disableKeyboardNavigation
              hideLegend
              margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
              xAxis={[
                {
                  scaleType: 'band',
                  data: data.months.map((month) => month.month),
                  valueFormatter: (value: string, context) =>
                    monthLabel(value, language, context.location === 'tick' ? 'short' : 'long'),
                  tickLabelInterval: everyOther,
                },
              ]}
              yAxis={[
                {
                  width: revenueAxisWidth,
                  min: 0,
                  max: revenueTicks.at(-1),
                  domainLimit: 'strict',
                  tickInterval: revenueTicks,
                  valueFormatter: (value: number) => formatAxisSek(value, language, t),
                },
              ]}
              series={[
                {
                  data: data.months.map((month) => month.revenueOre / 100),
                  label: t('economy.revenue'),
                  color: '#2e7d5b',
                  valueFormatter: (value) => formatMoney((value ?? 0) * 100, language),
                },
              ]}
            />
          </Box>
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: compact ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
            },
          }}
        >
          <Table size="small" aria-label={hoursTitle} data-testid="economy-hours-table">
            <TableHead>
              <TableRow>
                <TableCell component="th">{t('economy.weekColumn')}</TableCell>
                <TableCell component="th" align="right">
                  {t('economy.hours')}
                </TableCell>
                <TableCell component="th" align="right">
                  {t('economy.overtime')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.weeks.map((week) => (
                <TableRow key={week.week}>
                  <TableCell component="th" scope="row">
                    {t('economy.week', { week: weekNumber(week.week) })}
                  </TableCell>
                  <TableCell align="right">{formatHours(week.hours, language)}</TableCell>
                  <TableCell align="right">{formatHours(week.overtimeHours, language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Table size="small" aria-label={revenueTitle} data-testid="economy-revenue-table">
            <TableHead>
              <TableRow>
                <TableCell component="th">{t('economy.monthColumn')}</TableCell>
                <TableCell component="th" align="right">
                  {t('economy.revenue')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.months.map((month) => (
                <TableRow key={month.month}>
                  <TableCell component="th" scope="row">
                    {monthLabel(month.month, language, 'long')}
                  </TableCell>
                  <TableCell align="right">{formatMoney(month.revenueOre, language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
