import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { textFileSchema } from '@mp/api-contract/file.schema';
import { buildRobots, buildSitemap } from './seo.service';

/** What search engines read besides the pages: the sitemap and robots.txt (at the site's root). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = app.config.PUBLIC_URL.replace(/\/$/, '');
  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['public'],
        summary: 'The public pages and the searchable public profiles, in Swedish and English, with hreflang',
        response: { 200: textFileSchema },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(await buildSitemap(app.db, origin)),
  );
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['public'],
        summary: 'Crawling rules and the sitemap',
        response: { 200: textFileSchema },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(buildRobots(origin)),
  );
};
