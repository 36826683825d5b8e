import { createHmac, timingSafeEqual } from 'node:crypto';
import { translateMessage, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { clientKey } from '../../lib/client-address';
import { decryptSecret, encryptSecret, hashPersonalNumber } from '../../lib/crypto';
import { BankIdApiError, BankIdUnavailableError, type BankIdClient } from './bankid.client';
import { describeErrorCode, describeFailedHint } from './bankid.messages';
import { buildQrData, secondsSince } from './bankid.qr';
import {
  findBankIdOrder,
  finishBankIdOrder,
  insertBankIdOrder,
  markBankIdOrderQrShown,
  updateBankIdOrderHint,
  type BankIdOrderPurpose,
  type BankIdOrderRow,
} from './bankid.repository';

/** Data access other features use; the SQL stays in the repository. */
export { findBankIdOrder, setBankIdOrderCompanyToken, setBankIdOrderUser } from './bankid.repository';

export interface BankIdDeps {
  db: Kysely<Database>;
  bankid: BankIdClient;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/** What one collect found out about an order. */
export type BankIdCollectOutcome =
  | { status: 'pending'; hintCode: string }
  /** `firstTime` is true only for the collect that saw the failure happen, so it is counted once. */
  | { status: 'failed'; hintCode: string; firstTime: boolean }
  | { status: 'complete'; person: { personalNumber: string; givenName: string; surname: string } }
  /** Cancelled, already completed (a token was issued once), or unknown. */
  | { status: 'gone' };

export const orderGone = () => new AppError('BANKID_ORDER_INVALID');

/** A failed order: its own code per hint (BANKID_USER_CANCEL, ...), the hint code as data. */
export function orderFailed(hintCode: string): AppError {
  const { code, messageCode } = describeFailedHint(hintCode);
  return new AppError(code, { message: messageCode, data: { hintCode } });
}

/** Maps a BankID client failure to the API's error shape; our own misconfigurations are logged as errors. */
export function toBankIdAppError(log: FastifyBaseLogger, error: unknown, method: string): unknown {
  if (error instanceof BankIdApiError) {
    const described = describeErrorCode(error.errorCode);
    // Only the code and status are logged: `details` is free text from BankID.
    const entry = { bankIdMethod: method, errorCode: error.errorCode, httpStatus: error.httpStatus };
    if (described.isOurFault) log.error(entry, 'BankID refused our request');
    else log.warn(entry, 'BankID answered with an error');
    return new AppError(described.code, {
      message: described.messageCode,
      data: { errorCode: error.errorCode },
    });
  }
  if (error instanceof BankIdUnavailableError) {
    log.warn({ bankIdMethod: method, err: error.message }, 'BankID unavailable');
    return new AppError('BANKID_UNAVAILABLE');
  }
  return error;
}

/**
 * The secret that binds an order to the browser that started it: returned by start, required by collect, so
 * someone who learns an orderRef (a shared screen, a log line, a referrer) cannot collect the session. An HMAC
 * of the orderRef under the session key, so nothing is stored and any API process can check it.
 */
export function bankIdCollectSecret(config: Pick<AppConfig, 'JWT_SECRET'>, orderRef: string): string {
  return createHmac('sha256', config.JWT_SECRET).update(`bankid-collect:${orderRef}`).digest('base64url');
}

export function isBankIdCollectSecretValid(
  config: Pick<AppConfig, 'JWT_SECRET'>,
  orderRef: string,
  secret: string | undefined,
): boolean {
  if (!secret) return false;
  const expected = Buffer.from(bankIdCollectSecret(config, orderRef));
  const given = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the BankID app shows while the user signs, naming our service (simpleMarkdownV1, base64). */
function userVisibleData(purpose: BankIdOrderPurpose, locale: Locale): string {
  const text = translateMessage(
    purpose === 'login' ? 'bankid.visibleLogin' : 'bankid.visibleConfirm',
    locale,
  );
  return Buffer.from(text, 'utf8').toString('base64');
}

/**
 * Starts a BankID order for `personalNumber` (already validated and normalised) and records it: the QR
 * secret is stored encrypted, the number only as its HMAC. The app shows the user which service asks.
 */
export async function startBankIdOrder(
  deps: BankIdDeps,
  input: { personalNumber: string; endUserIp: string; purpose: BankIdOrderPurpose; locale: Locale },
): Promise<{ orderRef: string; autoStartToken: string }> {
  let started;
  try {
    started = await deps.bankid.auth({
      endUserIp: input.endUserIp,
      requirement: { personalNumber: input.personalNumber },
      userVisibleData: userVisibleData(input.purpose, input.locale),
      userVisibleDataFormat: 'simpleMarkdownV1',
    });
  } catch (error) {
    throw toBankIdAppError(deps.log, error, 'auth');
  }
  await insertBankIdOrder(deps.db, {
    order_ref: started.orderRef,
    personal_number_hash: hashPersonalNumber(deps.config.NIN_HMAC_KEY, input.personalNumber),
    auto_start_token: started.autoStartToken,
    qr_start_token: started.qrStartToken,
    qr_start_secret_encrypted: encryptSecret(deps.config.NIN_ENCRYPTION_KEY, started.qrStartSecret),
    end_user_ip: input.endUserIp,
    purpose: input.purpose,
  });
  return { orderRef: started.orderRef, autoStartToken: started.autoStartToken };
}

/**
 * Collects an order once (the browser polls every 2 seconds) and records what changed. A complete order is
 * handed out exactly once, and only when BankID vouches for the person the order was started for.
 */
export async function collectBankIdOrder(
  deps: BankIdDeps,
  order: BankIdOrderRow,
): Promise<BankIdCollectOutcome> {
  if (order.status === 'failed')
    return { status: 'failed', hintCode: order.hint_code ?? '', firstTime: false };
  if (order.status !== 'pending') return { status: 'gone' };

  let response;
  try {
    response = await deps.bankid.collect(order.order_ref);
  } catch (error) {
    if (error instanceof BankIdApiError && error.errorCode === 'invalidParameters') {
      // BankID has forgotten the order (it expired and was removed): it is over.
      const firstTime = await finishBankIdOrder(deps.db, order.order_ref, {
        status: 'failed',
        hintCode: 'expiredTransaction',
        errorCode: error.errorCode,
      });
      return { status: 'failed', hintCode: 'expiredTransaction', firstTime };
    }
    throw toBankIdAppError(deps.log, error, 'collect');
  }

  switch (response.status) {
    case 'pending':
      if (response.hintCode !== order.hint_code) {
        await updateBankIdOrderHint(deps.db, order.order_ref, response.hintCode);
      }
      return { status: 'pending', hintCode: response.hintCode };
    case 'failed': {
      const firstTime = await finishBankIdOrder(deps.db, order.order_ref, {
        status: 'failed',
        hintCode: response.hintCode,
      });
      return { status: 'failed', hintCode: response.hintCode, firstTime };
    }
    case 'complete': {
      const { user, device } = response.completionData;
      // Same device (the QR code was never shown): BankID's app ran where the order was started, so the address
      // it reports must be the starting browser's (IPv6 by /64). Someone who lured a victim into opening the
      // app with an autostart token of their order fails here.
      if (
        !order.qr_shown_at &&
        device?.ipAddress &&
        order.end_user_ip &&
        clientKey(device.ipAddress) !== clientKey(order.end_user_ip)
      ) {
        deps.log.warn({ orderRefPrefix: order.order_ref.slice(0, 8) }, 'BankID device address mismatch');
        const firstTime = await finishBankIdOrder(deps.db, order.order_ref, {
          status: 'failed',
          hintCode: 'deviceAddressMismatch',
        });
        return { status: 'failed', hintCode: 'deviceAddressMismatch', firstTime };
      }
      const expectedHash = order.personal_number_hash;
      if (
        expectedHash &&
        hashPersonalNumber(deps.config.NIN_HMAC_KEY, user.personalNumber) !== expectedHash
      ) {
        deps.log.error(
          { orderRefPrefix: order.order_ref.slice(0, 8) },
          'BankID completed for another person',
        );
        const firstTime = await finishBankIdOrder(deps.db, order.order_ref, {
          status: 'failed',
          hintCode: 'personalNumberMismatch',
        });
        return { status: 'failed', hintCode: 'personalNumberMismatch', firstTime };
      }
      const won = await finishBankIdOrder(deps.db, order.order_ref, { status: 'complete' });
      if (!won) return { status: 'gone' };
      return {
        status: 'complete',
        person: { personalNumber: user.personalNumber, givenName: user.givenName, surname: user.surname },
      };
    }
  }
}

/** Cancels a pending order at BankID and here; cancelling an unknown or finished order does nothing. */
export async function cancelBankIdOrder(deps: BankIdDeps, orderRef: string): Promise<{ cancelled: boolean }> {
  const order = await findBankIdOrder(deps.db, orderRef);
  if (!order || order.status !== 'pending') return { cancelled: false };
  try {
    await deps.bankid.cancel(orderRef);
  } catch (error) {
    // Already gone at BankID is as good as cancelled.
    if (!(error instanceof BankIdApiError && error.errorCode === 'invalidParameters')) {
      throw toBankIdAppError(deps.log, error, 'cancel');
    }
  }
  const cancelled = await finishBankIdOrder(deps.db, orderRef, {
    status: 'cancelled',
    hintCode: 'cancelled',
  });
  return { cancelled };
}

/** The QR content of a pending order for the current second, computed from its encrypted secret. */
export async function getBankIdQrData(
  deps: Pick<BankIdDeps, 'db' | 'config'>,
  orderRef: string,
  now: Date = new Date(),
): Promise<{ qrData: string; seconds: number }> {
  const order = await findBankIdOrder(deps.db, orderRef);
  if (!order || order.status !== 'pending' || !order.qr_start_token || !order.qr_start_secret_encrypted) {
    throw orderGone();
  }
  if (!order.qr_shown_at) await markBankIdOrderQrShown(deps.db, order.order_ref);
  const secret = decryptSecret(deps.config.NIN_ENCRYPTION_KEY, order.qr_start_secret_encrypted);
  const seconds = secondsSince(order.started_at, now);
  return { qrData: buildQrData(order.qr_start_token, secret, seconds), seconds };
}
