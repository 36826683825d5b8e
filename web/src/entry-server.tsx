import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { matchPublicPage } from '@mp/domain/public-pages';
import { defaultShouldDehydrateQuery, dehydrate, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { fontHead } from './app/fonts';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { serverStyleCache, serverStyleTags } from './app/style-cache';
import { buildPageHead, jsonForScript, renderPageHead } from './app/seo';
import { CONSENT_COOKIE, setServerConsent } from './features/cookie-consent/consent';
import { profileProblemOf } from './features/profiles/components/profile-load-error';
import { isProfileGone, viewedProfileQueryOptions } from './features/profiles/hooks/use-viewed-profile';
import { prefetchSearchScreen } from './features/search/search-screen-data';
import { isApiError, setApiFetch, type ApiFetch } from './lib/api-client';
import { i18n, LOCALE_NAMESPACES } from './lib/i18n';
import type { PublicPrices } from './lib/public-prices';
import { queryClient } from './lib/query-client';
import type { SsrData } from './ssr-data';
import { serializeQueryErrors } from './ssr-errors';
import { canonicalLanguagePath, type Language } from './lib/language';

// The server side of the public pages (React Router's data-router server rendering, React 19's prerender and
// Emotion's critical-CSS extraction, as MUI documents it). The API's Fastify process imports the built bundle
// and calls `renderPage` for the paths `matchPublicPage` accepts; the browser hydrates the same routes
// (main.tsx). The web app's modules hold one i18n instance, one query cache and one search store, as a browser
// tab does, so pages render one at a time: a render takes milliseconds, and more processes scale it out.

export { matchPublicPage };

export interface RenderInput {
  /** The request's absolute URL. */
  url: string;
  /** Where the site is public (canonical and hreflang addresses). */
  origin: string;
  /** Calls the API in the same process (Fastify's inject), with the visitor's language. */
  fetchApi: ApiFetch;
  /** The request's Cookie header: whether the visitor has agreed to the cookie banner. */
  cookie?: string;
}

export type RenderResult =
  | {
      kind: 'page';
      status: number;
      language: string;
      /** Title, description, canonical, hreflang, structured data and the critical CSS. */
      head: string;
      /** The markup inside `#root`. */
      html: string;
      /** The hydration data block (JSON, `<` escaped). */
      data: string;
    }
  | { kind: 'redirect'; status: number; location: string }
  /**
   * Not rendered here (an error, a page behind login, an unknown path): the browser app takes it from the
   * shell. A profile that is removed (410) or missing or not public (404) is rendered: its page says so.
   */
  | { kind: 'shell'; status: number };

const handler = createStaticHandler(routes);

/** react-i18next's record of the namespaces that rendered components asked for. */
interface UsedNamespaces {
  usedNamespaces: Record<string, boolean>;
}

let loaded: Promise<unknown> | undefined;
/** Every translation in both languages, once: no render waits for a namespace. */
function loadTranslations(): Promise<unknown> {
  loaded ??= Promise.all([
    i18n.loadLanguages(['sv', 'en']),
    i18n.loadNamespaces([...LOCALE_NAMESPACES, 'messages']),
  ]).then(() => i18n.loadNamespaces([...LOCALE_NAMESPACES, 'messages']));
  return loaded;
}

let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The API answers a page's data needs: the search's first six cards, or the anonymous profile. A status when the
 * page is left to the browser app (a client error other than a removed or missing profile, whose failed query
 * stays in the cache for the page to show).
 */
async function prefetch(page: string, language: Language): Promise<number | null> {
  if (page === '/search') {
    await prefetchSearchScreen(queryClient, language);
    return null;
  }
  const profileId = /^\/profile\/(.+)$/.exec(page)?.[1];
  if (profileId) {
    try {
      await queryClient.fetchQuery(viewedProfileQueryOptions(decodeURIComponent(profileId)));
    } catch (error) {
      if (isProfileGone(error)) return null;
      if (isApiError(error) && error.status >= 400 && error.status < 500) return error.status;
      throw error;
    }
  }
  return null;
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The status of a page the browser app renders from the shell: 404 for a path under a language prefix that no
 * route but a catch-all (`*`, the not-found page) matches, so that search engines and links see a missing page
 * as missing. A path without a canonical prefix is 200: the browser app sends it on to one first (with the
 * visitor's remembered language), and the answer there counts. Pages behind login exist whoever asks.
 */
function shellStatus(pathname: string): number {
  if (canonicalLanguagePath(pathname)) return 200;
  const deepest = matchRoutes(routes, pathname)?.at(-1)?.route;
  return !deepest || deepest.path === '*' ? 404 : 200;
}

async function render(
  input: RenderInput,
  match: { language: Language; page: string },
): Promise<RenderResult> {
  await loadTranslations();
  setApiFetch(input.fetchApi);
  setServerConsent((input.cookie ?? '').split(/;\s*/).includes(`${CONSENT_COOKIE}=1`));
  queryClient.clear();
  // Which namespaces this page used: the browser loads exactly these before it hydrates.
  const report = () => (i18n as { reportNamespaces?: UsedNamespaces }).reportNamespaces;
  const before = report();
  if (before) before.usedNamespaces = {};

  const context = await handler.query(new Request(input.url));
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    return location
      ? { kind: 'redirect', status: context.status, location }
      : { kind: 'shell', status: context.status };
  }
  if (context.errors) return { kind: 'shell', status: context.statusCode };

  const failedStatus = await prefetch(match.page, match.language);
  if (failedStatus !== null) return { kind: 'shell', status: failedStatus };

  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = serverStyleCache();
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
    // Every boundary written in place: no outlined segments, so no inline script to swap them in (strict CSP).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await readStream(prelude);
  // Every style this render inserted, not only the classes in the markup: MUI's components are styled in
  // layers (ButtonBase under Button, Paper under Card), and Emotion inserts each layer's class as well as the
  // merged one the markup carries. Left out, the browser compiled and inserted those ~120 rules (stylis) while
  // hydrating; listed, the browser's cache takes them as inserted.
  const styles = serverStyleTags(
    emotion.extractCriticalToChunks(`${html} ${Object.keys(cache.registered).join(' ')}`).styles,
  );

  const t = i18n.getFixedT(match.language);
  const profileKey = match.page.startsWith('/profile/')
    ? viewedProfileQueryOptions(decodeURIComponent(match.page.slice('/profile/'.length))).queryKey
    : undefined;
  const profile = profileKey && queryClient.getQueryData(profileKey);
  // A removed (410) or missing (404) profile: the page shows why, with that status, and is not to be indexed.
  const profileError = profileKey && queryClient.getQueryState(profileKey)?.error;
  const gone = isProfileGone(profileError) ? profileError : undefined;
  const profileProblem = gone ? profileProblemOf(gone) : undefined;
  // The FAQ's structured data states the prices its page does: its route's loader data.
  const prices =
    match.page === '/faq'
      ? (context.loaderData[context.matches.at(-1)?.route.id ?? ''] as PublicPrices | undefined)
      : undefined;
  const head = buildPageHead({
    origin: input.origin,
    language: match.language,
    page: match.page,
    t,
    profile,
    profileProblem: profileProblem === 'loadFailed' ? undefined : profileProblem,
    prices,
  });
  const data: SsrData = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    // Besides the successful queries, a removed or missing profile's failed one: the browser shows the same
    // page from it instead of asking the API again (its ApiError as JSON, made one again on reading).
    queries: serializeQueryErrors(
      dehydrate(queryClient, {
        shouldDehydrateQuery: (query: Query) =>
          defaultShouldDehydrateQuery(query) ||
          (query.state.status === 'error' && isProfileGone(query.state.error)),
      }),
    ),
    language: match.language,
    namespaces: Object.keys(report()?.usedNamespaces ?? {}),
  };
  queryClient.clear();
  return {
    kind: 'page',
    status: gone?.status ?? context.statusCode,
    language: match.language,
    head: `${renderPageHead(head)}\n    ${fontHead()}\n    ${styles}`,
    html,
    data: jsonForScript(data),
  };
}

/** Renders one public page, or tells the status of a page the browser app renders (see `RenderResult`). */
export function renderPage(input: RenderInput): Promise<RenderResult> {
  const { pathname } = new URL(input.url);
  const match = matchPublicPage(pathname);
  // Only a route match, no render: it need not wait for the page being rendered.
  if (!match) return Promise.resolve({ kind: 'shell', status: shellStatus(pathname) });
  return oneAtATime(() => render(input, match));
}
