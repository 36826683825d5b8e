import { api } from './api-client';
import type { BankIdQr } from '@mp/api-contract/bankid.schema';
import type {
  CollectBankIdResponse,
  SessionResponse,
  StartBankIdResponse,
} from '@mp/api-contract/auth.schema';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

// BankID on the auth host (PUT/POST /auth) and its helpers on the API host (QR content, cancel).

export type BankIdOrder = StartBankIdResponse;
export type CollectResult = CollectBankIdResponse;
export type CollectPending = Extract<CollectResult, { status: 'pending' }>;
/** A session: what a completed BankID collect and the password login answer. */
export type CollectComplete = SessionResponse;

export function isComplete(result: CollectResult): result is Extract<CollectResult, { status: 'complete' }> {
  return result.status === 'complete';
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

/** Where the login page goes afterwards; the same-device return link keeps it. */
export interface LoginReturn {
  redirect?: string;
  tab?: string;
}

export async function startBankIdOrder(
  nationalIdentityNumber: string,
  loginReturn: LoginReturn = {},
): Promise<BankIdOrder> {
  const order = await api.put<BankIdOrder>(
    '/auth',
    { nationalIdentityNumber, ...loginReturn },
    { host: 'auth' },
  );
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
  const response = await api.get<BankIdQr>(`/bankid/qr/${encodeURIComponent(orderRef)}`, {
    background: true,
    signal,
  });
  return response.qrData;
}

export function cancelBankIdOrder(orderRef: string): Promise<unknown> {
  return api.post('/bankid/cancel', { orderRef }, { background: true });
}
