import { api } from './api-client';
import type { User } from './auth';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

// BankID on the auth host (PUT/POST /auth) and its helpers on the API host (QR content, cancel).

export interface BankIdOrder {
  orderRef: string;
  autoStartToken: string;
  /** Opens the BankID app on this device; the app returns to the page that can resume the order. */
  sameDeviceUrl?: string;
  /** Binds the order to this browser: every collect must send it. */
  collectSecret?: string;
}

export interface CollectPending {
  status: 'pending';
  hintCode?: string;
  /** What to tell the user now, in the request's language (BankID's RFA texts). */
  message?: string;
}

export interface CollectComplete {
  status?: 'complete';
  authorization: string;
  user: Partial<User> & { verified: boolean };
}

export type CollectResult = CollectPending | CollectComplete;

export function isComplete(result: CollectResult): result is CollectComplete {
  return typeof (result as CollectComplete).authorization === 'string';
}

/**
 * The order this browser started, with its collect secret. Kept in local storage (not the URL) so the login
 * page the BankID app returns to on this device can resume collecting, also in a new tab.
 */
function rememberOrder(order: BankIdOrder): void {
  if (!order.collectSecret) return;
  writeStorage(
    STORAGE_KEYS.bankIdOrder,
    JSON.stringify({ orderRef: order.orderRef, collectSecret: order.collectSecret }),
  );
}

function collectSecretOf(orderRef: string): string | undefined {
  try {
    const stored = JSON.parse(readStorage(STORAGE_KEYS.bankIdOrder) ?? 'null') as {
      orderRef?: string;
      collectSecret?: string;
    } | null;
    return stored?.orderRef === orderRef ? stored.collectSecret : undefined;
  } catch {
    return undefined;
  }
}

export async function startBankIdOrder(nationalIdentityNumber: string): Promise<BankIdOrder> {
  const order = await api.put<BankIdOrder>('/auth', { nationalIdentityNumber }, { host: 'auth' });
  rememberOrder(order);
  return order;
}

export async function collectBankIdOrder(
  orderRef: string,
  externalCompanyToken: string | undefined,
  signal?: AbortSignal,
): Promise<CollectResult> {
  const collectSecret = collectSecretOf(orderRef) ?? '';
  const body = externalCompanyToken
    ? { orderRef, collectSecret, externalCompanyToken }
    : { orderRef, collectSecret };
  const result = await api.post<CollectResult>('/auth', body, { host: 'auth', background: true, signal });
  if (isComplete(result)) removeStorage(STORAGE_KEYS.bankIdOrder);
  return result;
}

/** The animated QR code's content for this second (computed by the server; the secret never leaves it). */
export async function fetchBankIdQr(orderRef: string, signal?: AbortSignal): Promise<string> {
  const response = await api.get<{ qr?: string; qrData?: string; data?: string } | string>(
    `/bankid/qr/${encodeURIComponent(orderRef)}`,
    { background: true, signal },
  );
  if (typeof response === 'string') return response;
  return response.qr ?? response.qrData ?? response.data ?? '';
}

export function cancelBankIdOrder(orderRef: string): Promise<unknown> {
  return api.post('/bankid/cancel', { orderRef }, { background: true });
}
