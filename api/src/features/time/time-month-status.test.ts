import { LOCALES, TIME_MONTH_STATUSES, translateMessage } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import { canTransitionMonth, monthLocked, statusConflict, type MonthStep } from './time-month-status';

const messageOf = (error: { messageCode: Parameters<typeof translateMessage>[0] }, locale: 'sv' | 'en') =>
  translateMessage(error.messageCode, locale);
const STEPS: readonly MonthStep[] = ['submitted', 'returned', 'approved'];

describe('the time month status conflict', () => {
  it('says a month submitted twice has already been submitted, in both languages', () => {
    const twice = statusConflict('submitted', 'submitted');
    expect(twice).toMatchObject({
      code: 'TIME_MONTH_STATUS_CONFLICT',
      status: 409,
      data: { from: 'submitted', to: 'submitted' },
    });
    expect(messageOf(twice, 'en')).toBe('The month has already been submitted');
    expect(messageOf(twice, 'sv')).toBe('Månaden har redan skickats in');
    expect(messageOf(statusConflict('approved', 'approved'), 'en')).toBe(
      'The month has already been approved',
    );
    expect(messageOf(statusConflict('returned', 'returned'), 'sv')).toBe(
      'Månaden har redan skickats tillbaka till konsulten',
    );
  });

  it('says what happened to the month rather than "is X and cannot be X"', () => {
    expect(messageOf(statusConflict('approved', 'submitted'), 'en')).toBe(
      'The month is approved and can no longer be changed',
    );
    expect(messageOf(statusConflict('approved', 'returned'), 'sv')).toBe(
      'Månaden är godkänd och kan inte längre ändras',
    );
    expect(messageOf(statusConflict('open', 'approved'), 'en')).toBe('The month has not been submitted yet');
    expect(messageOf(statusConflict('returned', 'approved'), 'en')).toBe(
      'The month was returned to the consultant and has not been submitted again yet',
    );
  });

  it('words every illegal step in both languages without a placeholder, a bare status or the generic text', () => {
    const seen = new Set<string>();
    for (const from of TIME_MONTH_STATUSES) {
      for (const to of STEPS) {
        if (canTransitionMonth(from, to)) continue;
        const error = statusConflict(from, to);
        expect(error.messageCode, `${from} -> ${to}`).not.toBe('error.timeMonthStatusConflict');
        for (const locale of LOCALES) {
          const message = messageOf(error, locale);
          expect(message, `${from} -> ${to} (${locale})`).not.toMatch(/[{}]|\bis (submitted|returned)\b/);
          if (from === to) expect(message, `${from} (${locale})`).toMatch(/already|redan/);
          seen.add(message);
        }
      }
    }
    expect(seen.size).toBe(12);
  });

  it('says why a locked month cannot be changed', () => {
    expect(messageOf(monthLocked('submitted'), 'en')).toBe(
      'The month has been submitted and can be changed again only if the approver returns it',
    );
    expect(messageOf(monthLocked('approved'), 'sv')).toBe('Månaden är godkänd och kan inte längre ändras');
  });
});
