import { translateMessage, type Locale } from '@mp/domain';
import type { AccountRemovedData } from '@mp/api-contract/error.schema';
import type { Mailer } from '../../lib/mailer';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { encryptSecret, hashPersonalNumber } from '../../lib/crypto';
import { buildWebLink, WEB_PATHS } from '../../lib/links';
import { describePendingHint } from '../bankid/bankid.messages';
import {
  bankIdCollectSecret,
  collectBankIdOrder,
  findBankIdOrder,
  isBankIdCollectSecretValid,
  orderFailed,
  orderGone,
  setBankIdOrderCompanyToken,
  setBankIdOrderUser,
  startBankIdOrder,
  type BankIdDeps,
} from '../bankid/bankid.service';
import type { UserResponse } from '@mp/api-contract/users.schema';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from '../identity/login-rate-limit';
import { issueSession, type SessionDeps } from '../identity/session.service';
import {
  findUserByPersonalNumberHash,
  getUserResponse,
  insertBankIdUser,
  touchLastLogin,
} from '../users/users.service';

export type AuthDeps = BankIdDeps & SessionDeps & { mailer: Mailer };

/**
 * 403 ACCOUNT_REMOVED for a login to a deleted account (refused until the purge erases it), with the purge
 * date in `data.purgeAfter` so the removed-account page can say when the data goes and the person can come back.
 */
export const accountRemoved = (purgeAfter: Date | null) =>
  new AppError('ACCOUNT_REMOVED', {
    data: { purgeAfter: purgeAfter?.toISOString() ?? null } satisfies AccountRemovedData,
  });

/** Where the login page goes after the login: its `redirect` (a path of the web app, checked by the schema) and tab. */
export interface LoginReturn {
  redirect?: string;
  tab?: string;
}

/**
 * BankID's universal link that opens the app on this device and comes back to the login page, with the login
 * page's `redirect` and `tab` so the login ends where it would have (spec section 2). They only ever go into
 * our own login page's query, which checks the redirect again before following it.
 */
export function buildSameDeviceUrl(
  config: AuthDeps['config'],
  locale: Locale,
  order: { orderRef: string; autoStartToken: string },
  loginReturn: LoginReturn = {},
): string {
  const query: Record<string, string> = { orderRef: order.orderRef };
  if (loginReturn.redirect) {
    query.redirect = loginReturn.redirect;
    if (loginReturn.tab) query.tab = loginReturn.tab;
  }
  const url = new URL(config.BANKID_APP_URL);
  url.searchParams.set('autostarttoken', order.autoStartToken);
  url.searchParams.set('redirect', buildWebLink(config.PUBLIC_URL, locale, WEB_PATHS.login, query));
  return url.toString();
}

/**
 * PUT /auth: starts a BankID login for a validated personal number. Refused with 403E005 while the person or
 * the address is rate limited; a start BankID refuses (alreadyInProgress) counts as a failed attempt.
 */
export async function startBankIdLogin(
  deps: AuthDeps,
  input: { personalNumber: string; ip: string; locale: Locale; loginReturn?: LoginReturn },
): Promise<{ orderRef: string; autoStartToken: string; sameDeviceUrl: string; collectSecret: string }> {
  const subject = {
    personalNumberHash: hashPersonalNumber(deps.config.NIN_HMAC_KEY, input.personalNumber),
    ip: input.ip,
  };
  await assertLoginAllowed(deps, subject);
  let started;
  try {
    started = await startBankIdOrder(deps, {
      personalNumber: input.personalNumber,
      endUserIp: input.ip,
      purpose: 'login',
      locale: input.locale,
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) await recordLoginFailure(deps, subject);
    throw error;
  }
  return {
    ...started,
    sameDeviceUrl: buildSameDeviceUrl(deps.config, input.locale, started, input.loginReturn),
    collectSecret: bankIdCollectSecret(deps.config, started.orderRef),
  };
}

export type CollectLoginResult =
  | { status: 'pending'; hintCode: string; message: string }
  | { status: 'complete'; authorization: string; expiresAt: string; user: UserResponse };

/**
 * POST /auth: collects a login order once. Pending: the hint and what to tell the user. Failed: 400 with
 * BANKID_<HINT> and BankID's message (the web returns to step 1). Complete: finds or creates the user by the
 * personal number's HMAC and issues a session; a removed account gets 403 ACCOUNT_REMOVED.
 */
export async function collectBankIdLogin(
  deps: AuthDeps,
  input: {
    orderRef: string;
    collectSecret: string;
    externalCompanyToken?: string;
    ip: string;
    locale: Locale;
  },
): Promise<CollectLoginResult> {
  // Only the browser that started the order may collect it (the secret start returned).
  if (!isBankIdCollectSecretValid(deps.config, input.orderRef, input.collectSecret)) throw orderGone();
  const order = await findBankIdOrder(deps.db, input.orderRef);
  if (!order || order.purpose !== 'login') throw orderGone();
  const subject = { personalNumberHash: order.personal_number_hash, ip: input.ip };
  await assertLoginAllowed(deps, subject);
  if (input.externalCompanyToken && order.status === 'pending' && !order.external_company_token) {
    await setBankIdOrderCompanyToken(deps.db, order.order_ref, input.externalCompanyToken);
  }

  const outcome = await collectBankIdOrder(deps, order);
  switch (outcome.status) {
    case 'pending':
      return {
        status: 'pending',
        hintCode: outcome.hintCode,
        message: translateMessage(describePendingHint(outcome.hintCode), input.locale),
      };
    case 'failed': {
      if (outcome.firstTime) await recordLoginFailure(deps, subject);
      throw orderFailed(outcome.hintCode);
    }
    case 'gone':
      throw orderGone();
    case 'complete':
      break;
  }

  const hash = hashPersonalNumber(deps.config.NIN_HMAC_KEY, outcome.person.personalNumber);
  let user = await findUserByPersonalNumberHash(deps.db, hash);
  if (!user) {
    await insertBankIdUser(deps.db, {
      hash,
      encrypted: encryptSecret(deps.config.NIN_ENCRYPTION_KEY, outcome.person.personalNumber),
      firstName: outcome.person.givenName,
      lastName: outcome.person.surname,
      locale: input.locale,
    });
    user = (await findUserByPersonalNumberHash(deps.db, hash))!;
  }
  await setBankIdOrderUser(deps.db, order.order_ref, user.id);
  if (user.deleted_at) throw accountRemoved(user.purge_after);

  await recordLoginSuccess(deps, subject);
  await touchLastLogin(deps.db, user.id);
  await recordAuditEvent(deps.db, {
    actorUserId: user.id,
    action: 'auth.login',
    data: { method: 'bankid', partner: Boolean(order.external_company_token ?? input.externalCompanyToken) },
    ip: input.ip,
  });
  const session = await issueSession(deps, user.id);
  return { status: 'complete', ...session, user: await getUserResponse(deps, user.id) };
}
