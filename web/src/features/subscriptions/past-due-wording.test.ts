import { describe, expect, it } from 'vitest';
import en from '../../locales/en/payments.json';
import sv from '../../locales/sv/payments.json';

// QA12 F1: a subscription whose renewal was declined is not "renewing on" a day gone by. The page says the payment
// failed, when the card is tried next, when premium ends, and offers to pay now; the plan-change and cancel texts
// name no date of a period that is over.
describe('a past-due subscription is described without a renewal date in the past', () => {
  it.each([
    ['sv', sv, /Förnyas/, 'Betala nu'],
    ['en', en, /Renews/, 'Pay now'],
  ] as const)('%s', (_language, texts, renews, payNow) => {
    const m = texts.manage;
    expect(m.pastDue).toContain('{{next}}');
    expect(m.pastDue).toContain('{{date}}');
    expect(m.pastDueLastTry).toContain('{{date}}');
    for (const text of [m.pastDue, m.pastDueLastTry, m.periodPastDue, m.periodPastDueAs]) {
      expect(text).not.toMatch(renews);
    }
    expect(m.payNow).toContain(payNow);
    expect(m.paidNow).toContain('{{date}}');
    // Cancelling ends premium now: no "end of the paid period", no date.
    for (const text of [m.cancelInfoPastDue, m.confirmCancel.bodyPastDue]) expect(text).not.toContain('{{');
    expect(m.change.infoPastDue).toContain('{{date}}');
    expect(m.change.confirmBodyPastDue).not.toContain('{{date}}');
  });

  it.each([
    ['sv', sv],
    ['en', en],
  ] as const)('saved cards can be removed (%s)', (_language, texts) => {
    expect(texts.card.remove).toBeTruthy();
    expect(texts.card.removeLabel).toContain('{{last4}}');
    expect(texts.card.confirmRemove.bodyDefault).toContain('{{next}}');
  });
});

// QA13 F1, F3: a declined renewal paid now is thanked for even when its date is not known, without "welcome";
// removing the default card while past due says the amount due is charged to the next card now.
describe('paying the amount due and the card that pays it', () => {
  it.each([
    ['sv', sv, /välkommen/i],
    ['en', en, /welcome/i],
  ] as const)('%s', (_language, texts, welcome) => {
    expect(texts.manage.paidNowNoDate).not.toMatch(welcome);
    expect(texts.manage.paidNowNoDate).not.toContain('{{');
    const body = texts.card.confirmRemove.bodyDefaultOverdue;
    expect(body).toContain('{{price}}');
    expect(body).toContain('{{next}}');
  });
});
