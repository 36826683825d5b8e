import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { clientKey } from '../lib/client-address';

type Policy = Pick<RateLimitOptions, 'max' | 'timeWindow'>;

/**
 * Every rate-limited route and its limit per client address (an IPv6 client by its /64), in one table.
 * Logins and password confirmations have their own, stricter limit (403E005, `login-rate-limit.ts`).
 */
export const RATE_LIMIT_POLICIES: Readonly<Record<string, Policy>> = {
  'POST /api/auth/register': { max: 10, timeWindow: '1 hour' },
  'POST /api/auth/password/forgot': { max: 5, timeWindow: '15 minutes' },
  'POST /api/auth/password/reset': { max: 10, timeWindow: '15 minutes' },
  'POST /api/auth/password/reset/check': { max: 10, timeWindow: '15 minutes' },
  'POST /api/search/inquiry': { max: 10, timeWindow: '1 hour' },
  'POST /api/profile/experiences/:experienceId/references': { max: 30, timeWindow: '1 hour' },
  'POST /api/profile/references/:referenceId/resend': { max: 30, timeWindow: '1 hour' },
  'POST /api/company/:companyId/invites': { max: 20, timeWindow: '1 hour' },
  'POST /api/search/v3': { max: 120, timeWindow: '1 minute' },
  'POST /api/search/tags/v2': { max: 300, timeWindow: '1 minute' },
  'POST /api/search/tags': { max: 300, timeWindow: '1 minute' },
  'POST /api/search/vocabulary/v2': { max: 300, timeWindow: '1 minute' },
};

const tooManyRequests = () => new AppError('TOO_MANY_REQUESTS');

/**
 * General rate limits with @fastify/rate-limit, counted in Redis so every API process enforces one limit.
 * The policies are attached to their routes here as they are registered (so this plugin must be registered
 * before the routes). While Redis is unreachable the general limits are skipped rather than failing every
 * search; the login limit lives in Postgres and keeps working.
 */
export default fp(
  async (app) => {
    if (!app.config.RATE_LIMITS) return;
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const policy = methods.map((m) => RATE_LIMIT_POLICIES[`${m} ${route.url}`]).find(Boolean);
      if (policy) route.config = { ...(route.config as object), rateLimit: policy } as typeof route.config;
    });
    await app.register(rateLimit, {
      global: false,
      redis: app.redis,
      nameSpace: 'mp-rate-limit:',
      skipOnError: true,
      keyGenerator: (request) => clientKey(request.ip),
      errorResponseBuilder: () => tooManyRequests(),
    });
  },
  { name: 'rate-limits', dependencies: ['config', 'redis'] },
);
