import type { ErrorCode } from '@mp/api-contract/error-codes';
import { issueMessage } from '@mp/domain/issue-messages';
import type { MessageCode, MessageParams } from '@mp/domain/messages';
import type { z } from 'zod';
import { isApiError } from './api-client';

/** The message code of the first problem `schema` finds in `value`, or undefined when it is valid. */
export function firstIssue(schema: z.ZodType, value: unknown): MessageCode | undefined {
  return firstFormIssue(schema, value)?.code;
}

/** The i18next key of a domain message code (the `messages` namespace mirrors the domain catalogue). */
export function messageKey(code: MessageCode): string {
  return `messages:${code}`;
}

/**
 * A problem the browser found, with the values of its message's placeholders: a limit's `{max}` or `{min}`,
 * so a form says what the API says ('Cannot be longer than 200 characters', 'Får inte vara längre än 200 tecken').
 */
export interface FormIssue {
  code: MessageCode;
  params?: MessageParams;
}

/** A text longer than `max` characters, worded as the API words it. */
export function maxLengthIssue(max: number): FormIssue {
  return { code: 'validation.maxLength', params: { max } };
}

/**
 * A zod issue as a form shows it, worded as the API words it (`issueMessage`, shared through @mp/domain): the
 * schema's own message code with zod's `maximum` and `minimum` as `{max}` and `{min}`, else what the issue's
 * code says (the type wanted, the values allowed, a number's limit), else 'Invalid input'.
 */
export function formIssueOf(issue: z.core.$ZodIssue): FormIssue {
  const { code, params } = issueMessage(issue);
  return params ? { code, params } : { code };
}

/** The first problem `schema` finds in `value` with its limits, or undefined when it is valid. */
export function firstFormIssue(schema: z.ZodType, value: unknown): FormIssue | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? formIssueOf(issue) : { code: 'validation.invalidInput' };
}

/** The text of a problem found in the browser (a bare code, or one with its limits) in the interface language. */
export function formIssueText(
  t: (key: string, params?: Record<string, unknown>) => string,
  issue: MessageCode | FormIssue,
): string {
  return typeof issue === 'string' ? t(messageKey(issue)) : t(messageKey(issue.code), issue.params);
}

/**
 * The texts of an API answer's `400 VALIDATION_FAILED` issues by field path ('' for the request as a whole),
 * the first per field, in the request's language; null for any other answer. Forms show them at their inputs.
 */
export function apiIssueTexts(data: unknown): Map<string, string> | null {
  if (typeof data !== 'object' || data === null) return null;
  const body = data as { code?: unknown; data?: { issues?: unknown } };
  if (body.code !== ('VALIDATION_FAILED' satisfies ErrorCode) || !Array.isArray(body.data?.issues))
    return null;
  const texts = new Map<string, string>();
  for (const issue of body.data.issues as { field?: unknown; message?: unknown }[]) {
    const field = typeof issue.field === 'string' ? issue.field : '';
    if (!texts.has(field) && typeof issue.message === 'string') texts.set(field, issue.message);
  }
  return texts;
}

/**
 * The text to show at the input `field` for a failed request: its validation issue, or the message of an
 * answer whose code belongs to that input (`codes`, e.g. a name already taken); undefined when the error
 * is not about the input (then the global display shows it).
 */
export function fieldErrorOf(
  error: unknown,
  field: string,
  codes: readonly ErrorCode[] = [],
): string | undefined {
  if (!isApiError(error)) return undefined;
  const issue = apiIssueTexts(error.data)?.get(field);
  if (issue) return issue;
  return error.code && (codes as readonly string[]).includes(error.code) ? error.errorMessage : undefined;
}
