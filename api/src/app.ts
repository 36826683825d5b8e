import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { accountRoutes } from './features/account/account.routes';
import { authApiRoutes, authHostRoutes } from './features/auth/auth.routes';
import bankIdPlugin from './features/bankid/bankid.plugin';
import { bankIdRoutes } from './features/bankid/bankid.routes';
import { companiesRoutes } from './features/companies/companies.routes';
import { cvExportRoutes } from './features/cv-export/cv-export.routes';
import { favoritesRoutes } from './features/favorites/favorites.routes';
import { healthRoutes } from './features/health/health.routes';
import { inquiriesRoutes } from './features/inquiries/inquiries.routes';
import { picturesRoutes } from './features/pictures/pictures.routes';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { referencesRoutes } from './features/references/references.routes';
import { savedSearchesRoutes } from './features/saved-searches/saved-searches.routes';
import { searchRoutes } from './features/search/search.routes';
import { seoRoutes } from './features/seo/seo.routes';
import { termsRoutes } from './features/terms/terms.routes';
import { usersRoutes } from './features/users/users.routes';
import { serializeRequest } from './lib/log-serializers';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import errorHandler from './plugins/error-handler';
import mailerPlugin from './plugins/mailer';
import openapi from './plugins/openapi';
import redisPlugin from './plugins/redis';
import searchClient from './plugins/search-client';
import webStatic from './plugins/web-static';

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
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: REDACT,
      // The default request serializer logs the full URL; ours redacts tokens in query strings.
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(errorHandler);
  await app.register(openapi);
  await app.register(dbPlugin);
  await app.register(redisPlugin);
  await app.register(searchClient);
  await app.register(authPlugin);
  await app.register(mailerPlugin);
  await app.register(bankIdPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  // The auth host's PUT /auth and POST /auth sit at the root (spec section 7, single-port default).
  await app.register(authHostRoutes);
  await app.register(authApiRoutes, { prefix: '/api' });
  await app.register(bankIdRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(termsRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(companiesRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(profilesRoutes, { prefix: '/api' });
  await app.register(picturesRoutes, { prefix: '/api' });
  await app.register(referencesRoutes, { prefix: '/api' });
  await app.register(cvExportRoutes, { prefix: '/api' });
  await app.register(savedSearchesRoutes, { prefix: '/api' });
  await app.register(favoritesRoutes, { prefix: '/api' });
  await app.register(inquiriesRoutes, { prefix: '/api' });
  await app.register(seoRoutes);
  // The web app and its SPA fallback; last, so every API route above wins.
  await app.register(webStatic);
  return app;
}
