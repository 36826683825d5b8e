import { DEFAULT_LOCALE, LOCALES } from '@mp/domain/locale';
import { PUBLIC_PAGE_PATHS, publicPageUrl } from '@mp/domain/public-pages';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { listPublicProfiles } from './seo.repository';

/**
 * A sitemap holds at most 50,000 addresses; each profile is listed in both languages. Past this a sitemap
 * index with several files is the next step.
 */
export const MAX_SITEMAP_PROFILES = 24_000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

const alternate = (hreflang: string, href: string) =>
  `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`;

/**
 * One page in every language, each entry naming its language twins and the default (Swedish) one, as the
 * pages' own heads do (hreflang).
 */
function entries(origin: string, page: string, lastModified?: Date): string[] {
  const alternates = [
    ...LOCALES.map((language) => alternate(language, publicPageUrl(origin, language, page))),
    alternate('x-default', publicPageUrl(origin, DEFAULT_LOCALE, page)),
  ].join('');
  const modified = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  return LOCALES.map(
    (language) =>
      `<url><loc>${escapeXml(publicPageUrl(origin, language, page))}</loc>${modified}${alternates}</url>`,
  );
}

/** sitemap.xml: the public pages and the searchable consultants' public profiles, in Swedish and English. */
export async function buildSitemap(db: Kysely<Database>, origin: string): Promise<string> {
  const profiles = await listPublicProfiles(db, MAX_SITEMAP_PROFILES);
  const urls = [
    ...PUBLIC_PAGE_PATHS.flatMap((page) => entries(origin, page)),
    ...profiles.flatMap((profile) =>
      entries(origin, `/profile/${encodeURIComponent(profile.userId)}`, new Date(profile.updatedAt)),
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
  ].join('\n');
}

/** robots.txt: everything public may be crawled, the app and the API not; where the sitemap is. */
export function buildRobots(origin: string): string {
  const disallowed = [
    '/api/',
    '/auth',
    ...LOCALES.flatMap((language) => [`/${language}/app`, `/${language}/god`]),
  ];
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
