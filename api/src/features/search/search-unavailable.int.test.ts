import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';

// Elasticsearch not answering is the search being down for a moment, not a bug: every search route answers 503
// SEARCH_UNAVAILABLE in the request's language, never a 500. An answer the cluster gives to a query it cannot
// handle stays our bug (500, generic message, nothing of the cluster's text).

/** An address where nothing listens: a port taken from the system and given back. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A stand-in cluster that answers every request with this status and Elasticsearch's error body. */
async function clusterAnswering(status: number, type: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, {
        'content-type': 'application/vnd.elasticsearch+json;compatible-with=9',
        'x-elastic-product': 'Elasticsearch',
      });
      response.end(JSON.stringify({ error: { type, reason: `secret detail of ${type}` }, status }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const search = (app: FastifyInstance, language?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/search/v3',
    headers: language ? { 'accept-language': language } : {},
    payload: { skills: [], pageSize: 6, facets: true },
  });

describe('search while Elasticsearch is not answering', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ ELASTICSEARCH_URL: await closedAddress() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 SEARCH_UNAVAILABLE in Swedish by default and in English when asked', async () => {
    const sv = await search(app);
    expect(sv.statusCode, sv.body).toBe(503);
    expect(sv.json()).toEqual({
      errorMessage: 'Sökningen svarar inte just nu. Försök igen om en stund',
      code: 'SEARCH_UNAVAILABLE',
    });
    const en = await search(app, 'en');
    expect(en.statusCode).toBe(503);
    expect(en.json()).toEqual({
      errorMessage: 'The search is not answering right now. Please try again in a moment',
      code: 'SEARCH_UNAVAILABLE',
    });
  });

  it('answers the tag suggestions the same way', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/search/tags',
      payload: { tag: 'skills', conditions: {} },
    });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SEARCH_UNAVAILABLE' });
  });
});

describe('search while the cluster answers with an error', () => {
  const servers: Server[] = [];
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
  async function appBehind(status: number, type: string) {
    const cluster = await clusterAnswering(status, type);
    servers.push(cluster.server);
    const app = await buildTestApp({ ELASTICSEARCH_URL: cluster.url });
    apps.push(app);
    return app;
  }

  it('answers 503 when the cluster is overloaded (429) or unavailable (503)', async () => {
    for (const [status, type] of [
      [429, 'es_rejected_execution_exception'],
      [503, 'search_phase_execution_exception'],
    ] as const) {
      const response = await search(await appBehind(status, type), 'en');
      expect(response.statusCode, `${status}: ${response.body}`).toBe(503);
      expect(response.json()).toMatchObject({ code: 'SEARCH_UNAVAILABLE' });
      expect(response.body).not.toContain('secret detail');
    }
  });

  it('answers 500 with the generic message when the cluster refuses the query itself (400)', async () => {
    const response = await search(await appBehind(400, 'parsing_exception'), 'en');
    expect(response.statusCode, response.body).toBe(500);
    expect(response.json()).toEqual({
      errorMessage: 'Whoops! Something went wrong. Please try again',
      code: 'INTERNAL',
    });
  });
});
