import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The public pages' server rendering, in the API's own process: the web app's server bundle
// (`vite build --ssr`, web/dist-server) renders a page, asking this process for its data through Fastify's
// inject (no network hop, the same validation and anonymisation as any caller), and the page is the built
// index.html with that markup, its head and its hydration data filled in.

/** The web app's server bundle, relative to this file so it works from any working directory. */
export const DEFAULT_SSR_ENTRY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist-server/entry-server.js',
);

type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** What web/src/entry-server.tsx exports (the API never imports web code; it loads the built bundle). */
interface RenderResultPage {
  kind: 'page';
  status: number;
  language: string;
  head: string;
  html: string;
  data: string;
}
type RenderResult =
  | RenderResultPage
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'shell'; status: number };

interface ServerBundle {
  renderPage(input: {
    url: string;
    origin: string;
    fetchApi: ApiFetch;
    cookie?: string;
  }): Promise<RenderResult>;
}

export interface PageRenderer {
  /**
   * Answers a page's request: a public page rendered (with the bundle's status: 410 or 404 for a removed or
   * missing profile, whose page says so), or a redirect; false when it did not (the caller serves the app shell,
   * with the status the bundle set: 404 for an unknown path).
   */
  handle(request: FastifyRequest, reply: FastifyReply, shell: string): Promise<boolean>;
}

/** Loads the server bundle; null when the web app has not been built for server rendering. */
export async function loadServerBundle(entry = DEFAULT_SSR_ENTRY): Promise<ServerBundle | null> {
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as ServerBundle;
}

/** Replaces the first match by a literal text (no `$` patterns, which page text may contain). */
function replaceOnce(text: string, pattern: string | RegExp, replacement: string): string {
  return text.replace(pattern, () => replacement);
}

/** The built index.html with a rendered page in it. */
export function composePage(shell: string, page: RenderResultPage): string {
  let html = replaceOnce(shell, /<html lang="[^"]*">/, `<html lang="${page.language}">`);
  html = replaceOnce(html, /<title>[\s\S]*?<\/title>\s*/, '');
  html = replaceOnce(html, /<meta\s+name="description"[\s\S]*?\/>\s*/, '');
  html = replaceOnce(html, /<noscript>[\s\S]*?<\/noscript>\s*/, '');
  html = replaceOnce(html, '</head>', `  ${page.head}\n  </head>`);
  return replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root">${page.html}</div>\n    <script type="application/json" id="ssr-data">${page.data}</script>`,
  );
}

function headersOf(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  return headers;
}

/** Pages are a few dozen KB of markup: compressed once per response, as the static files are ahead of time. */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = request.headers['accept-encoding'] ?? '';
  // A page differs with the cookie banner's agreement (a cookie), besides the encoding.
  reply.header('Vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) {
    const body = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) {
    return reply.header('Content-Encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  }
  return reply.send(html);
}

export function createPageRenderer(app: FastifyInstance, bundle: ServerBundle): PageRenderer {
  const origin = app.config.PUBLIC_URL.replace(/\/$/, '');
  return {
    async handle(request, reply, shell) {
      // The page's data comes from this process, as the visitor (their address counts for rate limits).
      const fetchApi: ApiFetch = async (url, init) => {
        const response = await app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url,
          headers: init.headers as Record<string, string>,
          payload: typeof init.body === 'string' ? init.body : undefined,
          remoteAddress: request.ip,
        });
        const empty = response.statusCode === 204 || response.rawPayload.length === 0;
        return new Response(empty ? null : new Uint8Array(response.rawPayload), {
          status: response.statusCode,
          headers: headersOf(response.headers),
        });
      };
      let result: RenderResult;
      try {
        result = await bundle.renderPage({
          url: `${origin}${request.url}`,
          origin,
          fetchApi,
          // Only the cookie banner's agreement is read from it (web/src/features/cookie-consent/consent.ts).
          cookie: request.headers.cookie,
        });
      } catch (error) {
        // The browser app can still show the page from the shell: log and fall back.
        request.log.error({ err: error }, 'server rendering failed; serving the app shell');
        return false;
      }
      reply.header('Cache-Control', 'no-cache');
      if (result.kind === 'redirect') {
        await reply.redirect(result.location, result.status);
        return true;
      }
      if (result.kind === 'shell') {
        reply.status(result.status);
        return false;
      }
      await sendCompressed(request, reply.status(result.status), composePage(shell, result));
      return true;
    },
  };
}
