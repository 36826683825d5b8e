import { describe, expect, it } from 'vitest';
import {
  assignmentName,
  billAssignmentName,
  checkInviteEmails,
  INVITE_EMAILS_MAX,
  splitEmailList,
} from './companies';

describe('splitEmailList', () => {
  it('splits on commas, semicolons, spaces and new lines', () => {
    expect(
      splitEmailList(' anna@example.se, bo@example.com\ncarl@example.se;\r\n\tdora@example.se  '),
    ).toEqual(['anna@example.se', 'bo@example.com', 'carl@example.se', 'dora@example.se']);
    expect(splitEmailList(' \n, ')).toEqual([]);
  });
});

describe('checkInviteEmails', () => {
  it('asks for addresses when there are none', () => {
    expect(checkInviteEmails([])).toEqual({ issue: { code: 'validation.enterEmails' } });
    expect(checkInviteEmails(['', '  '])).toEqual({ issue: { code: 'validation.enterEmails' } });
  });

  it('names the addresses that are not e-mail addresses', () => {
    expect(checkInviteEmails(['anna@example.se', 'bo@', 'bo@'])).toEqual({
      issue: { code: 'validation.invalidEmailNamed', params: { emails: 'bo@' }, invalid: ['bo@'] },
    });
    expect(checkInviteEmails(['nej', 'anna@example.se', 'x@y'])).toEqual({
      issue: {
        code: 'validation.invalidEmailsNamed',
        params: { emails: 'nej, x@y' },
        invalid: ['nej', 'x@y'],
      },
    });
  });

  it('keeps each address once, trimmed, in the order given', () => {
    expect(checkInviteEmails([' Anna@Example.se ', 'bo@example.com', 'anna@example.se'])).toEqual({
      emails: ['Anna@Example.se', 'bo@example.com'],
    });
  });

  it(`takes at most ${INVITE_EMAILS_MAX} different addresses`, () => {
    const addresses = (n: number) => Array.from({ length: n }, (_, i) => `person${i}@example.se`);
    expect(checkInviteEmails(addresses(INVITE_EMAILS_MAX)).emails).toHaveLength(INVITE_EMAILS_MAX);
    expect(checkInviteEmails([...addresses(INVITE_EMAILS_MAX), 'person0@example.se']).emails).toHaveLength(
      INVITE_EMAILS_MAX,
    );
    expect(checkInviteEmails(addresses(INVITE_EMAILS_MAX + 1))).toEqual({
      issue: { code: 'validation.tooManyEmails', params: { max: INVITE_EMAILS_MAX } },
    });
  });
});

describe('assignmentName', () => {
  it('names an assignment by its contract, with the project when there is one', () => {
    const company = { companyName: 'Köparbolaget AB' };
    expect(assignmentName({ ...company, contractName: 'Avtal 2', projectName: null })).toBe(
      'Avtal 2 – Köparbolaget AB',
    );
    expect(assignmentName({ ...company, contractName: 'Avtal 1', projectName: 'Plattformsbygget' })).toBe(
      'Avtal 1 (Plattformsbygget) – Köparbolaget AB',
    );
    // A mail written before mails named the contract names the project, as it did.
    expect(assignmentName({ ...company, contractName: '', projectName: 'Plattformsbygget' })).toBe(
      'Plattformsbygget – Köparbolaget AB',
    );
    // Two contracts without a project at one company are told apart.
    expect(assignmentName({ ...company, contractName: 'Avtal 3', projectName: null })).not.toBe(
      assignmentName({ ...company, contractName: 'Avtal 2', projectName: null }),
    );
  });
});

describe('billAssignmentName', () => {
  it('names a bill’s assignment as its mail does, with the buyer', () => {
    expect(
      billAssignmentName({
        contractName: 'Avtal 2',
        projectName: 'Plattformsbygget',
        buyerName: 'Köparbolaget AB',
      }),
    ).toBe('Avtal 2 (Plattformsbygget) – Köparbolaget AB');
    expect(
      billAssignmentName({ contractName: 'Avtal 2', projectName: null, buyerName: 'Köparbolaget AB' }),
    ).toBe('Avtal 2 – Köparbolaget AB');
  });

  it('names nothing for a bill that kept neither contract nor project', () => {
    expect(
      billAssignmentName({ contractName: null, projectName: null, buyerName: 'Köparbolaget AB' }),
    ).toBeNull();
    expect(
      billAssignmentName({ contractName: null, projectName: 'Bygget', buyerName: 'Köparbolaget AB' }),
    ).toBe('Bygget – Köparbolaget AB');
  });
});
