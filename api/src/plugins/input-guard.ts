import { resolveLocale, translateMessage, type MessageCode } from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/* eslint-disable no-control-regex -- matching control characters is the point of these two */
/** C0 control characters and DEL: never valid in a path, a query or a JSON key. */
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** The same without tab, line feed and carriage return, which free texts in bodies may hold. */
const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */

/**
 * The path of the first string (or key) under `value` that holds a forbidden control character, or null.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findControlCharacter(value: unknown, allowWhitespace: boolean): string | null {
  const forbidden = allowWhitespace ? CONTROL_EXCEPT_WHITESPACE : ANY_CONTROL;
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (forbidden.test(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, path ? `${path}.${index}` : String(index)]));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (ANY_CONTROL.test(key)) return itemPath;
        stack.push([item, itemPath]);
      }
    }
  }
  return null;
}

function controlCharacterError(request: FastifyRequest, field: string): AppError {
  const code = 'validation.forbiddenCharacters' satisfies MessageCode;
  const message = translateMessage(code, resolveLocale(request.headers['accept-language']));
  return new AppError('VALIDATION_FAILED', {
    message: code,
    data: { issues: [{ field: field || undefined, code, message }] },
  });
}

/**
 * Refuses control characters in every path parameter, query value and JSON string before any route sees them
 * (Postgres refuses NUL outright, and controls have no business in names, tokens or mail headers): 400
 * VALIDATION_FAILED 'The text contains characters that are not allowed', with the field's path in
 * `data.issues` so a form shows it at the input. Bodies may keep tab, line feed and carriage return for
 * free texts. One hook for every route, so a new route is covered without doing anything.
 */
export async function rejectControlCharacters(request: FastifyRequest): Promise<void> {
  const inParams = findControlCharacter(request.params, false);
  if (inParams !== null) throw controlCharacterError(request, inParams);
  const inQuery = findControlCharacter(request.query, false);
  if (inQuery !== null) throw controlCharacterError(request, inQuery);
  const inBody = findControlCharacter(request.body, true);
  if (inBody !== null) throw controlCharacterError(request, inBody);
}

export default fp(
  async (app) => {
    app.addHook('preValidation', rejectControlCharacters);
  },
  { name: 'input-guard' },
);
