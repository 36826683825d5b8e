import { LOGIN_RATE_LIMIT_WAIT_SECONDS, TOO_MANY_LOGIN_ATTEMPTS_ERROR_CODE } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { hashEmailForKey } from '../../lib/crypto';
import { countRecentFailures, insertLoginAttempts } from './login-attempts.repository';

// Repeated failed logins from one person (personal number or e-mail) or one address get 403 with code
// 403E005 for 30 seconds (spec section 8). Counted in Postgres, so every API process sees the same numbers,
// and keyed by HMACs, so the table holds neither personal numbers nor addresses.

export interface LoginSubject {
  /** HMAC of the personal number (BankID). */
  personalNumberHash?: string | null;
  /** The e-mail typed (password login), keyed by its HMAC. */
  email?: string | null;
  ip: string;
}

interface RateLimitDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'NIN_HMAC_KEY' | 'LOGIN_MAX_FAILURES' | 'LOGIN_MAX_FAILURES_PER_IP'>;
}

function limitsFor(deps: RateLimitDeps, subject: LoginSubject): { key: string; max: number }[] {
  const limits = [{ key: `ip:${subject.ip}`, max: deps.config.LOGIN_MAX_FAILURES_PER_IP }];
  if (subject.personalNumberHash) {
    limits.push({ key: `nin:${subject.personalNumberHash}`, max: deps.config.LOGIN_MAX_FAILURES });
  }
  if (subject.email) {
    limits.push({
      key: `email:${hashEmailForKey(deps.config.NIN_HMAC_KEY, subject.email)}`,
      max: deps.config.LOGIN_MAX_FAILURES,
    });
  }
  return limits;
}

export const tooManyLoginAttempts = () =>
  new AppError(403, TOO_MANY_LOGIN_ATTEMPTS_ERROR_CODE, 'error.tooManyLoginAttempts');

/** Throws 403E005 when the person or the address has failed too often within the last 30 seconds. */
export async function assertLoginAllowed(deps: RateLimitDeps, subject: LoginSubject): Promise<void> {
  const limits = limitsFor(deps, subject);
  const failures = await countRecentFailures(
    deps.db,
    limits.map((l) => l.key),
    LOGIN_RATE_LIMIT_WAIT_SECONDS,
  );
  if (limits.some((l) => (failures.get(l.key) ?? 0) >= l.max)) throw tooManyLoginAttempts();
}

export async function recordLoginFailure(deps: RateLimitDeps, subject: LoginSubject): Promise<void> {
  await insertLoginAttempts(
    deps.db,
    limitsFor(deps, subject).map((l) => l.key),
    false,
  );
}

export async function recordLoginSuccess(deps: RateLimitDeps, subject: LoginSubject): Promise<void> {
  await insertLoginAttempts(
    deps.db,
    limitsFor(deps, subject).map((l) => l.key),
    true,
  );
}
