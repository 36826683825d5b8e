// Browser storage that never throws: private modes and full quotas must not take the app down.

export type StorageArea = 'local' | 'session';

/** Every key the app stores, in one place so nothing collides and the privacy texts can list them. */
export const STORAGE_KEYS = {
  token: 'km.token',
  language: 'km.language',
  cookieConsent: 'km.cookieConsent',
  /** The search screen's filters (session storage), restored on return from a profile. */
  search: 'km.search',
  /** The search screen's open left-panel tab (session storage), kept over a reload. */
  searchTab: 'km.searchTab',
  /** The BankID order this browser started and its collect secret, until it completes. */
  bankIdOrder: 'km.bankIdOrder',
} as const;

function area(kind: StorageArea): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(key: string, kind: StorageArea = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, kind: StorageArea = 'local'): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value simply is not remembered.
  }
}

export function removeStorage(key: string, kind: StorageArea = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}
