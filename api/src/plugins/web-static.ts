import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { matchPublicPage } from '@mp/domain/public-pages';
import type { FastifyInstance } from 'fastify';
import { createPageRenderer, loadServerBundle } from './page-renderer';

/** The built web app (`npm run build:web`), relative to this file so it works from any working directory. */
export const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

export interface WebStaticOptions {
  /** Where the built web app is; defaults to web/dist of this repository. */
  root?: string;
  /** The web app's server bundle; defaults to web/dist-server/entry-server.js of this repository. */
  ssrEntry?: string;
}

/** Paths the API and the auth host own: never answered with the web app, so their 404s stay JSON. */
const API_PATH = /^\/(?:api|auth)(?:[/?]|$)/;
/** A request for a file (has an extension in its last segment) rather than a page. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]+$/i;
/** Vite's content-hashed output: safe to cache for a year. */
const HASHED_ASSET = /^\/assets\//;

/**
 * Serves the web app on the API's port: static files from web/dist (precompressed .br/.gz twins when the
 * browser accepts them), and index.html for every other GET outside /api and /auth, so client-side routes
 * (/sv/search, /en/app/settings, ...) load the app; the public pages (search, profile, home, ...) come
 * server-rendered with their content (`page-renderer.ts`) when the server bundle is built, and a path no route
 * of the web app matches answers 404 (the bundle says so; the browser app shows its not-found page). Missing
 * files and unknown API paths keep the API's JSON 404. Without a build (API-only tests) nothing is registered.
 */
export default async function webStatic(app: FastifyInstance, options: WebStaticOptions = {}) {
  const root = options.root ?? DEFAULT_WEB_DIST;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.info({ root }, 'web app not built; run `npm run build:web` to serve it from the API');
    return;
  }
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, index: false });
  const shell = readFileSync(path.join(root, 'index.html'), 'utf8');
  const bundle = await loadServerBundle(options.ssrEntry);
  if (!bundle) app.log.info('web app not built for server rendering; public pages are served as the shell');
  const renderer = bundle ? createPageRenderer(app, bundle) : null;

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (API_PATH.test(pathname)) return reply.callNotFound();
    if (FILE_PATH.test(pathname)) {
      const immutable = HASHED_ASSET.test(pathname);
      return reply.sendFile(pathname.slice(1), {
        maxAge: immutable ? '365d' : 0,
        immutable,
        cacheControl: true,
      });
    }
    // A public page is rendered at its canonical address (no query); `?keywords=` and the like are the browser
    // app's to apply. Any other page comes as the shell, with the status the bundle gives it (404 for a path no
    // route matches).
    const canonical = !request.url.includes('?');
    const askBundle = matchPublicPage(pathname) ? canonical : true;
    if (renderer && askBundle && (await renderer.handle(request, reply, shell))) {
      return reply;
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { maxAge: 0, cacheControl: false });
  });
}
