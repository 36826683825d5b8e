import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

// The session token (a JWT) is held locally and sent raw in the Authorization header (spec sections 4, 7).
// Its expiry is read from the token itself so every navigation can check it without a network round trip.

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.token);
}

/** Whether a session token is held (for queries that need one: read when they decide to fetch). */
export function hasSession(): boolean {
  return getToken() !== null;
}

export function setToken(token: string): void {
  writeStorage(STORAGE_KEYS.token, token);
  notify();
}

export function clearToken(): void {
  removeStorage(STORAGE_KEYS.token);
  notify();
}

/** For `useSyncExternalStore`; also fires when another tab logs in or out. */
export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.token) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replaceAll('-', '+').replaceAll('_', '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's `exp` as epoch milliseconds; null when the token has none or cannot be read. */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Whether the token can no longer be used. A token we cannot read counts as expired: the app resets rather
 * than carry a session it cannot reason about. The server checks the signature; this only saves a round trip.
 */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const expiry = readTokenExpiry(token);
  return expiry === null || expiry <= now;
}
