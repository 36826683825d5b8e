import { isMessageCode, type MessageCode } from '@mp/domain/messages';
import type { z } from 'zod';

/** The message code of the first problem `schema` finds in `value`, or undefined when it is valid. */
export function firstIssue(schema: z.ZodType, value: unknown): MessageCode | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const message = result.error.issues[0]?.message;
  return isMessageCode(message) ? message : 'validation.invalidInput';
}

/** The i18next key of a domain message code (the `messages` namespace mirrors the domain catalogue). */
export function messageKey(code: MessageCode): string {
  return `messages:${code}`;
}
