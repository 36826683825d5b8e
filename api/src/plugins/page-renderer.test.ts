import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import webStatic from './web-static';

// The public pages' answer from a server bundle (a stand-in with the real bundle's interface, written to disk
// and loaded as the API loads web/dist-server): the page composed into the built shell, redirects, pages the
// bundle leaves to the browser app, and a bundle that throws.

const SHELL = `<!doctype html>
<html lang="sv">
  <head>
    <title>Konsultmarknaden</title>
    <meta
      name="description"
      content="Shell description"
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <noscript>needs JavaScript</noscript>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const BUNDLE = `
export async function renderPage({ url, origin, cookie }) {
  const { pathname } = new URL(url);
  if (pathname === '/en/login') {
    const html = '<h1>Log in</h1><form data-testid="bankid-form"></form><p>$& $1 stay literal</p>';
    return { kind: 'page', status: 200, language: 'en', head: '<title>Log in – ' + origin + '</title>', html,
      data: JSON.stringify({ cookie: cookie ?? null }) };
  }
  if (pathname === '/sv/search') return { kind: 'redirect', status: 302, location: '/sv/app/search' };
  if (pathname === '/sv/profile/gone') return { kind: 'shell', status: 404 };
  if (pathname === '/sv/no-such-page') return { kind: 'shell', status: 404 };
  if (pathname === '/sv/app/dashboard') return { kind: 'shell', status: 200 };
  throw new Error('render failed');
}
`;

let app: FastifyInstance;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-renderer-'));
  writeFileSync(path.join(dir, 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'entry-server.mjs'), BUNDLE);
  app = Fastify();
  app.decorate('config', { PUBLIC_URL: 'https://example.se/' } as AppConfig);
  await app.register(webStatic, { root: dir, ssrEntry: path.join(dir, 'entry-server.mjs') });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('server-rendered public pages', () => {
  it('composes the rendered page into the shell: language, head, markup and hydration data', async () => {
    const response = await app.inject({ method: 'GET', url: '/en/login', headers: { cookie: 'a=1' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    // The shell's generic title, description and noscript give way to the page's head.
    expect(html).toContain('<title>Log in – https://example.se</title>');
    expect(html).not.toContain('<title>Konsultmarknaden</title>');
    expect(html).not.toContain('Shell description');
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain(
      '<div id="root"><h1>Log in</h1><form data-testid="bankid-form"></form><p>$& $1 stay literal</p></div>',
    );
    expect(html).toContain('<script type="application/json" id="ssr-data">{"cookie":"a=1"}</script>');
  });

  it('compresses the page for a browser that accepts brotli', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/en/login',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toContain('<h1>Log in</h1>');
  });

  it("answers the bundle's redirect", async () => {
    const response = await app.inject({ method: 'GET', url: '/sv/search' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/sv/app/search');
  });

  it("serves the shell with the bundle's status for a page it leaves to the browser app", async () => {
    const response = await app.inject({ method: 'GET', url: '/sv/profile/gone' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it("serves the shell with the bundle's status for a path outside the public pages, with or without a query", async () => {
    for (const [url, status] of [
      ['/sv/no-such-page', 404],
      ['/sv/no-such-page?x=1', 404],
      ['/sv/app/dashboard', 200],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the shell when rendering fails, and for public pages with a query', async () => {
    for (const url of ['/sv/faq', '/en/login?redirect=%2Fapp%2Fsettings']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('<title>Konsultmarknaden</title>');
    }
  });
});
