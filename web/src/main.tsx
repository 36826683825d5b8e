import './lib/zod-jitless';
import { CacheProvider } from '@emotion/react';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, preloadPages } from './app/router';
import { browserStyleCache } from './app/style-cache';
import { ensureMessages, i18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { getToken } from './lib/token';
import { yieldToMain } from './lib/yield-to-main';
import { readSsrData } from './ssr-data';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * A server-rendered public page is hydrated with the data it was rendered from (loader results, the query
 * cache, its translations). A logged-in visitor sees other content than the anonymous page the server
 * rendered (and is sent on to the inner pages), so the app renders afresh instead; so do pages served as the
 * plain shell.
 */
async function start(root: HTMLElement) {
  // Evaluating the first script is a task of its own, and so are reading the page's data, building the router
  // and asking for the page's code. At a phone's speed (4x CPU slowdown) they take 10-30, 45-55 and 5-15 ms:
  // as one task (80-100 ms) they blocked the main thread beyond the 50 ms that counts towards Total Blocking
  // Time, and Lighthouse's /sv/login scored 0.90 (0.94 split).
  await yieldToMain();
  const styleCache = browserStyleCache();
  const data = readSsrData();
  if (data && !getToken()) {
    hydrate(queryClient, data.queries);
    await yieldToMain();
    // With the server's loader data the router runs no loader.
    const router = createAppRouter({ hydrationData: data.router });
    await yieldToMain();
    // The page's code downloads beside its translations instead of after them; a failure shows when the page
    // renders (the route's error page).
    const pages = preloadPages(router).catch(() => undefined);
    if (i18n.resolvedLanguage !== data.language) await i18n.changeLanguage(data.language);
    await Promise.all([i18n.loadNamespaces(data.namespaces), ensureMessages(), pages]);
    // A task of its own for hydration: when everything above was already there, it would otherwise run in the
    // same task as the router's set-up.
    await yieldToMain();
    // Hydration as a transition (as Next.js hydrates): React renders it in slices and yields to the browser
    // between them, instead of one long task in a blocking lane that holds a phone's main thread.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <CacheProvider value={styleCache}>
            <App router={router} />
          </CacheProvider>
        </StrictMode>,
      );
    });
    return;
  }
  const router = createAppRouter();
  void preloadPages(router).catch(() => undefined);
  createRoot(root).render(
    <StrictMode>
      <CacheProvider value={styleCache}>
        <App router={router} />
      </CacheProvider>
    </StrictMode>,
  );
}

// A server-rendered page has the @font-face rules in its head; the plain shell gets them here.
if (!document.head.querySelector('style[data-font-faces]')) {
  void import('./app/fonts').then((module) => module.ensureFontFaces());
}
void start(container);
