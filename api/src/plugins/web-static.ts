import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built web app (`npm run build:web`), relative to this file so it works from any working directory. */
export const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

export interface WebStaticOptions {
  /** Where the built web app is; defaults to web/dist of this repository. */
  root?: string;
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
 * (/sv/search, /en/app/settings, ...) load the app. Missing files and unknown API paths keep the API's JSON
 * 404. Without a build (API-only tests) nothing is registered.
 */
export default async function webStatic(app: FastifyInstance, options: WebStaticOptions = {}) {
  const root = options.root ?? DEFAULT_WEB_DIST;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.info({ root }, 'web app not built; run `npm run build:web` to serve it from the API');
    return;
  }
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, index: false });

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
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
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { maxAge: 0, cacheControl: false });
  });
}
