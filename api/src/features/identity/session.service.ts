import { randomUUID } from 'node:crypto';
import type { JWT } from '@fastify/jwt';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import { recordAuditEvent } from '../../lib/audit';
import { insertSession, revokeSession } from './session.repository';

// Identity: who a request is. Password hashing (`password-hash.ts`), sessions (here) and the login rate limit
// (`login-rate-limit.ts`) for every way in (BankID, password, step-up confirmation); the auth, users and account
// features call this module and it calls none of them, so they no longer import each other at run time.

/** Session reads and revocations other features need; the SQL stays in `session.repository.ts`. */
export { findSessionWithUser, markSessionConfirmed, revokeUserSessions } from './session.repository';

export interface SessionDeps {
  db: Kysely<Database>;
  jwt: JWT;
  config: AppConfig;
}

/**
 * Issues a session: a row keyed by a fresh `jti` (so logout and deletion can revoke it) and a signed JWT
 * carrying only the user id and that `jti`. The token is sent raw in the Authorization header.
 */
export async function issueSession(
  deps: SessionDeps,
  userId: string,
): Promise<{ authorization: string; expiresAt: string }> {
  const jti = randomUUID();
  const seconds = deps.config.JWT_EXPIRES_IN_SECONDS;
  const now = Date.now();
  const expiresAt = new Date(now + seconds * 1000);
  await insertSession(deps.db, { jti, userId, expiresAt });
  const authorization = deps.jwt.sign(
    { sub: userId, jti, iat: Math.floor(now / 1000) },
    { expiresIn: `${seconds}s` },
  );
  return { authorization, expiresAt: expiresAt.toISOString() };
}

/** Revokes the caller's session; without a live session there is nothing to do, which is fine too. */
export async function logout(
  deps: Pick<SessionDeps, 'db'>,
  user: { id: string; sessionId: string } | null,
  ip: string,
): Promise<{ loggedOut: true }> {
  if (user) {
    await revokeSession(deps.db, user.sessionId);
    await recordAuditEvent(deps.db, { actorUserId: user.id, action: 'auth.logout', ip });
  }
  return { loggedOut: true };
}
