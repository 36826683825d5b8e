import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName', () => {
  it('shows the name the API sends, or first and last name', () => {
    expect(displayName('Anna Berg')).toBe('Anna Berg');
    expect(displayName({ firstName: 'Anna', lastName: 'Berg' })).toBe('Anna Berg');
    expect(displayName({ firstName: 'Anna', lastName: null })).toBe('Anna');
    expect(displayName({ firstName: ' ', lastName: 'Berg' })).toBe('Berg');
  });

  it("falls back to the fallback, then to 'n/a', for a missing name (spec section 3)", () => {
    for (const missing of [null, undefined, '', '  ', { firstName: null, lastName: null }, {}]) {
      expect(displayName(missing)).toBe('n/a');
      expect(displayName(missing, 'anna@example.se')).toBe('anna@example.se');
      expect(displayName(missing, null)).toBe('n/a');
      expect(displayName(missing, '')).toBe('n/a');
    }
  });
});
