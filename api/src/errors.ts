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

/**
 * The `{max}` and `{min}` of a zod issue's limits (zod 4: `maximum` of a too_big issue, `minimum` of a
 * too_small one), for messages such as 'Cannot be longer than {max} characters'; undefined without limits.
 */
export function zodIssueLimits(issue: unknown): MessageParams | undefined {
  if (typeof issue !== 'object' || issue === null) return undefined;
  const { maximum, minimum } = issue as { maximum?: unknown; minimum?: unknown };
  const max = limitText(maximum);
  const min = limitText(minimum);
  if (max === undefined && min === undefined) return undefined;
  return { ...(max !== undefined && { max }), ...(min !== undefined && { min }) };
}

function limitText(value: unknown): string | undefined {
  return typeof value === 'number' || typeof value === 'bigint' ? String(value) : undefined;
}

/**
 * What `issueMessage` reads of a zod 4 issue (fastify-type-provider-zod passes all but `code`, `message` and
 * `path` as the validation error's `params`): its code, message and details, and whether the field was absent.
 */
export interface IssueFacts {
  code?: unknown;
  message?: unknown;
  /** invalid_type: the type wanted ('number', 'int', 'boolean', 'string', 'array', 'object', ...). */
  expected?: unknown;
  /** invalid_value: the values allowed (an enum's, a literal's). */
  values?: unknown;
  /** invalid_format: the format wanted ('uuid', 'email', 'date', 'regex', ...). */
  format?: unknown;
  /** too_small / too_big: what was measured ('number', 'string', 'array', ...), its limit, inclusive or not. */
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
  /** The field was not sent at all (zod 4 issues carry no input; the error handler looks it up). */
  missing?: boolean;
}

/** A message of the catalogue and its placeholders' values. */
export interface IssueMessage {
  code: MessageCode;
  params?: MessageParams;
}

const NUMBER_TYPES = new Set(['number', 'bigint', 'int', 'float32', 'float64', 'int32', 'uint32']);
const LIST_TYPES = new Set(['array', 'tuple', 'set']);
const OBJECT_TYPES = new Set(['object', 'record', 'map']);
const TYPE_MESSAGES: Readonly<Record<string, MessageCode>> = {
  int: 'validation.mustBeWholeNumber',
  int32: 'validation.mustBeWholeNumber',
  uint32: 'validation.mustBeWholeNumber',
  number: 'validation.mustBeNumber',
  bigint: 'validation.mustBeNumber',
  float32: 'validation.mustBeNumber',
  float64: 'validation.mustBeNumber',
  boolean: 'validation.mustBeBoolean',
  string: 'validation.mustBeText',
  array: 'validation.mustBeList',
  tuple: 'validation.mustBeList',
  set: 'validation.mustBeList',
  object: 'validation.mustBeObject',
  record: 'validation.mustBeObject',
  map: 'validation.mustBeObject',
};

/**
 * The message of one zod issue. A schema's own message code is kept (with the issue's limits as `{max}` /
 * `{min}`); where it has none (zod's English default) or only the generic 'Invalid input', the issue's code
 * says what is wrong: an absent field is required, a malformed uuid an invalid id, an enum's value out of its
 * set names the set, a number out of range names its limit, a value of the wrong type names the type wanted,
 * a text or list over or under its size names the size. Anything else stays 'Invalid input'.
 */
export function issueMessage(issue: IssueFacts): IssueMessage {
  const limits = zodIssueLimits(issue);
  const own = issue.message;
  if (isMessageCode(own) && own !== 'validation.invalidInput') return { code: own, params: limits };
  return derivedMessage(issue, limits) ?? { code: 'validation.invalidInput', params: limits };
}

function derivedMessage(issue: IssueFacts, limits: MessageParams | undefined): IssueMessage | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.missing) return { code: 'validation.required' };
      const code = typeof issue.expected === 'string' ? TYPE_MESSAGES[issue.expected] : undefined;
      return code && { code };
    }
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values : [];
      const shown = values.filter(
        (value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
      );
      if (shown.length === 0 || shown.length !== values.length) return undefined;
      return { code: 'validation.mustBeOneOf', params: { values: shown.map(String).join(', ') } };
    }
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') return { code: 'validation.invalidId' };
      if (issue.format === 'email') return { code: 'validation.invalidEmail' };
      if (issue.format === 'date') return { code: 'validation.invalidLongDate' };
      return undefined;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue, limits);
    default:
      return undefined;
  }
}

function sizeMessage(issue: IssueFacts, limits: MessageParams | undefined): IssueMessage | undefined {
  const origin = typeof issue.origin === 'string' ? issue.origin : '';
  const small = issue.code === 'too_small';
  const limit = small ? limits?.min : limits?.max;
  if (limit === undefined) return undefined;
  const params: MessageParams = small ? { min: limit } : { max: limit };
  if (NUMBER_TYPES.has(origin)) {
    const exclusive = issue.inclusive === false;
    if (small) return { code: exclusive ? 'validation.numberAbove' : 'validation.numberMin', params };
    return { code: exclusive ? 'validation.numberBelow' : 'validation.numberMax', params };
  }
  if (origin === 'string') {
    if (!small) return { code: 'validation.maxLength', params };
    return limit === '1' ? { code: 'validation.required' } : { code: 'validation.minLength', params };
  }
  if (LIST_TYPES.has(origin) || OBJECT_TYPES.has(origin)) {
    if (!small) return { code: 'validation.maxItems', params };
    return limit === '1' ? { code: 'validation.required' } : { code: 'validation.minItems', params };
  }
  return undefined;
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
