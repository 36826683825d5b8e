import jwt from '@fastify/jwt';
import type { Locale } from '@mp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { findUnsafeSettings, type AppConfig } from '../config';
import { AppError } from '../errors';
import { findSessionWithUser } from '../features/identity/session.service';

/** Who is calling: set on the request by {@link requireUser} or {@link optionalUser}. */
export interface AuthUser {
  id: string;
  /** The session's `jti`, for logout. */
  sessionId: string;
  verified: boolean;
  isAdmin: boolean;
  isPremium: boolean;
  locale: Locale;
  /** When the user last confirmed who they are in this session (step-up), or null. */
  confirmedAt: Date | null;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; jti: string; iat?: number; exp?: number };
    user: AuthUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The same as {@link requireUser}, for `onRequest: app.authenticate`. */
    authenticate: typeof requireUser;
  }
}

const claimsSchema = z.object({ sub: z.uuid(), jti: z.string().min(1) });

export const sessionExpired = () => new AppError('SESSION_EXPIRED');
export const sessionRevoked = () => new AppError('SESSION_REVOKED');

/** The token from `Authorization`: raw as the spec sends it, or with a `Bearer ` prefix. */
export function readAuthorizationToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

function isExpiredTokenError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'FAST_JWT_EXPIRED' || code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
}

async function authenticateRequest(request: FastifyRequest): Promise<AuthUser> {
  const token = readAuthorizationToken(request);
  if (!token) throw new AppError('UNAUTHORIZED');
  let claims;
  try {
    claims = claimsSchema.parse(request.server.jwt.verify(token));
  } catch (error) {
    if (isExpiredTokenError(error)) throw sessionExpired();
    throw new AppError('UNAUTHORIZED');
  }
  // Checked on every request, so logout, password resets and deletion take effect at once on every process.
  const session = await findSessionWithUser(request.server.db, claims.jti);
  if (!session || session.user_id !== claims.sub || session.revoked_at || session.deleted_at) {
    throw sessionRevoked();
  }
  if (session.expires_at.getTime() <= Date.now()) throw sessionExpired();
  return {
    id: session.user_id,
    sessionId: claims.jti,
    verified: session.verified,
    isAdmin: session.is_admin,
    isPremium: session.is_premium,
    locale: session.locale,
    confirmedAt: session.confirmed_at,
  };
}

/**
 * preHandler for protected routes: 401 without a valid session. An expired token gets code SESSION_EXPIRED,
 * a revoked one SESSION_REVOKED, both with 'Session has expired. Please login again'.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  request.user = await authenticateRequest(request);
}

/**
 * preHandler for features of logged-in verified users (saved searches, favourite lists, spec section 6):
 * 401 without a valid session, 403 NOT_VERIFIED until the e-mail address is confirmed.
 */
export async function requireVerifiedUser(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.user.verified) throw new AppError('NOT_VERIFIED');
}

/** preHandler for routes open to visitors that show more to logged-in users; a bad token counts as none. */
export async function optionalUser(request: FastifyRequest): Promise<void> {
  if (!readAuthorizationToken(request)) return;
  try {
    request.user = await authenticateRequest(request);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

/** preHandler for the god area: a logged-in admin, else 401 or 403. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.user.isAdmin) throw new AppError('FORBIDDEN');
}

/** The caller after {@link optionalUser}, or null for a visitor. */
export function getOptionalUser(request: FastifyRequest): AuthUser | null {
  return (request.user as AuthUser | null | undefined) ?? null;
}

/** The same check as at boot, for apps built from a config assembled some other way. */
function assertSafeConfig(config: AppConfig): void {
  const unsafe = findUnsafeSettings(config);
  if (unsafe.length) throw new Error(`Unsafe configuration:\n  ${unsafe.join('\n  ')}`);
}

/** Session tokens: @fastify/jwt (HS256) for signing and verifying, sessions in Postgres for revocation. */
export default fp(
  async (app: FastifyInstance) => {
    assertSafeConfig(app.config);
    await app.register(jwt, {
      secret: app.config.JWT_SECRET,
      sign: { algorithm: 'HS256' },
      verify: {
        algorithms: ['HS256'],
        extractToken: (request) => readAuthorizationToken(request) ?? undefined,
      },
    });
    app.decorate('authenticate', requireUser);
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
