import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('the public API', () => {
  it('exposes the entry points the API and the web app use', () => {
    for (const name of [
      'translateMessage',
      'resolveLocale',
      'isMessageCode',
      'parsePersonalIdentityNumber',
      'maskPersonalIdentityNumber',
      'ageOn',
      'educationLevelRank',
      'emailSchema',
      'vatNumberSchema',
      'personalIdentityNumberSchema',
    ] as const) {
      expect(domain[name], name).toBeDefined();
    }
    expect(domain.MINIMUM_AGE_YEARS).toBe(18);
    expect(domain.WORK_LOCATIONS).toHaveLength(24);
  });
});
