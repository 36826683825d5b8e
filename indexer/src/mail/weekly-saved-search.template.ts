import { INTL_LOCALES, WORK_LOCATIONS_BY_ID, type Locale } from '@mp/domain';
import { availabilityAsOf, type ConsultantCard } from '@mp/search-schema';
import type { MailContent } from './mailer';

// The weekly saved-search e-mail in Swedish and English, as plain text and HTML. Values are escaped for HTML
// here; callers pass raw values. Days are written as the web app and the API's mails write them ('11 nov.
// 2026' / '11 Nov 2026': Intl's medium date in sv-SE or en-GB), and a day that has come is 'available now'.

const BRAND = 'Konsultmarknaden';
const CARD_SKILLS_SHOWN = 5;

export interface WeeklyMailMatch {
  card: ConsultantCard;
  /** The consultant's profile in the web app. */
  link: string;
}

export interface WeeklyMailParams {
  firstName: string | null;
  searchName: string;
  /** The new matches listed, best first. */
  matches: WeeklyMailMatch[];
  /** All new matches, listed or not (the first mail: all that match now, not only the tracked best). */
  newCount: number;
  /** The search's first mail: it lists what matches now, not what is new since the last mail. */
  firstMail: boolean;
  /** Today (`YYYY-MM-DD`, Swedish calendar): availability is told as of this day. */
  today: string;
  /** Opens the saved search in the web app. */
  searchLink: string;
  /** Turns this search's weekly mail off, no login needed (the web page that confirms it). */
  unsubscribeLink: string;
}

/** A day (`YYYY-MM-DD`) as '11 nov. 2026' / '11 Nov 2026'; anything else as it is. */
function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const TEXTS = {
  sv: {
    subject: (name: string, count: number) =>
      count === 1 ? `1 ny konsult matchar "${name}"` : `${count} nya konsulter matchar "${name}"`,
    firstSubject: (name: string, count: number) =>
      count === 1 ? `1 konsult matchar "${name}"` : `${count} konsulter matchar "${name}"`,
    greeting: (firstName: string | null) => `Hej${firstName ? ` ${firstName}` : ''}!`,
    intro: (name: string, count: number) =>
      count === 1
        ? `Sedan förra veckan har 1 ny eller nyligen tillgänglig konsult börjat matcha din sparade sökning "${name}".`
        : `Sedan förra veckan har ${count} nya eller nyligen tillgängliga konsulter börjat matcha din sparade sökning "${name}".`,
    firstIntro: (name: string, count: number) =>
      count === 1
        ? `Just nu matchar 1 konsult din sparade sökning "${name}". Från och med nästa vecka får du veta när nya konsulter börjar matcha den.`
        : `Just nu matchar ${count} konsulter din sparade sökning "${name}". Från och med nästa vecka får du veta när nya konsulter börjar matcha den.`,
    more: (shown: number, count: number) => `Här visas ${shown} av ${count}. Se alla i sökningen.`,
    consultant: 'Konsult',
    openProfile: 'Visa profil',
    openSearch: 'Öppna sökningen',
    footer: (name: string) =>
      `Du får det här mejlet för att du har valt veckomejl för den sparade sökningen "${name}". Alla veckomejl kan du stänga av under Inställningar > Aviseringar.`,
    unsubscribe: 'Avsluta veckomejlet för den här sökningen',
    availability: {
      available_now: () => 'Tillgänglig nu',
      available_at: (date: string | null) =>
        date ? `Tillgänglig från ${formatDay(date, 'sv')}` : 'Tillgänglig',
      available_with_in: (days: number | null) =>
        days === null ? 'Tillgänglig' : `Tillgänglig inom ${days} dagar`,
      not_available: () => 'Inte tillgänglig',
    },
  },
  en: {
    subject: (name: string, count: number) =>
      count === 1 ? `1 new consultant matches "${name}"` : `${count} new consultants match "${name}"`,
    firstSubject: (name: string, count: number) =>
      count === 1 ? `1 consultant matches "${name}"` : `${count} consultants match "${name}"`,
    greeting: (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`,
    intro: (name: string, count: number) =>
      count === 1
        ? `Since last week, 1 new or newly available consultant has started to match your saved search "${name}".`
        : `Since last week, ${count} new or newly available consultants have started to match your saved search "${name}".`,
    firstIntro: (name: string, count: number) =>
      count === 1
        ? `1 consultant matches your saved search "${name}" right now. From next week on, you will hear when new consultants start to match it.`
        : `${count} consultants match your saved search "${name}" right now. From next week on, you will hear when new consultants start to match it.`,
    more: (shown: number, count: number) => `Showing ${shown} of ${count}. See them all in the search.`,
    consultant: 'Consultant',
    openProfile: 'View profile',
    openSearch: 'Open the search',
    footer: (name: string) =>
      `You get this e-mail because weekly e-mails are on for your saved search "${name}". You can turn all weekly e-mails off under Settings > Notifications.`,
    unsubscribe: 'Stop the weekly e-mail for this search',
    availability: {
      available_now: () => 'Available now',
      available_at: (date: string | null) => (date ? `Available from ${formatDay(date, 'en')}` : 'Available'),
      available_with_in: (days: number | null) =>
        days === null ? 'Available' : `Available within ${days} days`,
      not_available: () => 'Not available',
    },
  },
} as const;

function describeAvailability(card: ConsultantCard, locale: Locale, today: string): string {
  const texts = TEXTS[locale].availability;
  const { kind, date, withinDays } = availabilityAsOf(card.availability, today);
  switch (kind) {
    case 'available_now':
      return texts.available_now();
    case 'available_at':
      return texts.available_at(date);
    case 'available_with_in':
      return texts.available_with_in(withinDays);
    case 'not_available':
      return texts.not_available();
  }
}

const locationLabel = (id: string, locale: Locale) =>
  (WORK_LOCATIONS_BY_ID as Readonly<Record<string, { label: Record<Locale, string> } | undefined>>)[id]
    ?.label[locale] ?? id;

/** One consultant as the mail lists it: a heading and a line of details. */
function describeMatch(match: WeeklyMailMatch, locale: Locale, today: string) {
  const { card } = match;
  const name =
    [card.firstName, card.lastName].filter((part) => part && part.trim() !== '').join(' ') ||
    TEXTS[locale].consultant;
  const titles = card.jobTitles[locale].join(', ');
  const details = [
    describeAvailability(card, locale, today),
    card.locations.map((id) => locationLabel(id, locale)).join(', '),
    card.skills
      .slice(0, CARD_SKILLS_SHOWN)
      .map((skill) => skill[locale])
      .join(', '),
  ].filter((part) => part !== '');
  return { heading: titles ? `${name} – ${titles}` : name, details: details.join(' · ') };
}

/** The weekly mail of one saved search in the subscriber's language. */
export function renderWeeklySavedSearchMail(params: WeeklyMailParams, locale: Locale): MailContent {
  const t = TEXTS[locale];
  const listed = params.matches.map((match) => ({
    ...describeMatch(match, locale, params.today),
    link: match.link,
  }));
  const more = params.newCount > listed.length ? t.more(listed.length, params.newCount) : null;
  const intro = (params.firstMail ? t.firstIntro : t.intro)(params.searchName, params.newCount);
  const subject = (params.firstMail ? t.firstSubject : t.subject)(params.searchName, params.newCount);

  const text = [
    t.greeting(params.firstName),
    '',
    intro,
    '',
    ...listed.flatMap((m) => [m.heading, m.details, `${t.openProfile}: ${m.link}`, '']),
    ...(more ? [more, ''] : []),
    `${t.openSearch}: ${params.searchLink}`,
    '',
    t.footer(params.searchName),
    `${t.unsubscribe}: ${params.unsubscribeLink}`,
    `— ${BRAND}`,
  ].join('\n');

  const items = listed
    .map(
      (m) =>
        `<li style="margin-bottom:14px"><a href="${escapeHtml(m.link)}" style="color:#1b4d89;font-weight:bold">${escapeHtml(m.heading)}</a>` +
        `<br><span style="color:#555">${escapeHtml(m.details)}</span></li>`,
    )
    .join('');
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">` +
    `<p>${escapeHtml(t.greeting(params.firstName))}</p>` +
    `<p>${escapeHtml(intro)}</p>` +
    `<ul style="padding-left:18px">${items}</ul>` +
    (more ? `<p>${escapeHtml(more)}</p>` : '') +
    `<p><a href="${escapeHtml(params.searchLink)}" style="display:inline-block;padding:10px 18px;background:#1b4d89;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(t.openSearch)}</a></p>` +
    `<p style="font-size:12px;color:#555">${escapeHtml(t.footer(params.searchName))}<br>` +
    `<a href="${escapeHtml(params.unsubscribeLink)}" style="color:#555">${escapeHtml(t.unsubscribe)}</a></p>` +
    `<p>${BRAND}</p></body></html>`;

  return { subject, text, html };
}
