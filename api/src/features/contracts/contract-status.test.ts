import { CONTRACT_STATUSES, canTransitionContract, LOCALES, translateMessage } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import { statusConflict } from './contract-status';

const messageOf = (error: ReturnType<typeof statusConflict>, locale: 'sv' | 'en') =>
  translateMessage(error.messageCode, locale, error.params);

describe('the contract status conflict', () => {
  it('says a contract sent twice has already been sent, in both languages', () => {
    const twice = statusConflict('sent', 'sent');
    expect(twice).toMatchObject({
      code: 'CONTRACT_STATUS_CONFLICT',
      status: 409,
      data: { from: 'sent', to: 'sent' },
    });
    expect(messageOf(twice, 'en')).toBe('The contract has already been sent for signing');
    expect(messageOf(twice, 'sv')).toBe('Avtalet har redan skickats för underskrift');
    expect(messageOf(statusConflict('cancelled', 'cancelled'), 'en')).toBe(
      'The contract has already been cancelled',
    );
  });

  it('says what became of the contract and what it can no longer do', () => {
    expect(messageOf(statusConflict('signed', 'sent'), 'en')).toBe(
      'The contract has been signed and can no longer be sent for signing',
    );
    expect(messageOf(statusConflict('expired', 'cancelled'), 'sv')).toBe(
      'Avtalet har löpt ut och kan inte längre avbrytas',
    );
    expect(messageOf(statusConflict('draft', 'signed'), 'en')).toBe(
      'The contract has not been sent for signing yet',
    );
  });

  it('words every illegal transition without a placeholder left or "is X and cannot be X"', () => {
    const seen = new Set<string>();
    for (const from of CONTRACT_STATUSES) {
      for (const to of CONTRACT_STATUSES) {
        if (canTransitionContract(from, to)) continue;
        for (const locale of LOCALES) {
          const message = messageOf(statusConflict(from, to), locale);
          expect(message, `${from} -> ${to} (${locale})`).not.toMatch(/[{}]/);
          if (from === to) expect(message, `${from} (${locale})`).toMatch(/already|redan/);
          seen.add(message);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(10);
  });
});
