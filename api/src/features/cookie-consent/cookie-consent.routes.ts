import { cookieConsentBodySchema, cookieConsentSchema } from '@mp/api-contract/cookie-consent.schema';
import { errorResponses } from '@mp/api-contract/error.schema';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_S } from '@mp/domain/cookie-consent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The cookie banner's agreement when the browser posts the banner's form itself: a server-rendered page shows the
 * banner from its first paint, and a click on "I agree" before the page's script has taken over would otherwise
 * be lost. Sets the agreement's cookie (as the web app does when its script handles the click) and sends the
 * visitor back to the page, which the server now renders without the banner. A page's script that has taken
 * over records the agreement itself and never posts the form.
 */
export const cookieConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The banner's form is a plain HTML form; JSON is taken too. Its own context, so only this route takes forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const secure = new URL(app.config.PUBLIC_URL).protocol === 'https:' ? '; Secure' : '';

  app.post(
    '/cookie-consent',
    {
      schema: {
        tags: ['account'],
        summary:
          "No login: the cookie banner's form, posted when the visitor agrees before the page's script runs. " +
          'Sets the agreement cookie and answers 303 See Other to `page` (a path below a language prefix), or ' +
          'to the site root without one.',
        body: cookieConsentBodySchema,
        response: { 303: cookieConsentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const location = request.body.page ?? '/';
      reply.header(
        'set-cookie',
        `${CONSENT_COOKIE}=1; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`,
      );
      reply.header('cache-control', 'no-store');
      return reply
        .code(303)
        .header('location', location)
        .send({ agreed: true as const, location });
    },
  );
};
