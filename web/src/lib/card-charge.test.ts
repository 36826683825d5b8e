import { describe, expect, it } from 'vitest';
import { cardChargeUnpaid } from './card-payments';

// QA13 F2, F3: a card added or removed while past due charges the amount due at once; only a paid charge is a
// success, a declined one (or one waiting for 3-D Secure) is told as a problem.
describe('cardChargeUnpaid', () => {
  const charge = (status: 'paid' | 'declined' | 'requires_action') => ({
    status,
    amountOre: 19900,
    currency: 'SEK',
    reason: status === 'declined' ? ('insufficient_funds' as const) : null,
    nextAttemptAt: null,
    graceEndsAt: null,
  });
  it('is false when nothing was charged or the charge paid', () => {
    expect(cardChargeUnpaid({})).toBe(false);
    expect(cardChargeUnpaid({ charge: charge('paid') })).toBe(false);
  });
  it('is true for a declined charge and one waiting for 3-D Secure', () => {
    expect(cardChargeUnpaid({ charge: charge('declined') })).toBe(true);
    expect(cardChargeUnpaid({ charge: charge('requires_action') })).toBe(true);
  });
});
