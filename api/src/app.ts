import { maxHeaderSize } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { accountRoutes } from './features/account/account.routes';
import { adminRoutes } from './features/admin/admin.routes';
import assessmentPlugin from './features/assessment/assessment.plugin';
import { assessmentRoutes } from './features/assessment/assessment.routes';
import { coachSessionRoutes } from './features/assessment/coach-sessions.routes';
import { authApiRoutes, authHostRoutes } from './features/auth/auth.routes';
import bankIdPlugin from './features/bankid/bankid.plugin';
import { bankIdRoutes } from './features/bankid/bankid.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { companiesRoutes } from './features/companies/companies.routes';
import { projectsRoutes } from './features/companies/projects.routes';
import { contractsRoutes } from './features/contracts/contracts.routes';
import { signingWebhookRoutes } from './features/contracts/signing-webhook.routes';
import signingPlugin from './features/signing/signing.plugin';
import { cvExportRoutes } from './features/cv-export/cv-export.routes';
import { favoritesRoutes } from './features/favorites/favorites.routes';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { healthRoutes } from './features/health/health.routes';
import mailOutboxPlugin from './features/mail-outbox/mail-outbox.plugin';
import { inquiriesRoutes } from './features/inquiries/inquiries.routes';
import { offersRoutes } from './features/offers/offers.routes';
import paymentsPlugin from './features/payments/payments.plugin';
import { paymentsRoutes } from './features/payments/payments.routes';
import { picturesRoutes } from './features/pictures/pictures.routes';
import { productsRoutes } from './features/products/products.routes';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { referencesRoutes } from './features/references/references.routes';
import { savedSearchesRoutes } from './features/saved-searches/saved-searches.routes';
import { searchRoutes } from './features/search/search.routes';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes';
import { cookieConsentRoutes } from './features/cookie-consent/cookie-consent.routes';
import { seoRoutes } from './features/seo/seo.routes';
import { termsRoutes } from './features/terms/terms.routes';
import { timeRoutes } from './features/time/time.routes';
import { usersRoutes } from './features/users/users.routes';
import { serializeRequest } from './lib/log-serializers';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import errorHandler, { handleClientError, sendError } from './plugins/error-handler';
import inputGuard from './plugins/input-guard';
import mailerPlugin from './plugins/mailer';
import openapi from './plugins/openapi';
import rateLimits from './plugins/rate-limits';
import redisPlugin from './plugins/redis';
import searchClient from './plugins/search-client';
import securityHeaders, { createSecurityHeaderSetter } from './plugins/security-headers';
import vocabulariesPlugin from './plugins/vocabularies';
import webStatic from './plugins/web-static';

/**
 * The longest path parameter routed: as long as the request line Node's parser takes (its header limit), so
 * every parameter reaches its route and gets that route's answer (a reference token 'Access restricted', a
 * profile id 'Profile not available'), never a router 404 or 400 however long it is.
 */
const MAX_PATH_PARAMETER_LENGTH = maxHeaderSize;

/** Paths never written to logs in full: they carry tokens or personal numbers. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.query.token'];

export interface BuildAppOptions {
  /** Where log lines go instead of stdout (tests capture them to prove no secret is logged). */
  logStream?: { write(line: string): void };
}

/**
 * Builds the app without listening: external plugins first, then app plugins, then routes (tests build it
 * and use `app.inject`).
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const setSecurityHeaders = createSecurityHeaderSetter(config);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: REDACT,
      // The default request serializer logs the full URL; ours redacts tokens in query strings.
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    requestIdHeader: 'x-request-id',
    // request.ip is the client as the configured number of proxy hops report it, never a header anyone can set.
    // (A hop-count function, which is what proxy-addr makes of a number; Fastify's types take no number.)
    trustProxy: config.TRUST_PROXY_HOPS > 0 ? (_address, hop) => hop < config.TRUST_PROXY_HOPS : false,
    bodyLimit: 1024 * 1024,
    // Fastify's default (100) turns a longer path parameter into a 404 before any route runs, so a mangled
    // reference link (verify/reference/{token}) got NOT_FOUND instead of 'Access restricted'. Routes validate
    // their parameters themselves; none uses a regular-expression parameter (the ReDoS the limit guards).
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // Errors Fastify raises before routing (a malformed URL, an over-long parameter) and requests Node's parser
    // refuses get the one error shape too.
    // They skip the hooks, so the security headers are added here.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request.raw, reply.raw);
      return sendError(error, request, reply);
    },
    clientErrorHandler: handleClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(inputGuard);
  await app.register(openapi);
  await app.register(dbPlugin);
  await app.register(redisPlugin);
  await app.register(vocabulariesPlugin);
  await app.register(rateLimits);
  await app.register(searchClient);
  await app.register(authPlugin);
  await app.register(mailerPlugin);
  await app.register(mailOutboxPlugin);
  await app.register(bankIdPlugin);
  await app.register(signingPlugin);
  await app.register(paymentsPlugin);
  await app.register(assessmentPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  // The auth host's PUT /auth and POST /auth sit at the root (spec section 7, single-port default).
  await app.register(authHostRoutes);
  await app.register(authApiRoutes, { prefix: '/api' });
  await app.register(bankIdRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(termsRoutes, { prefix: '/api' });
  await app.register(cookieConsentRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(companiesRoutes, { prefix: '/api' });
  await app.register(projectsRoutes, { prefix: '/api' });
  await app.register(contractsRoutes, { prefix: '/api' });
  await app.register(signingWebhookRoutes, { prefix: '/api' });
  await app.register(timeRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(profilesRoutes, { prefix: '/api' });
  await app.register(picturesRoutes, { prefix: '/api' });
  await app.register(referencesRoutes, { prefix: '/api' });
  await app.register(cvExportRoutes, { prefix: '/api' });
  await app.register(savedSearchesRoutes, { prefix: '/api' });
  await app.register(favoritesRoutes, { prefix: '/api' });
  await app.register(inquiriesRoutes, { prefix: '/api' });
  await app.register(feedbackRoutes, { prefix: '/api' });
  await app.register(offersRoutes, { prefix: '/api' });
  // The god area: every route under /api/admin behind one admin check (admin.routes.ts).
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(productsRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(subscriptionsRoutes, { prefix: '/api' });
  await app.register(assessmentRoutes, { prefix: '/api' });
  await app.register(coachSessionRoutes, { prefix: '/api' });
  await app.register(seoRoutes);
  // The web app and its SPA fallback; last, so every API route above wins.
  await app.register(webStatic);
  return app;
}
