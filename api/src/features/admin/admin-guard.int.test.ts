import { randomUUID } from 'node:crypto';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';

// Every admin operation comes from the OpenAPI document, so a route added later is checked without anyone
// remembering to list it here.

let app: FastifyInstance;
let operations: { method: HTTPMethods; url: string; label: string }[];

beforeAll(async () => {
  app = await buildTestApp();
  const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/') || path === '/api/admin')
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase() as HTTPMethods,
        url: path.replace(/\{[^}]+\}/g, randomUUID()),
        label: `${method.toUpperCase()} ${path}`,
      })),
    );
});
afterAll(async () => {
  await app?.close();
});

describe('/api/admin/*', () => {
  it('lists the admin operations in the OpenAPI document', () => {
    const labels = operations.map((operation) => operation.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'GET /api/admin/dashboard',
        'GET /api/admin/users',
        'GET /api/admin/users/{userId}',
        'PUT /api/admin/users/{userId}/profile',
        'POST /api/admin/terms/{id}/publish',
        'DELETE /api/admin/terms/{id}',
        'PUT /api/admin/feedback/{id}',
        'DELETE /api/admin/offers/{id}',
        'GET /api/admin/vocabularies/{kind}',
        'POST /api/admin/vocabularies/{kind}',
        'PUT /api/admin/vocabularies/{kind}/{id}',
        'POST /api/admin/vocabularies/{kind}/{id}/merge',
        'GET /api/admin/vocabularies/changes',
        'GET /api/admin/vocabularies/changes/{changeId}',
        'GET /api/admin/pricing',
        'PUT /api/admin/pricing/plans/{code}',
        'PUT /api/admin/pricing/products/{code}',
        'GET /api/admin/coach-slots',
        'POST /api/admin/coach-slots',
        'DELETE /api/admin/coach-slots/{id}',
      ]),
    );
  });

  it('answers 403 to a verified non-admin and 401 to a visitor on every admin operation', async () => {
    const user = await createUser(app.db, app.config, { verified: true, isAdmin: false, isPremium: true });
    const token = await createSessionToken(app, user.id);
    const outcomes: string[] = [];
    for (const operation of operations) {
      // A body that would fail validation: the admin check must come first.
      const payload = ['POST', 'PUT', 'PATCH'].includes(operation.method) ? { unexpected: true } : undefined;
      const asUser = await app.inject({
        method: operation.method,
        url: operation.url,
        headers: { authorization: token, 'accept-language': 'en' },
        payload,
      });
      const asVisitor = await app.inject({ method: operation.method, url: operation.url, payload });
      outcomes.push(`${operation.label} user=${asUser.statusCode} visitor=${asVisitor.statusCode}`);
      expect(asUser.json()).toEqual({ code: 'FORBIDDEN', errorMessage: 'Forbidden' });
    }
    expect(outcomes).toEqual(operations.map((operation) => `${operation.label} user=403 visitor=401`));
  });

  it('lets an admin in', async () => {
    const admin = await createUser(app.db, app.config, { isAdmin: true });
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: await createSessionToken(app, admin.id) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().users.admins).toBeGreaterThanOrEqual(1);
  });
});
