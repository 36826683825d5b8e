import { api } from './api-client';
import type { User } from './auth';

// BankID on the auth host (PUT/POST /auth) and its helpers on the API host (QR content, cancel).

export interface BankIdOrder {
  orderRef: string;
  autoStartToken: string;
  /** Opens the BankID app on this device; the app returns to the page that can resume the order. */
  sameDeviceUrl?: string;
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

export function startBankIdOrder(nationalIdentityNumber: string): Promise<BankIdOrder> {
  return api.put<BankIdOrder>('/auth', { nationalIdentityNumber }, { host: 'auth' });
}

export function collectBankIdOrder(
  orderRef: string,
  externalCompanyToken: string | undefined,
  signal?: AbortSignal,
): Promise<CollectResult> {
  const body = externalCompanyToken ? { orderRef, externalCompanyToken } : { orderRef };
  return api.post<CollectResult>('/auth', body, { host: 'auth', background: true, signal });
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
