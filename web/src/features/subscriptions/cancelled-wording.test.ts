import { describe, expect, it } from 'vitest';
import en from '../../locales/en/payments.json';
import sv from '../../locales/sv/payments.json';

// A cancelled subscription's end (currentPeriodEnd, the instant one month after the last charge) is stated the
// same way on the card, in the alert after cancelling and in the confirmation dialog: the day premium ends.
describe('a cancelled subscription names the day premium ends, in one wording', () => {
  it.each([
    ['sv', sv, 'remium upphör den {{date}}'],
    ['en', en, 'remium ends on {{date}}'],
  ] as const)('%s', (_language, texts, phrase) => {
    for (const text of [texts.manage.endsOn, texts.manage.cancelled, texts.manage.confirmCancel.body]) {
      expect(text).toContain(phrase);
    }
  });
});
