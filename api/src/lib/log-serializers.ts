import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line (mailed tokens, personal numbers, credentials). */
const SENSITIVE_QUERY_PARAMETERS = new Set([
  'token',
  'resettoken',
  'autostarttoken',
  'orderref',
  'nationalidentitynumber',
  'personalnumber',
  'password',
  'email',
]);

/**
 * Paths whose last segment is a mailed single-use token or a BankID orderRef: the reference API
 * (`/api/references/{token}`), the web page the referee's link opens (`/{lang}/verify/reference/{token}`) and
 * the QR code's content (`/api/bankid/qr/{orderRef}`).
 */
const TOKEN_PATHS =
  /^(\/api\/references\/|\/api\/bankid\/qr\/|\/[a-z]{2,3}(?:-[a-z]{2})?\/verify\/reference\/)[^/?#]+/i;

/** The request URL with path tokens and the values of sensitive query parameters replaced. */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(TOKEN_PATHS, '$1[redacted]');
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) {
    if (SENSITIVE_QUERY_PARAMETERS.has(name.toLowerCase())) params.set(name, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/**
 * Fastify's request serializer with the URL redacted: the default one logs the full URL, and links such as
 * `GET /api/verify/email?token=...` carry single-use tokens.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
