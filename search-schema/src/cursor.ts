import type { MessageCode } from '@mp/domain';
import { z } from 'zod';

// The opaque paging cursor of `/search/v3`: the sort values of the last hit of a page (`_score`,
// `updatedAt` in epoch milliseconds, `userId`), as base64url JSON. Elasticsearch continues after them with
// `search_after`, so paging has no 10,000-hit ceiling and, with `userId` as a unique last sort key, returns
// every hit exactly once while the index does not change.

/** `[score, updatedAtMillis, userId]`, the sort of `buildSearchQuery`. */
export type CursorSortValues = [number, number, string];

const CURSOR_VERSION = 1;
const MAX_CURSOR_LENGTH = 500;

export const cursorSortValuesSchema = z.tuple([z.number(), z.number().int(), z.string().min(1).max(100)]);

const cursorPayloadSchema = z.object({ v: z.literal(CURSOR_VERSION), s: cursorSortValuesSchema });

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/u, '');
}

function fromBase64Url(encoded: string): string {
  const base64 = encoded.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(binary, (char) => char.charCodeAt(0)),
  );
}

/** Encodes the `sort` values of a page's last hit as an opaque cursor. */
export function encodeCursor(sortValues: readonly unknown[]): string {
  const parsed = cursorSortValuesSchema.parse(sortValues);
  return toBase64Url(JSON.stringify({ v: CURSOR_VERSION, s: parsed }));
}

const INVALID_CURSOR: MessageCode = 'validation.invalidInput';

/**
 * A cursor string parsed into the sort values for `search_after`. Anything that `encodeCursor` did not
 * produce fails with issue message `validation.invalidInput` at path `['cursor']`.
 */
export const cursorSchema = z
  .string()
  .max(MAX_CURSOR_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/u)
  .transform((cursor, context): CursorSortValues => {
    try {
      const payload = cursorPayloadSchema.safeParse(JSON.parse(fromBase64Url(cursor)));
      if (payload.success) return payload.data.s;
    } catch {
      // Not base64url or not JSON: reported below like any other malformed cursor.
    }
    context.addIssue({ code: 'custom', message: INVALID_CURSOR, input: cursor });
    return z.NEVER;
  });

/** Decodes a cursor; throws a `ZodError` (path `['cursor']`, message `validation.invalidInput`) when it is malformed. */
export function decodeCursor(cursor: string): CursorSortValues {
  const result = cursorSchema.safeParse(cursor);
  if (result.success) return result.data;
  throw new z.ZodError(
    result.error.issues.map((issue) => ({
      ...issue,
      path: ['cursor', ...issue.path],
      message: INVALID_CURSOR,
    })),
  );
}
