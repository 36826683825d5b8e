import { LOGIN_RATE_LIMIT_WAIT_SECONDS, TOO_MANY_LOGIN_ATTEMPTS_ERROR_CODE } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { clientKey } from '../../lib/client-address';
import { hashEmailForKey } from '../../lib/crypto';
import {
  countRecentFailures,
  insertLoginAttempts,
  lockLoginAttemptKeys,
  markLoginAttemptsSucceeded,
} from './login-attempts.repository';

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
  const limits = [{ key: `ip:${clientKey(subject.ip)}`, max: deps.config.LOGIN_MAX_FAILURES_PER_IP }];
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

export const tooManyLoginAttempts = () => new AppError(TOO_MANY_LOGIN_ATTEMPTS_ERROR_CODE);

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

/** A login attempt counted as failed until {@link ClaimedLoginAttempt.succeeded} says otherwise. */
export interface ClaimedLoginAttempt {
  succeeded(): Promise<void>;
}

/**
 * Checks the limit and counts this attempt as a failure in one step, before the credentials are checked:
 * the attempt's keys are locked (a Postgres advisory lock per key, held for the short transaction), the
 * recent failures counted and the attempt inserted. Checking first and recording later let parallel attempts
 * all pass the check (issue 13); now the sixth of twenty parallel wrong passwords already sees five. A
 * successful login then flips its rows to succeeded.
 */
export async function claimLoginAttempt(
  deps: RateLimitDeps,
  subject: LoginSubject,
): Promise<ClaimedLoginAttempt> {
  const limits = limitsFor(deps, subject);
  const keys = limits.map((l) => l.key);
  const ids = await deps.db.transaction().execute(async (trx) => {
    await lockLoginAttemptKeys(trx, keys);
    const failures = await countRecentFailures(trx, keys, LOGIN_RATE_LIMIT_WAIT_SECONDS);
    if (limits.some((l) => (failures.get(l.key) ?? 0) >= l.max)) throw tooManyLoginAttempts();
    return insertLoginAttempts(trx, keys, false);
  });
  return { succeeded: () => markLoginAttemptsSucceeded(deps.db, ids) };
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
