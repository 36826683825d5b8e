import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';

// What search engines read besides the pages. The e2e suite checks that a seeded public profile is listed.

let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  app = await buildTestApp();
  origin = app.config.PUBLIC_URL.replace(/\/$/, '');
});
afterAll(async () => {
  await app?.close();
});

describe('sitemap.xml', () => {
  it('lists every public page, login included, in both languages with hreflang twins and x-default', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    for (const page of [
      '/search',
      '/home',
      '/disc',
      '/faq',
      '/tos-users',
      '/privacy-policy',
      '/cookies',
      '/login',
    ]) {
      const entry = new RegExp(`<url><loc>${origin}/en${page}</loc>(.*?)</url>`).exec(xml)?.[1] ?? '';
      expect(xml, page).toContain(`<loc>${origin}/sv${page}</loc>`);
      expect(entry, page).toContain(`hreflang="sv" href="${origin}/sv${page}"`);
      expect(entry, page).toContain(`hreflang="en" href="${origin}/en${page}"`);
      expect(entry, page).toContain(`hreflang="x-default" href="${origin}/sv${page}"`);
    }
    // The app and the one-time pages (setup, verification links) are no entry pages.
    expect(xml).not.toMatch(/\/(?:sv|en)\/(?:app|god|auth|verify)\b/);
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the app, the admin area and the API, and names the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.headers['content-type']).toContain('text/plain');
    for (const line of [
      'Disallow: /api/',
      'Disallow: /sv/app',
      'Disallow: /en/god',
      `Sitemap: ${origin}/sitemap.xml`,
    ]) {
      expect(response.body).toContain(line);
    }
    expect(response.body).not.toContain('Disallow: /sv/login');
  });
});
