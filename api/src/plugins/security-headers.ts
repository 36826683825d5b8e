import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
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
 * Sets the same headers on a raw response: for answers Fastify sends without running hooks (its
 * `frameworkErrors`, such as a malformed URL).
 */
export function createSecurityHeaderSetter(config: Pick<AppConfig, 'NODE_ENV'>) {
  const middleware = helmet(securityHeaderOptions(config));
  return (request: IncomingMessage, response: ServerResponse) => middleware(request, response, () => {});
}

/** @fastify/helmet with {@link securityHeaderOptions}, for every route and error. */
export default fp(
  async (app) => {
    // The same options; @fastify/helmet's types name helmet's CommonJS declarations, ours the ESM ones.
    await app.register(fastifyHelmet, securityHeaderOptions(app.config) as FastifyHelmetOptions);
  },
  { name: 'security-headers', dependencies: ['config'] },
);
