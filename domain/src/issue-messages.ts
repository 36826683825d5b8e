import { isMessageCode, type MessageCode, type MessageParams } from './messages';

// How a zod issue is worded, the same in the API's answers and in the web's own checks before sending: a
// schema's own message code with its limits, else a message from the issue's code and details.

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
