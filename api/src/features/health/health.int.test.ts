import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';

describe('GET /api/health', () => {
  it('answers 200 with every dependency up', async () => {
    const app = await buildTestApp();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.status).toBe('ok');
      expect(body.dependencies.postgres.up).toBe(true);
      expect(body.dependencies.redis.up).toBe(true);
      expect(body.dependencies.elasticsearch.up).toBe(true);
    } finally {
      await app.close();
    }
  });

  describe('with Elasticsearch unreachable', () => {
    let app: Awaited<ReturnType<typeof buildTestApp>>;
    afterAll(async () => app?.close());

    it('answers 503 naming Elasticsearch, without crashing', async () => {
      // Port 9 (discard) on loopback: nothing listens there, so connections are refused at once.
      app = await buildTestApp({ ELASTICSEARCH_URL: 'http://127.0.0.1:9', HEALTH_TIMEOUT_MS: 1500 });
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body.status).toBe('degraded');
      expect(body.dependencies.elasticsearch.up).toBe(false);
      expect(body.dependencies.postgres.up).toBe(true);
      expect(body.dependencies.redis.up).toBe(true);
      // No internal error text for anonymous callers (issue 13), but for an admin.
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|detail/);
      const admin = await createUser(app.db, app.config, { isAdmin: true });
      const forAdmin = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: await createSessionToken(app, admin.id) },
      });
      expect(forAdmin.json().dependencies.elasticsearch.detail).toEqual(expect.any(String));
      // The app keeps serving after a failed dependency check.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    });
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const app = await buildTestApp();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().paths)).toContain('/api/health');
    } finally {
      await app.close();
    }
  });

  it('answers unknown routes with the spec error shape in the request language', async () => {
    const app = await buildTestApp();
    try {
      const en = await app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en' } });
      expect(en.statusCode).toBe(404);
      expect(en.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(typeof en.json().errorMessage).toBe('string');
    } finally {
      await app.close();
    }
  });
});
