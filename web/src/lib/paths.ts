// Every route of spec section 2, by its name, as a path below the language prefix. Components turn these into
// links with `useLocalizedPath`; the router in app/ defines the same paths.

const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: () => '/home',
  search: () => '/search',
  login: () => '/login',
  'auth-giggly': () => '/auth/giggly',
  'account-removed': () => '/auth/account/removed',
  'auth-setup': () => '/auth/setup',
  'auth-setup-success': () => '/auth/setup/success',
  'reset-password': () => '/auth/reset-password',
  'verify-email': () => '/verify/email',
  'email-change': () => '/account/email/change',
  'session-expired': () => '/session-expired',
  'tos-users': () => '/tos-users',
  'privacy-policy': () => '/privacy-policy',
  cookies: () => '/cookies',
  disc: () => '/disc',
  faq: () => '/faq',
  profile: (id: string) => `/profile/${segment(id)}`,
  'verify-reference': (token: string) => `/verify/reference/${segment(token)}`,
  join: (link: string) => `/join/${segment(link)}`,

  app: () => '/app',
  dashboard: () => '/app/dashboard',
  'inner-search': () => '/app/search',
  offers: () => '/app/offers',
  'inner-profile': (id: string) => `/app/profile/${segment(id)}`,
  agreements: () => '/app/agreements',
  time: () => '/app/time',
  company: () => '/app/company',
  'company-details': () => '/app/company/details',
  'company-members': () => '/app/company/members',
  'company-projects': () => '/app/company/projects',
  contracts: () => '/app/contracts',
  settings: () => '/app/settings',
  'settings-options': () => '/app/settings/options',
  'settings-privacy': () => '/app/settings/privacy',
  'settings-export': () => '/app/settings/export',
  billing: () => '/app/user/billing',
  bill: (id: string) => `/app/user/billing/${segment(id)}`,
  'edit-profile': () => '/app/edit-profile',
  subscription: () => '/app/subscription',
  assessment: () => '/app/assessment',

  god: () => '/god',
  'god-dashboard': () => '/god/dashboard',
  'god-terms': () => '/god/terms',
  'god-user-profile': (id: string) => `/god/user/${segment(id)}`,
  'god-pricing': () => '/god/pricing',
  'god-bills': () => '/god/bills',
  'god-users': () => '/god/users',
  'god-user': (userId: string) => `/god/users/${segment(userId)}`,
  'god-vocabulary': (kind: VocabularyKind) => `/god/vocabulary/${kind}`,
  'god-feedback': () => '/god/feedback',
  'god-offers': () => '/god/offers',
  'god-coach-slots': () => '/god/coach-slots',
  'god-audit': () => '/god/audit',
} as const;

export type RouteName = keyof typeof paths;

export const VOCABULARY_KINDS = ['job-titles', 'skills', 'languages', 'degrees', 'fields-of-study'] as const;
export type VocabularyKind = (typeof VOCABULARY_KINDS)[number];

/** `/sv` + `/app/dashboard`. */
export function localizePath(language: string, path: string): string {
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** The login route's `redirect` value that asks for the session-expired warning (spec section 2). */
export const EXPIRED_REDIRECT = 'expired';

/**
 * A `redirect` query value that is safe to navigate to after login: a path of our own below the language
 * prefix. Anything else (other origins, protocol-relative URLs, the login page itself) is dropped.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value === EXPIRED_REDIRECT) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (/^\/(login|session-expired)(?:[/?#]|$)/.test(value)) return null;
  return value;
}

/**
 * The session-expired page, remembering the page the user was on (below the language prefix, with its query) for
 * "Log in again" (`expired-login.ts` reads it; kept small, as the first script of every page carries it).
 */
export const sessionExpiredPathFor = (page: string): string =>
  `${paths['session-expired']()}?redirect=${encodeURIComponent(page)}`;

/** The login path that brings the user back to `target` (and an optional tab) afterwards. */
export function loginPathFor(target: string, tab?: string | null): string {
  const params = new URLSearchParams({ redirect: target });
  if (tab) params.set('tab', tab);
  return `${paths.login()}?${params.toString()}`;
}

/** Where to go after login: the remembered target with its tab, else the dashboard. */
export function postLoginPath(redirect: string | null | undefined, tab: string | null | undefined): string {
  const target = safeRedirectPath(redirect);
  if (!target) return paths.dashboard();
  if (!tab) return target;
  const [pathname = '', query = ''] = target.split('?');
  const params = new URLSearchParams(query);
  params.set('tab', tab);
  return `${pathname}?${params.toString()}`;
}
