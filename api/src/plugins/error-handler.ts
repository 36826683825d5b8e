import type { Socket } from 'node:net';
import { resolveLocale, translateMessage, type MessageCode } from '@mp/domain';
import { errors as esErrors } from '@elastic/elasticsearch';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@mp/api-contract/error.schema';
import { AppError, translatedZodIssue, type ErrorCode } from '../errors';

interface KnownError {
  status: number;
  code: ErrorCode;
  messageCode: MessageCode;
}

const badUrl: KnownError = { status: 400, code: 'BAD_URL', messageCode: 'error.invalidUrl' };
const invalidJson: KnownError = { status: 400, code: 'INVALID_JSON', messageCode: 'error.invalidJson' };
const badRequest: KnownError = { status: 400, code: 'BAD_REQUEST', messageCode: 'error.badRequest' };
const tooLarge: KnownError = { status: 413, code: 'PAYLOAD_TOO_LARGE', messageCode: 'error.payloadTooLarge' };
const mediaType: KnownError = {
  status: 415,
  code: 'UNSUPPORTED_MEDIA_TYPE',
  messageCode: 'error.unsupportedMediaType',
};

/**
 * Client errors raised by Fastify itself and by its plugins (@fastify/multipart, @fastify/jwt, ...), mapped to
 * our codes and catalogue messages. Their own messages are never sent: they are English only and some quote
 * the input back.
 */
const FRAMEWORK_ERRORS: Readonly<Record<string, KnownError>> = {
  FST_ERR_BAD_URL: badUrl,
  FST_ERR_INVALID_URL: badUrl,
  FST_ERR_MAX_PARAM_LENGTH: badUrl,
  FST_ERR_CTP_INVALID_JSON_BODY: invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: invalidJson,
  FST_INVALID_JSON_FIELD_ERROR: invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: tooLarge,
  FST_PARTS_LIMIT: tooLarge,
  FST_FILES_LIMIT: tooLarge,
  FST_FIELDS_LIMIT: tooLarge,
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'FILE_TOO_LARGE', messageCode: 'validation.fileTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: mediaType,
  FST_INVALID_MULTIPART_CONTENT_TYPE: mediaType,
  FST_ERR_NOT_FOUND: { status: 404, code: 'NOT_FOUND', messageCode: 'error.notFound' },
};

/** Any other 4xx from Fastify or a plugin (codes `FST_*`), by status. */
function byStatus(status: number): KnownError {
  switch (status) {
    case 401:
      return { status, code: 'UNAUTHORIZED', messageCode: 'error.unauthorized' };
    case 403:
      return { status, code: 'FORBIDDEN', messageCode: 'error.forbidden' };
    case 404:
      return { status, code: 'NOT_FOUND', messageCode: 'error.notFound' };
    case 413:
      return tooLarge;
    case 415:
      return mediaType;
    case 429:
      return { status, code: 'TOO_MANY_REQUESTS', messageCode: 'error.tooManyRequests' };
    default:
      return { ...badRequest, status };
  }
}

/**
 * Only errors raised by Fastify and its plugins (`FST_*` codes) are trusted to carry a client status. Other
 * libraries set `statusCode` too (the Elasticsearch client copies the cluster's 400 onto its error): those
 * are our bugs, answered 500 and logged, and their messages never reach the client.
 */
function frameworkClientError(error: FastifyError): KnownError | null {
  const code = typeof error.code === 'string' ? error.code : '';
  const known = FRAMEWORK_ERRORS[code];
  if (known) return known;
  const status = error.statusCode;
  if (code.startsWith('FST_') && status && status >= 400 && status < 500) return byStatus(status);
  return null;
}

/**
 * Elasticsearch not answering: the connection refused or lost, a timeout, no node left, or the cluster itself
 * saying it is overloaded or unavailable (429, 503). The search is down for a moment, not a bug in our request:
 * 503 SEARCH_UNAVAILABLE ("try again in a moment"), logged as a warning. Other answers of the cluster (a 400 for
 * a query it cannot parse, a missing index) stay our bugs: 500, logged as errors.
 */
function isSearchUnavailable(error: unknown): boolean {
  if (
    error instanceof esErrors.ConnectionError ||
    error instanceof esErrors.TimeoutError ||
    error instanceof esErrors.NoLivingConnectionsError
  ) {
    return true;
  }
  return error instanceof esErrors.ResponseError && (error.statusCode === 429 || error.statusCode === 503);
}

/** The part of the request a schema refused (Fastify names it in `validationContext`), as it was sent. */
function validatedInput(error: FastifyError, request: FastifyRequest): unknown {
  switch ((error as { validationContext?: unknown }).validationContext) {
    case 'body':
      return request.body;
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return undefined;
  }
}

/** The value at a zod issue's path in `input`; undefined when any step of it is absent. */
function valueAt(input: unknown, segments: readonly string[]): unknown {
  let value = input;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function localeOf(request: FastifyRequest) {
  return resolveLocale(request.headers['accept-language']);
}

/**
 * Sends any error in the spec's shape in the request's language: AppErrors as they are, zod validation errors
 * as 400 with their field issues, framework and plugin client errors mapped to our codes, and anything else
 * as 500 with the generic message (logged with the request id, never leaked). Also Fastify's
 * `frameworkErrors` (bad URLs) and the not-found handler go through here, so there is one shape.
 */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(request);
  if (error instanceof AppError) {
    const body: ErrorBody = {
      errorMessage: translateMessage(error.messageCode, locale, error.params),
      code: error.code,
    };
    if (error.data !== undefined) body.data = error.data;
    return reply.status(error.status).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const input = validatedInput(error, request);
    const issues = error.validation.flatMap((v) => {
      const relative = v.instancePath.replace(/^\//, '');
      const segments = relative ? relative.split('/') : [];
      const path = segments.join('.');
      // A strict body's unknown keys are one issue for the object; name each key as the field. Our domain
      // schemas put message codes in issue messages; where zod's own text stands, the issue's code and details
      // say what is wrong (`issueMessage`: an invalid id, the values allowed, a number's limit, the type wanted).
      const unknownKeys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: string[] }).keys : [];
      const fields = unknownKeys?.length ? unknownKeys.map((key) => (path ? `${path}.${key}` : key)) : [path];
      const facts = {
        ...v.params,
        code: v.keyword,
        message: v.message,
        missing: segments.length > 0 && valueAt(input, segments) === undefined,
      };
      return fields.map((field) => translatedZodIssue(field, facts, locale));
    });
    const first = issues[0];
    // The message alone, as a person reads it; which field it concerns is in `data.issues`. A key the body
    // may not have is a caller's mistake, not a person's, and its message names it.
    return reply.status(400).send({
      errorMessage: !first
        ? translateMessage('error.badRequest', locale)
        : first.code === 'validation.unknownField' && first.field
          ? translateMessage('validation.unknownFieldNamed', locale, { field: first.field })
          : first.message,
      code: 'VALIDATION_FAILED',
      data: { issues },
    } satisfies ErrorBody);
  }
  if (isSearchUnavailable(error)) {
    request.log.warn({ err: error.message, reqId: request.id }, 'Elasticsearch is not answering');
    return reply.status(503).send({
      errorMessage: translateMessage('error.searchUnavailable', locale),
      code: 'SEARCH_UNAVAILABLE',
    } satisfies ErrorBody);
  }
  const known = isResponseSerializationError(error) ? null : frameworkClientError(error);
  if (known) {
    return reply.status(known.status).send({
      errorMessage: translateMessage(known.messageCode, locale),
      code: known.code,
    } satisfies ErrorBody);
  }
  request.log.error(
    { err: error, reqId: request.id },
    isResponseSerializationError(error) ? 'response did not match its schema' : 'unhandled error',
  );
  return reply.status(500).send({
    errorMessage: translateMessage('error.generic', locale),
    code: 'INTERNAL',
  } satisfies ErrorBody);
}

/**
 * For Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (bad header bytes, headers too
 * large) never becomes a request, so there is no Accept-Language to read; the answer is Swedish, the default.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, messageCode, code] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, 'Request Timeout', 'error.badRequest', 'REQUEST_TIMEOUT'] as const)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'Request Header Fields Too Large', 'error.payloadTooLarge', 'HEADERS_TOO_LARGE'] as const)
        : ([400, 'Bad Request', 'error.badRequest', 'BAD_REQUEST'] as const);
  code satisfies ErrorCode;
  const body = JSON.stringify({
    errorMessage: translateMessage(messageCode, 'sv'),
    code,
  } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Registers {@link sendError} as the error handler and a not-found handler in the same shape. */
export default fp(
  async (app) => {
    app.setErrorHandler(sendError);
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        errorMessage: translateMessage('error.notFound', localeOf(request)),
        code: 'NOT_FOUND',
      } satisfies ErrorBody),
    );
  },
  { name: 'error-handler' },
);
