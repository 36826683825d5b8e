import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

/**
 * The security headers of every answer: a strict Content-Security-Policy (scripts only from our own origin,
 * never inline; no plugins; no framing; forms and `<base>` only to ourselves), nosniff, no referrer beyond the
 * origin, no framing, and in production HSTS and upgrade-insecure-requests.
 *
 * Styles allow 'unsafe-inline' because MUI's emotion inserts `<style>` elements at run time; injected CSS
 * cannot run code, and scripts, the real risk, stay strict. See docs/decisions.md.
 */
export function securityHeaderOptions(config: Pick<AppConfig, 'NODE_ENV'>): HelmetOptions {
  const production = config.NODE_ENV === 'production';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Pictures come from our API; the crop dialog and QR codes draw blob: and data: images.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin isolation would block nothing we serve and could break BankID's app hand-over; left off.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets for {@link securityHeaderOptions}, worked out once: helmet's middleware run against a
 * response that records them. They are the same for every answer, and @fastify/helmet built the whole helmet
 * middleware (parsing the CSP directives) again on every request, in two hooks (~30 us of each search).
 */
export function securityHeaderValues(config: Pick<AppConfig, 'NODE_ENV'>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(securityHeaderOptions(config))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => {},
  );
  return Object.freeze(headers);
}

/**
 * Sets the same headers on a raw response: for answers Fastify sends without running hooks (its
 * `frameworkErrors`, such as a malformed URL).
 */
export function createSecurityHeaderSetter(config: Pick<AppConfig, 'NODE_ENV'>) {
  const headers = Object.entries(securityHeaderValues(config));
  return (_request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of headers) response.setHeader(name, value);
  };
}

/** The security headers on every answer, routes and errors alike, set as the request arrives. */
export default fp(
  async (app) => {
    const headers = securityHeaderValues(app.config);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
