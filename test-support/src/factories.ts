import { randomInt, randomUUID } from 'node:crypto';
import { calculateCheckDigit } from '@mp/domain';
import type { Database, Locale } from '@mp/migrations/database';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '@mp/api/config';
import { issueSession } from '@mp/api/features/identity/session.service';
import { hashPassword } from '@mp/api/features/identity/password-hash';
import { encryptSecret, hashPersonalNumber } from '@mp/api/lib/crypto';

// Factories that build real rows per test: unique e-mails, personal numbers and client addresses, so tests
// never depend on each other or on seed data.

let sequence = 0;

/**
 * A valid 12-digit personal identity number (correct Luhn digit) of someone `age` years old (default 20-60).
 * Birth serials stay below 900: the BankID simulator reserves 981-989 for failure scenarios.
 */
export function createPersonalNumber(options: { age?: number; coordination?: boolean } = {}): string {
  const now = new Date();
  const age = options.age ?? randomInt(20, 61);
  const year = now.getUTCFullYear() - age - 1;
  const month = randomInt(1, 13);
  const day = randomInt(1, 29) + (options.coordination ? 60 : 0);
  sequence = (sequence + 1) % 900;
  const serial = (sequence + randomInt(0, 900)) % 900;
  const body = `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(serial).padStart(3, '0')}`;
  return `${body}${calculateCheckDigit(body.slice(2))}`;
}

export const createEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 12)}@example.se`;

/** A client address of its own per test, so the per-address login limit of one test never hits another. */
export const createTestIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface TestUser {
  id: string;
  email: string | null;
  password: string | null;
  personalNumber: string | null;
}

export interface CreateUserOptions {
  email?: string | null;
  password?: string | null;
  personalNumber?: string | null;
  verified?: boolean;
  isAdmin?: boolean;
  isPremium?: boolean;
  locale?: Locale;
  firstName?: string;
  lastName?: string;
}

/** Inserts a user the way the services would store it (hashed password, HMAC and envelope of the number). */
export async function createUser(
  db: Kysely<Database>,
  config: AppConfig,
  options: CreateUserOptions = {},
): Promise<TestUser> {
  const email = options.email === undefined ? createEmail() : options.email;
  const password = options.password === undefined ? `pw-${randomUUID().slice(0, 12)}` : options.password;
  const personalNumber = options.personalNumber ?? null;
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: password ? await hashPassword(password) : null,
      national_identity_number_hash: personalNumber
        ? hashPersonalNumber(config.NIN_HMAC_KEY, personalNumber)
        : null,
      national_identity_number_encrypted: personalNumber
        ? encryptSecret(config.NIN_ENCRYPTION_KEY, personalNumber)
        : null,
      verified: options.verified ?? true,
      is_admin: options.isAdmin ?? false,
      is_premium: options.isPremium ?? false,
      locale: options.locale ?? 'sv',
      first_name: options.firstName ?? 'Test',
      last_name: options.lastName ?? 'Person',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password, personalNumber };
}

/** A session token for the user, as a login would issue it. */
export async function createSessionToken(app: FastifyInstance, userId: string): Promise<string> {
  return (await issueSession(app, userId)).authorization;
}

/** A user with a session token, as after a login. */
export async function createLoggedInUser(
  app: FastifyInstance,
  options: CreateUserOptions = {},
): Promise<TestUser & { token: string }> {
  const user = await createUser(app.db, app.config, options);
  return { ...user, token: await createSessionToken(app, user.id) };
}

/**
 * A user who signed up as the registration form does it (POST /api/auth/register: e-mail, password and a name)
 * and logged in with that password (POST /api/auth/login); not yet verified. `nameless` makes it an account
 * from before the form asked for a name: its name is cleared after the sign-up.
 */
export async function registerWithPassword(
  app: FastifyInstance,
  options: { firstName?: string; lastName?: string; locale?: Locale; nameless?: boolean } = {},
): Promise<TestUser & { token: string }> {
  const { locale = 'sv', nameless = false, firstName = 'Tove', lastName = 'Ek' } = options;
  const names = { firstName, lastName };
  const email = createEmail('registered');
  const password = `pw-${randomUUID().slice(0, 12)}`;
  const remoteAddress = createTestIp();
  const headers = { 'accept-language': locale };
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, ...names, acceptTerms: true },
    headers,
    remoteAddress,
  });
  if (registered.statusCode !== 202) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  if (nameless) {
    await app.db
      .updateTable('users')
      .set({ first_name: null, last_name: null })
      .where('email', '=', email)
      .execute();
  }
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers,
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const session = login.json() as { authorization: string; user: { id: string } };
  return { id: session.user.id, email, password, personalNumber: null, token: session.authorization };
}
