import { ERROR_CATALOGUE, type ErrorCode } from '@mp/api-contract/error-codes';
import {
  isMessageCode,
  translateMessage,
  type Locale,
  type MessageCode,
  type MessageParams,
} from '@mp/domain';

export type { ErrorCode } from '@mp/api-contract/error-codes';

export interface AppErrorOptions {
  /** A more specific message than the code's default in the catalogue (e.g. which field is missing). */
  message?: MessageCode;
  /** Sent as `data` beside the message (field issues, limits the web shows). */
  data?: unknown;
  /** Values for the message's `{name}` placeholders (text, or another message in the same language). */
  params?: MessageParams;
}

/**
 * The one error type of the API. `code` is a code of the catalogue (`@mp/api-contract/error-codes`), which
 * also gives the HTTP status and the default message; the error handler translates the message into the
 * request's language. A code missing from the catalogue is a type error: add it there first.
 */
export class AppError extends Error {
  readonly status: number;
  readonly messageCode: MessageCode;
  readonly data?: unknown;
  readonly params?: MessageParams;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    const definition = ERROR_CATALOGUE[code];
    const messageCode = options.message ?? definition.message;
    super(messageCode);
    this.name = 'AppError';
    this.status = definition.status;
    this.messageCode = messageCode;
    this.data = options.data;
    this.params = options.params;
  }
}

/** One problem of an input checked by hand (not by a route's schema): where it is and its message code. */
export interface InputIssue {
  /** The path of the field, as zod gives it (`['name']`), or a dotted string. */
  path: readonly PropertyKey[] | string;
  /** A message code of the catalogue; anything else (zod's own English text) becomes 'Invalid input'. */
  message: string;
  /** A zod issue's limits, when it has them (`maximum`, `minimum`): the message's `{max}` and `{min}`. */
  maximum?: unknown;
  minimum?: unknown;
}

/**
 * One field's problem as the API answers it in `data.issues`: the field, the message code (a code of the catalogue;
 * anything else, such as zod's own English text, becomes 'Invalid input') and its message in the request's
 * language. The error handler builds a route schema's refusals with it, and `validationError` a route's own.
 */
export function translatedIssue(
  field: string,
  message: string | undefined,
  locale: Locale,
  params?: MessageParams,
) {
  const code: MessageCode = message && isMessageCode(message) ? message : 'validation.invalidInput';
  return { field: field || undefined, code, message: translateMessage(code, locale, params) };
}

/**
 * The `{max}` and `{min}` of a zod issue's limits (zod 4: `maximum` of a too_big issue, `minimum` of a
 * too_small one), for messages such as 'Cannot be longer than {max} characters'; undefined without limits.
 */
export function zodIssueLimits(issue: unknown): MessageParams | undefined {
  if (typeof issue !== 'object' || issue === null) return undefined;
  const { maximum, minimum } = issue as { maximum?: unknown; minimum?: unknown };
  const limit = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? String(value) : undefined;
  const max = limit(maximum);
  const min = limit(minimum);
  if (max === undefined && min === undefined) return undefined;
  return { ...(max !== undefined && { max }), ...(min !== undefined && { min }) };
}

/**
 * 400 VALIDATION_FAILED for input a route checks itself (a multipart form's fields), in the shape the error
 * handler gives a route schema's refusal: the first problem's message, and `data.issues` with each problem's
 * `field`, `code` and `message` in the request's language, so a form shows it at its input.
 */
export function validationError(issues: readonly InputIssue[], locale: Locale): AppError {
  const translated = issues.map((issue) =>
    translatedIssue(
      typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.'),
      issue.message,
      locale,
      zodIssueLimits(issue),
    ),
  );
  // The first problem's message is the answer's, with the same limits ('Cannot be longer than 200 characters').
  return new AppError('VALIDATION_FAILED', {
    message: translated[0]?.code,
    params: zodIssueLimits(issues[0]),
    data: { issues: translated },
  });
}
