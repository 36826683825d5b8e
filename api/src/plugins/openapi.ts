import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, served at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Consulting marketplace API',
          description:
            'API host calls live under /api; the auth host calls are PUT /auth and POST /auth. The session ' +
            'token is sent raw in the Authorization header; Accept-Language chooses sv (default) or en for messages.',
          version: '0.1.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    if (app.config.SERVE_DOCS) {
      await app.register(swaggerUi, { routePrefix: '/api/docs' });
    }
  },
  { name: 'openapi', dependencies: ['config'] },
);
