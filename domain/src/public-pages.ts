import { LOCALES, type Locale } from './locale';

// The public pages a visitor (and a search engine) can open without an account. The server renders them with
// their content; the sitemap lists them in every language beside the searchable public profiles. The login page
// is one of them: it is also where an account is created (BankID or e-mail), the entry a new consultant meets.

/** Paths below the language prefix of the server-rendered public pages (besides `/profile/{id}`). */
export const PUBLIC_PAGE_PATHS = [
  '/search',
  '/home',
  '/disc',
  '/faq',
  '/tos-users',
  '/privacy-policy',
  '/cookies',
  '/login',
] as const;

export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

const PUBLIC_PAGE = new RegExp(
  `^/(${LOCALES.join('|')})(${PUBLIC_PAGE_PATHS.map((page) => page.replace('/', '\\/')).join('|')}|/profile/[^/]+)/?$`,
);

/** The language and page of a server-rendered public page's path (`/sv/search`), or null for any other path. */
export function matchPublicPage(pathname: string): { language: Locale; page: string } | null {
  const match = PUBLIC_PAGE.exec(pathname);
  if (!match) return null;
  return { language: match[1] as Locale, page: match[2] ?? '' };
}

/** A public page's address in one language: `publicPageUrl('https://x.se', 'en', '/faq')`. */
export function publicPageUrl(origin: string, language: Locale, page: string): string {
  return `${origin.replace(/\/$/, '')}/${language}${page}`;
}
