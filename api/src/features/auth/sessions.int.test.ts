import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { useTestApp } from '@mp/test-support/test-app';

const api = useTestApp();
const { call, createLoggedInUser } = api;

describe('sessions', () => {
  const protectedRoutes: ['GET' | 'POST', string, object?][] = [
    ['GET', '/api/user'],
    ['POST', '/api/user', {}],
    ['GET', '/api/check/subscription'],
    ['GET', '/api/companies'],
    ['POST', '/api/user/password', { newPassword: 'whatever-123' }],
    ['POST', '/api/user/settings/email', { email: 'x@example.se' }],
    ['POST', '/api/verify/email/resend'],
    ['GET', '/api/terms/application/accept'],
    ['POST', '/api/user/delete', { confirmation: 'delete', password: 'x' }],
    ['POST', '/api/user/delete/bankid'],
    ['GET', '/api/user/export'],
  ];

  it('refuses an expired token on every protected route with the session-expired message', async () => {
    const user = await createLoggedInUser();
    const jti = randomUUID();
    await api.app.db
      .insertInto('sessions')
      .values({
        jti,
        user_id: user.id,
        created_at: new Date(Date.now() - 7_200_000),
        expires_at: new Date(Date.now() - 3_600_000),
      })
      .execute();
    const expired = api.app.jwt.sign({
      sub: user.id,
      jti,
      iat: Math.floor(Date.now() / 1000) - 7200,
      exp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const [method, url, payload] of protectedRoutes) {
      const response = await call(method, url, expired, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json(), `${method} ${url}`).toEqual({
        code: 'SESSION_EXPIRED',
        errorMessage: 'Session has expired. Please login again',
      });
    }
    const sv = await call('GET', '/api/user', expired, undefined, 'sv');
    expect(sv.json().errorMessage).toBe('Sessionen har gått ut. Logga in igen');
  });

  it('revokes the session at logout, on every protected route', async () => {
    const user = await createLoggedInUser();
    expect((await call('GET', '/api/user', user.token)).statusCode).toBe(200);
    const out = await call('GET', '/api/logout', user.token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ loggedOut: true });
    for (const [method, url, payload] of protectedRoutes) {
      const response = await call(method, url, user.token, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('SESSION_REVOKED');
    }
    // Logging out again, or without a token, is harmless.
    expect((await call('GET', '/api/logout', user.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/logout', null)).statusCode).toBe(200);
  });

  it('refuses a missing, forged or malformed token', async () => {
    const user = await createLoggedInUser();
    const forged = api.app.jwt.sign({ sub: user.id, jti: randomUUID() });
    const otherSecret = await buildTestApp({
      JWT_SECRET: 'another-secret-that-is-long-enough-0123456789',
    });
    const foreign = otherSecret.jwt.sign({ sub: user.id, jti: randomUUID() });
    await otherSecret.close();
    for (const token of [null, 'garbage', forged, foreign]) {
      const response = await call('GET', '/api/user', token);
      expect(response.statusCode).toBe(401);
      expect(['UNAUTHORIZED', 'SESSION_REVOKED']).toContain(response.json().code);
    }
  });
});
