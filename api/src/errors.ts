import { ERROR_CATALOGUE, type ErrorCode } from '@mp/api-contract/error-codes';
import {
  isMessageCode,
  translateMessage,
  type Locale,
  type MessageCode,
  type MessageParams,
} from '@mp/domain';
import { issueMessage, type IssueFacts } from '@mp/domain/issue-messages';

export { issueMessage, zodIssueLimits, type IssueFacts, type IssueMessage } from '@mp/domain/issue-messages';

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
export interface InputIssue extends IssueFacts {
  /** The path of the field, as zod gives it (`['name']`), or a dotted string. */
  path: readonly PropertyKey[] | string;
  /**
   * A message code of the catalogue; anything else (zod's own English text) is worded from the issue's code
   * and details (`issueMessage`), e.g. a too_big issue's `maximum` as the message's `{max}`.
   */
  message: string;
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

/** {@link translatedIssue} of a zod issue, worded by {@link issueMessage}. */
export function translatedZodIssue(field: string, issue: IssueFacts, locale: Locale) {
  const { code, params } = issueMessage(issue);
  return translatedIssue(field, code, locale, params);
}

/**
 * 400 VALIDATION_FAILED for input a route checks itself (a multipart form's fields), in the shape the error
 * handler gives a route schema's refusal: the first problem's message, and `data.issues` with each problem's
 * `field`, `code` and `message` in the request's language, so a form shows it at its input.
 */
export function validationError(issues: readonly InputIssue[], locale: Locale): AppError {
  const translated = issues.map((issue) =>
    translatedZodIssue(
      typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.'),
      issue,
      locale,
    ),
  );
  // The first problem's message is the answer's, with the same values ('Cannot be longer than 200 characters').
  const first = issues[0] && issueMessage(issues[0]);
  return new AppError('VALIDATION_FAILED', {
    message: first?.code,
    params: first?.params,
    data: { issues: translated },
  });
}
