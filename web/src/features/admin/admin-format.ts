import { intlLocale } from '../../lib/date-format';

// Dates and times for admins are the app's (Swedish time, sv-SE or en-GB); the admin pages import them from
// here with the numbers.
export { formatDate, formatDateTime } from '../../lib/date-format';

export function formatNumber(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '–';
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}
