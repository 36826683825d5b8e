import { formatDate } from '../../lib/date-format';
import type { OwnProfile } from './api/profile';

// How profile values read in the interface (both the editor and the profile pages).

/** The part of i18next's `t` these helpers need (any namespace's `t` will do: keys carry theirs). */
type TFunction = (key: string, options?: Record<string, unknown>) => string;

interface Period {
  startYear: number | null;
  endYear: number | null;
  ongoing?: boolean;
}

/** "2019 – 2023", "2019 – ongoing", or "" when no year is known. */
export function formatPeriod(t: TFunction, { startYear, endYear, ongoing = false }: Period): string {
  if (startYear === null && endYear === null) return '';
  if (ongoing) return t('profiles:view.periodOngoing', { start: startYear });
  if (startYear === null) return String(endYear);
  if (endYear === null || endYear === startYear) return String(startYear);
  return t('profiles:view.period', { start: startYear, end: endYear });
}

/** The availability as one phrase: "Available now", "Available from 1 September 2026", ... */
export function formatAvailability(
  t: TFunction,
  availability: OwnProfile['availability'],
  language: 'sv' | 'en',
): string {
  switch (availability.kind) {
    case 'available_at':
      return availability.date
        ? t('profiles:view.availability.at', { date: formatDate(availability.date, language) })
        : t('profiles:view.availability.available_now');
    case 'available_with_in':
      return t('profiles:view.availability.within', { count: availability.withinDays ?? 0 });
    default:
      return t(`profiles:view.availability.${availability.kind}`);
  }
}
