import { resolveLocale, translateMessage } from '@mp/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

/** The one error shape of the API (spec section 8): the client shows `errorMessage` and switches on `code`. */
export interface ErrorBody {
  errorMessage: string;
  code: string;
  data?: unknown;
}

/**
 * Maps every error to the spec's shape in the request's language: AppErrors as they are, zod validation
 * errors to 400 with their field issues, and anything unknown to 500 with the generic message (logged with
 * the request id, never leaked).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const locale = resolveLocale(request.headers['accept-language']);
      if (error instanceof AppError) {
        const body: ErrorBody = {
          errorMessage: translateMessage(error.messageCode, locale, error.params),
          code: error.code,
        };
        if (error.data !== undefined) body.data = error.data;
        return reply.status(error.status).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.flatMap((v) => {
          const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const code = v.message ?? 'validation.invalidInput';
          // Our domain schemas put message codes in issue messages; zod's own messages pass through.
          const message = isMessageCode(code) ? translateMessage(code, locale) : code;
          // A strict body's unknown keys are one issue for the object; name each key as the field.
          const unknownKeys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: string[] }).keys : [];
          const fields = unknownKeys?.length
            ? unknownKeys.map((key) => (path ? `${path}.${key}` : key))
            : [path];
          return fields.map((field) => ({ field: field || undefined, code, message }));
        });
        const first = issues[0];
        return reply.status(400).send({
          errorMessage: first
            ? first.field
              ? `${first.field}: ${first.message}`
              : first.message
            : 'Bad request',
          code: 'VALIDATION_FAILED',
          data: { issues },
        } satisfies ErrorBody);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, reqId: request.id }, 'response did not match its schema');
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // Fastify's own client errors (bad JSON, payload too large, unsupported media type ...).
        return reply.status(error.statusCode).send({
          errorMessage: error.message,
          code: error.code ?? 'BAD_REQUEST',
        } satisfies ErrorBody);
      } else {
        request.log.error({ err: error, reqId: request.id }, 'unhandled error');
      }
      return reply.status(500).send({
        errorMessage: translateMessage('error.generic', locale),
        code: 'INTERNAL',
      } satisfies ErrorBody);
    });

    app.setNotFoundHandler((request, reply) => {
      const locale = resolveLocale(request.headers['accept-language']);
      return reply.status(404).send({
        errorMessage: translateMessage('error.notFound', locale),
        code: 'NOT_FOUND',
      } satisfies ErrorBody);
    });
  },
  { name: 'error-handler' },
);

function isMessageCode(value: string): value is Parameters<typeof translateMessage>[0] {
  return /^[a-z]+(\.[a-zA-Z0-9]+)+$/.test(value);
}
