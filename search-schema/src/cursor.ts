import type { MessageCode } from '@mp/domain';
import { z } from 'zod';

// The opaque paging cursor of `/search/v3`: the sort values of the last hit of a page (`_score`,
// `updatedAt` in epoch milliseconds, `userId`), as base64url JSON. Elasticsearch continues after them with
// `search_after`, so paging has no 10,000-hit ceiling and, with `userId` as a unique last sort key, returns
// every hit exactly once while the index does not change. From the second page on it also holds the id of the
// point in time the pages are read from (`p`), so that writes between pages (which change the relevance
// scores) neither skip nor repeat a card.

/**
 * `[score, updatedAtMillis, userId]`, the sort of `buildSearchQuery`; read from a point in time, Elasticsearch
 * adds its own tiebreaker (`_shard_doc`) as a fourth value.
 */
export type CursorSortValues = [number, number, string] | [number, number, string, number];

const CURSOR_VERSION = 1;
/** A point-in-time id is a few hundred characters for a one-shard index; room for a few shards more. */
export const MAX_CURSOR_LENGTH = 2000;
const MAX_POINT_IN_TIME_LENGTH = 1200;

const searchSortValuesSchema = z.tuple([z.number(), z.number().int(), z.string().min(1).max(100)]);
export const cursorSortValuesSchema = z.union([
  searchSortValuesSchema,
  z.tuple([z.number(), z.number().int(), z.string().min(1).max(100), z.number().int().nonnegative()]),
]);

const cursorPayloadSchema = z.object({
  v: z.literal(CURSOR_VERSION),
  s: cursorSortValuesSchema,
  p: z.string().min(1).max(MAX_POINT_IN_TIME_LENGTH).optional(),
});

/** A decoded cursor: where the last page ended and, from the second page on, the point in time it was read from. */
export interface PageCursor {
  sort: CursorSortValues;
  pointInTime?: string;
}

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

/** Encodes the `sort` values of a page's last hit (and the point in time it was read from) as an opaque cursor. */
export function encodeCursor(sortValues: readonly unknown[], pointInTime?: string): string {
  const parsed = cursorSortValuesSchema.parse(sortValues);
  return toBase64Url(
    JSON.stringify({ v: CURSOR_VERSION, s: parsed, ...(pointInTime ? { p: pointInTime } : {}) }),
  );
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
  .transform((cursor, context): PageCursor => {
    try {
      const payload = cursorPayloadSchema.safeParse(JSON.parse(fromBase64Url(cursor)));
      if (payload.success) {
        return payload.data.p
          ? { sort: payload.data.s, pointInTime: payload.data.p }
          : { sort: payload.data.s };
      }
    } catch {
      // Not base64url or not JSON: reported below like any other malformed cursor.
    }
    context.addIssue({ code: 'custom', message: INVALID_CURSOR, input: cursor });
    return z.NEVER;
  });

/** The sort values of a cursor (`decodePageCursor`), for `search_after`. */
export function decodeCursor(cursor: string): CursorSortValues {
  return decodePageCursor(cursor).sort;
}

/** Decodes a cursor; throws a `ZodError` (path `['cursor']`, message `validation.invalidInput`) when it is malformed. */
export function decodePageCursor(cursor: string): PageCursor {
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
