import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';

// Issue 14: every route answers in a shape the contract package declares. The OpenAPI document lists every
// route the app registers (only the web app's fallback is hidden); one without a `response` schema shows
// only Fastify's 'Default Response' with no content, and fails here.

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;

let app: FastifyInstance;

beforeAll(async () => {
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    { DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/marketplace_test' },
  );
  app = await buildApp(config);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

function operations(): { route: string; responses: Responses }[] {
  const document = app.swagger() as { paths: Record<string, Record<string, { responses?: Responses }>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      responses: operation.responses ?? {},
    })),
  );
}

describe('route contract', () => {
  it('finds the routes of every feature', () => {
    const routes = operations().map((operation) => operation.route);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toEqual(
      expect.arrayContaining(['POST /api/search/v3', 'GET /api/user', 'GET /api/profile', 'PUT /auth']),
    );
  });

  it('declares a response schema for the success answer of every route', () => {
    const missing = operations()
      .filter(({ responses }) =>
        Object.entries(responses).every(
          ([status, response]) =>
            !/^[23]/.test(status) || !Object.values(response.content ?? {}).some((media) => media.schema),
        ),
      )
      .map((operation) => operation.route);
    expect(missing).toEqual([]);
  });

  it('declares the one error shape for every client error', () => {
    const odd = operations().flatMap(({ route, responses }) =>
      Object.entries(responses)
        .filter(([status]) => /^4/.test(status))
        .filter(([, response]) =>
          Object.values(response.content ?? {}).some((media) => {
            const schema = media.schema as { properties?: Record<string, unknown> } | undefined;
            return !schema?.properties?.errorMessage || !schema.properties.code;
          }),
        )
        .map(([status]) => `${route} ${status}`),
    );
    expect(odd).toEqual([]);
  });
});
