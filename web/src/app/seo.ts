import { DEFAULT_LOCALE, LOCALES, type Locale } from '@mp/domain/locale';
import { publicPageUrl } from '@mp/domain/public-pages';
import type { TFunction } from 'i18next';
import { faqTextParams } from '../features/faq/lib/faq-text-params';
import type { ViewedProfile } from '../features/profiles/api/profile';
import {
  PROFILE_PROBLEM_MESSAGES,
  type ProfileProblem,
} from '../features/profiles/components/profile-load-error';
import { FALLBACK_PUBLIC_PRICES, type PublicPrices } from '../lib/public-prices';

// What a search engine reads in a server-rendered public page's head: title, description, canonical address,
// the same page in the other language (hreflang) and, where schema.org has a type for it, structured data.

export interface PageHead {
  title: string;
  description: string;
  /** null for a page search engines are to leave out (`noindex`): no address of its own to point to. */
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
  /** schema.org JSON-LD (a data block, not script: it passes a strict Content-Security-Policy). */
  structuredData: Record<string, unknown> | null;
  /** `<meta name="robots" content="noindex">`: a removed or missing profile's page. */
  noindex?: boolean;
}

interface HeadInput {
  origin: string;
  language: Locale;
  /** The path below the language prefix (`/search`, `/profile/{id}`). */
  page: string;
  t: TFunction;
  profile?: ViewedProfile;
  /** The profile page of a profile the API answered 404 or 410 for: the page shows why there is none. */
  profileProblem?: Exclude<ProfileProblem, 'loadFailed'>;
  /** The prices the page states (its route's loader): the FAQ's answers about costs. */
  prices?: PublicPrices;
}

interface FaqGroup {
  items: { question: string; answer: string }[];
}

const MAX_DESCRIPTION = 160;

function clip(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= MAX_DESCRIPTION ? clean : `${clean.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

function alternatesOf(origin: string, page: string) {
  return [
    ...LOCALES.map((language) => ({ hreflang: language, href: publicPageUrl(origin, language, page) })),
    { hreflang: 'x-default', href: publicPageUrl(origin, DEFAULT_LOCALE, page) },
  ];
}

function profileHead({ t, profile, origin, language, page }: HeadInput & { profile: ViewedProfile }) {
  const jobTitle = profile.jobTitles[0]?.name;
  const skills = profile.skills.slice(0, 5).map((skill) => skill.name);
  const title = jobTitle ? t('seo:profile.title', { jobTitle }) : t('seo:profile.titleWithoutJob');
  const description = clip(
    profile.shortDescription ??
      (skills.length > 0
        ? t('seo:profile.description', { skills: skills.join(', ') })
        : t('seo:profile.descriptionWithoutSkills')),
  );
  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: publicPageUrl(origin, language, page),
    inLanguage: language,
    ...(profile.updatedAt ? { dateModified: profile.updatedAt } : {}),
    mainEntity: {
      '@type': 'Person',
      ...(jobTitle ? { jobTitle } : {}),
      ...(profile.shortDescription ? { description: profile.shortDescription } : {}),
      knowsAbout: profile.skills.map((skill) => skill.name),
      knowsLanguage: profile.languages.map((entry) => entry.name),
    },
  };
  return { title, description, structuredData };
}

function pageStructuredData({
  t,
  origin,
  language,
  page,
  prices = FALLBACK_PUBLIC_PRICES,
}: HeadInput): Record<string, unknown> | null {
  const url = publicPageUrl(origin, language, page);
  if (page === '/search' || page === '/home') {
    return {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: t('product.name'),
      url: publicPageUrl(origin, language, '/home'),
      inLanguage: language,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${publicPageUrl(origin, language, '/search')}?keywords={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    };
  }
  if (page === '/faq') {
    // The answers as the page states them, with the same prices.
    const groups = t('faq:groups', { returnObjects: true, ...faqTextParams(prices, language) }) as FaqGroup[];
    return {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      url,
      inLanguage: language,
      mainEntity: groups.flatMap((group) =>
        group.items.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      ),
    };
  }
  return null;
}

/** The head of a public page in one language; the profile page needs the profile it shows. */
export function buildPageHead(input: HeadInput): PageHead {
  const { origin, language, page, t, profile, profileProblem } = input;
  const product = t('product.name');
  if (profileProblem) {
    // Nothing to index or to link in the other language: the page only says why there is no profile.
    return {
      title: `${t(PROFILE_PROBLEM_MESSAGES[profileProblem])} – ${product}`,
      description: t(`profiles:view.problems.${profileProblem}`),
      canonical: null,
      alternates: [],
      structuredData: null,
      noindex: true,
    };
  }
  const base = { canonical: publicPageUrl(origin, language, page), alternates: alternatesOf(origin, page) };
  if (profile) {
    const head = profileHead({ ...input, profile });
    return { ...base, ...head, title: `${head.title} – ${product}` };
  }
  const key = page.slice(1);
  const title = t(`seo:pages.${key}.title`);
  return {
    ...base,
    title: page === '/home' ? title : `${title} – ${product}`,
    description: t(`seo:pages.${key}.description`),
    structuredData: pageStructuredData(input),
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** JSON inside a `<script>` data block: `<` escaped so no text in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head's tags as HTML. */
export function renderPageHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    ...head.alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}" />`,
    ),
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    ...(head.canonical ? [`<meta property="og:url" content="${escapeHtml(head.canonical)}" />`] : []),
    `<meta property="og:type" content="website" />`,
  ];
  if (head.structuredData) {
    tags.push(`<script type="application/ld+json">${jsonForScript(head.structuredData)}</script>`);
  }
  return tags.join('\n    ');
}
