import { isMessageCode } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODE, isErrorCode } from './error-codes';

describe('the error catalogue', () => {
  it('gives every code an error status and a message that exists in both languages', () => {
    for (const [code, definition] of Object.entries(ERROR_CATALOGUE)) {
      expect(definition.status, code).toBeGreaterThanOrEqual(400);
      expect(definition.status, code).toBeLessThan(600);
      expect(isMessageCode(definition.message), code).toBe(true);
    }
  });

  it('names every code by itself for clients', () => {
    expect(ERROR_CODE.SESSION_EXPIRED).toBe('SESSION_EXPIRED');
    expect(Object.keys(ERROR_CODE)).toEqual(Object.keys(ERROR_CATALOGUE));
    expect(isErrorCode('CONFIRMATION_REQUIRED')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});
