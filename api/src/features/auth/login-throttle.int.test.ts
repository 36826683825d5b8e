import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createEmail, createTestIp, createUser } from '@mp/test-support/factories';

// Issue 13 item 6: atomic login throttling, proxy hops, IPv6 clients by /64, and general rate limits shared by
// every API process.

const apps: FastifyInstance[] = [];
async function app(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const built = await buildTestApp(overrides);
  apps.push(built);
  return built;
}
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

let plain: FastifyInstance;
beforeAll(async () => {
  plain = await app({ LOGIN_MAX_FAILURES_PER_IP: 3 });
});

const login = (
  target: FastifyInstance,
  email: string,
  password: string,
  remoteAddress: string,
  xff?: string,
) =>
  target.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: xff ? { 'x-forwarded-for': xff } : {},
    payload: { email, password },
  });

describe('login throttling', () => {
  it('lets at most 5 of 20 parallel wrong-password logins for one e-mail through to a password check', async () => {
    const limited = await app();
    const user = await createUser(limited.db, limited.config);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(limited, user.email!, 'wrong-password', createTestIp())),
    );
    const codes = answers.map((a) => (a.json() as { code: string }).code);
    expect(codes.filter((c) => c !== '403E005').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === '403E005').length).toBeGreaterThanOrEqual(15);
    // And the right password is refused too while the limit holds.
    const right = await login(limited, user.email!, user.password!, createTestIp());
    expect(right.json()).toMatchObject({ code: '403E005' });
  });

  it('counts a successful login as a success, not a failure', async () => {
    const user = await createUser(plain.db, plain.config);
    const ip = createTestIp();
    for (let i = 0; i < 6; i++) {
      expect((await login(plain, user.email!, user.password!, ip)).statusCode).toBe(200);
    }
  });

  it('keys IPv6 clients by their /64', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (const host of ['1', '2', '3']) {
      const answer = await login(plain, createEmail(), 'wrong-password', `${prefix}::${host}`);
      expect(answer.statusCode).toBe(401);
    }
    const fourth = await login(plain, createEmail(), 'wrong-password', `${prefix}:ffff:eeee:dddd:4`);
    expect(fourth.json()).toMatchObject({ code: '403E005' });
    const otherNetwork = await login(plain, createEmail(), 'wrong-password', `${prefix}1::1`);
    expect(otherNetwork.statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For without configured proxies, and trusts exactly the configured hops', async () => {
    const proxy = createTestIp();
    for (let i = 0; i < 3; i++) {
      await login(plain, createEmail(), 'wrong-password', proxy, createTestIp());
    }
    const spoofed = await login(plain, createEmail(), 'wrong-password', proxy, createTestIp());
    expect(spoofed.json()).toMatchObject({ code: '403E005' });

    const behindProxy = await app({ LOGIN_MAX_FAILURES_PER_IP: 3, TRUST_PROXY_HOPS: 1 });
    const loadBalancer = createTestIp();
    const client = createTestIp();
    for (let i = 0; i < 3; i++) {
      // A client-chosen first entry is not trusted: only the address the one proxy appended counts.
      await login(behindProxy, createEmail(), 'wrong-password', loadBalancer, `${createTestIp()}, ${client}`);
    }
    const blocked = await login(behindProxy, createEmail(), 'wrong-password', loadBalancer, client);
    expect(blocked.json()).toMatchObject({ code: '403E005' });
    const otherClient = await login(
      behindProxy,
      createEmail(),
      'wrong-password',
      loadBalancer,
      createTestIp(),
    );
    expect(otherClient.statusCode).toBe(401);
  });
});

describe('general rate limits', () => {
  it('are shared by every API process through Redis and answer 429 in the one shape', async () => {
    const [first, second] = [await app({ RATE_LIMITS: true }), await app({ RATE_LIMITS: true })];
    const ip = createTestIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const target = i % 2 === 0 ? first : second;
      const answer = await target.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
        payload: { email: createEmail() },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.json()).toEqual({
          errorMessage: 'Too many requests, please try again later',
          code: 'TOO_MANY_REQUESTS',
        });
        expect(answer.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Another address is not affected.
    const other = await second.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      remoteAddress: createTestIp(),
      payload: { email: createEmail() },
    });
    expect(other.statusCode).toBe(202);
  });

  it('limit checks of password reset links per address, as the reset itself', async () => {
    const limited = await app({ RATE_LIMITS: true });
    const ip = createTestIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await limited.inject({
        method: 'POST',
        url: '/api/auth/password/reset/check',
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
        payload: { token: `guess-${i}` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });

  it('limits searches per address', async () => {
    const limited = await app({ RATE_LIMITS: true });
    const ip = createTestIp();
    const answers = [];
    for (let i = 0; i < 121; i++) {
      answers.push(
        await limited.inject({
          method: 'POST',
          url: '/api/search/vocabulary/v2',
          remoteAddress: ip,
          payload: { vocabulary: 'skills', searchTerm: 'jav' },
        }),
      );
    }
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(0);
    const many = await Promise.all(
      Array.from({ length: 200 }, () =>
        limited.inject({
          method: 'POST',
          url: '/api/search/vocabulary/v2',
          remoteAddress: ip,
          payload: { vocabulary: 'skills', searchTerm: 'jav' },
        }),
      ),
    );
    expect(many.filter((a) => a.statusCode === 429).length).toBe(21);
  });
});
