import { INTL_LOCALES, type Locale } from '@mp/domain';

/** 19900 öre -> '199,00 kr' (sv) or 'SEK 199.00' (en). */
export const formatMoney = (amountOre: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'currency', currency }).format(amountOre / 100);

/** A calendar day in Swedish time, e.g. '23 nov. 2026' (sv) or '23 Nov 2026' (en). */
export const formatDate = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'medium', timeZone: 'Europe/Stockholm' }).format(
    date,
  );
