// A checked literal, not the codes object: that one brings the whole error catalogue into the first script.
import type { ErrorCode } from '@mp/api-contract/error-codes';
import { API_TIMEOUT_MS } from '@mp/domain/timing';
import { currentLanguage } from './i18n';
import type { Language } from './language';
import { beginLoading } from './loading';
import { getToken } from './token';

// One HTTP client for the whole app (spec section 7): two bases (API host and auth host, the same origin by
// default), a 28 s timeout, the token raw in Authorization and the interface language in Accept-Language.
// Errors come back as ApiError carrying the API's `{ errorMessage, code }`.

export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '/api').replace(/\/$/, '');
export const AUTH_BASE_URL = (import.meta.env.VITE_AUTH_BASE_URL ?? '').replace(/\/$/, '');

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no response arrived (network failure or timeout). */
    readonly status: number,
    /** The API's stable error code, e.g. `403E005`. */
    readonly code: string | undefined,
    /** The API's message, already in the request's language. */
    readonly errorMessage: string | undefined,
    /** The parsed response body (or its text). */
    readonly data: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

let onSessionExpired: (() => void) | undefined;

/** How requests go out: the browser's fetch, or (server rendering) the API answering in its own process. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;
let send: ApiFetch = (url, init) => fetch(url, init);

/** The server renderer routes the app's calls into the API's own process instead of over the network. */
export function setApiFetch(fetcher: ApiFetch): void {
  send = fetcher;
}

/** The app registers what happens when any call answers 401 SESSION_EXPIRED. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** `auth` for the auth host (BankID start and collect), `api` otherwise. */
  host?: 'api' | 'auth';
  /** Background calls (polling, refetch on navigation) do not show the loading indicator. */
  background?: boolean;
  /** `blob` for downloads; `file` for a download with the answer's headers ({@link DownloadedFile}). */
  responseType?: 'json' | 'blob' | 'file';
  /**
   * The answer's language when the caller knows it (a query whose key holds the language): a call made while
   * the interface is still switching language would otherwise go out in the previous one.
   */
  language?: Language;
}

function buildUrl(path: string, host: 'api' | 'auth', query?: RequestOptions['query']): string {
  const base = host === 'auth' ? AUTH_BASE_URL : API_BASE_URL;
  let url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.set(key, String(value));
    }
    const text = params.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A download with the answer's headers (the file's name is in its Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  headers: Headers;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    signal,
    host = 'api',
    background = false,
    responseType = 'json',
    language = currentLanguage(),
  } = options;
  const headers: Record<string, string> = {
    Accept: responseType === 'json' ? 'application/json' : '*/*',
    'Accept-Language': language,
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  // FormData (uploads) sets its own multipart content type with the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const endLoading = background ? undefined : beginLoading();
  let response: Response;
  try {
    response = await send(buildUrl(path, host, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    endLoading?.();
    if (signal?.aborted) throw error;
    const timedOut = timeout.aborted;
    throw new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK', undefined, undefined, (error as Error).message);
  }

  try {
    if (!response.ok) {
      const data = await readBody(response);
      const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
      const code = typeof fields.code === 'string' ? fields.code : undefined;
      const errorMessage = typeof fields.errorMessage === 'string' ? fields.errorMessage : undefined;
      if (response.status === 401 && code === ('SESSION_EXPIRED' satisfies ErrorCode)) onSessionExpired?.();
      throw new ApiError(
        response.status,
        code,
        errorMessage,
        data,
        errorMessage ?? `${method} ${path} failed with ${response.status}`,
      );
    }
    if (responseType === 'blob') return (await response.blob()) as T;
    if (responseType === 'file') {
      return { blob: await response.blob(), headers: response.headers } satisfies DownloadedFile as T;
    }
    return (await readBody(response)) as T;
  } finally {
    endLoading?.();
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
