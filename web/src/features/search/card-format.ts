import type { Language } from '../../lib/language';

/**
 * Short month names as Intl's `{ month: 'short' }` writes them. Written out rather than asked of Intl: the
 * first `Intl.DateTimeFormat` of a page loads its locale data (about 10 ms on this machine, four times that on a
 * phone, inside hydration), and the server's and the browser's ICU versions differ in places ('Sep'/'Sept').
 */
const MONTHS: Record<Language, readonly string[]> = {
  sv: ['jan.', 'feb.', 'mars', 'apr.', 'maj', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

/** `2027-01-05` as `5 jan. 2027` / `5 Jan 2027`. */
export function formatCardDate(date: string, language: Language): string {
  const [year, month, day] = date.split('-').map(Number);
  const name = month ? MONTHS[language][month - 1] : undefined;
  if (!year || !name || !day) return date;
  return `${day} ${name} ${year}`;
}
