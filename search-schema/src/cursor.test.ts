import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeCursor, decodePageCursor, encodeCursor, MAX_CURSOR_LENGTH } from './cursor';

describe('the search cursor', () => {
  it('round-trips the sort values of a hit', () => {
    const sort = [12.345678, 1_748_000_000_000, '00000000-0000-4000-8000-000000000001'];
    const cursor = encodeCursor(sort);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(sort);
  });

  it('keeps float scores exact', () => {
    const sort = [0.1 + 0.2, 0, 'x'];
    expect(decodeCursor(encodeCursor(sort))[0]).toBe(0.1 + 0.2);
  });

  it('round-trips a point in time and its tiebreaker, within the length a request may have', () => {
    const sort = [3.7174299, 1_748_000_000_000, '00000000-0000-4000-8000-000000000001', 71];
    const pointInTime = 'A'.repeat(600);
    const cursor = encodeCursor(sort, pointInTime);
    expect(decodePageCursor(cursor)).toEqual({ sort, pointInTime });
    expect(decodePageCursor(encodeCursor(sort.slice(0, 3)))).toEqual({ sort: sort.slice(0, 3) });
    expect(cursor.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
  });

  it('refuses to encode something that is not a sort of ours', () => {
    expect(() => encodeCursor(['a', 'b'])).toThrow(z.ZodError);
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['base64 of non-JSON', btoa('hello')],
    ['JSON of the wrong shape', btoa(JSON.stringify({ v: 1, s: ['x', 1, 'y'] })).replace(/=+$/, '')],
    ['another version', btoa(JSON.stringify({ v: 2, s: [1, 2, 'y'] })).replace(/=+$/, '')],
    ['an empty string', ''],
    ['a huge string', 'A'.repeat(MAX_CURSOR_LENGTH + 1)],
    ['a negative tiebreaker', btoa(JSON.stringify({ v: 1, s: [1, 2, 'y', -1] })).replace(/=+$/, '')],
  ])('rejects %s with a zod error on path cursor', (_name, cursor) => {
    try {
      decodeCursor(cursor);
      expect.fail('decodeCursor should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(z.ZodError);
      expect((error as z.ZodError).issues).toEqual([
        expect.objectContaining({ path: ['cursor'], message: 'validation.invalidInput' }),
      ]);
    }
  });
});
