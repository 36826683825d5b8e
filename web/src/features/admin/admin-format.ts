/** A date and time for admins, in the interface language (Swedish time). */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '–';
  return new Intl.DateTimeFormat(language === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Stockholm',
  }).format(new Date(iso));
}

export function formatNumber(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '–';
  return new Intl.NumberFormat(language === 'sv' ? 'sv-SE' : 'en-GB').format(value);
}
