import './lib/zod-jitless';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { ensureMessages, i18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { getToken } from './lib/token';
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
  const data = readSsrData();
  if (data && !getToken()) {
    hydrate(queryClient, data.queries);
    if (i18n.resolvedLanguage !== data.language) await i18n.changeLanguage(data.language);
    await Promise.all([i18n.loadNamespaces(data.namespaces), ensureMessages()]);
    const router = createAppRouter({ hydrationData: data.router });
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

// A server-rendered page has the @font-face rules in its head; the plain shell gets them here.
if (!document.head.querySelector('style[data-font-faces]')) {
  void import('./app/fonts').then((module) => module.ensureFontFaces());
}
void start(container);
