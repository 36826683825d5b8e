import { ERROR_CATALOGUE } from '@mp/api-contract/error-codes';
import { translateMessage } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import { describeErrorCode, describeFailedHint, describePendingHint } from './bankid.messages';
import { ERROR_CODES, FAILED_HINT_CODES, PENDING_HINT_CODES } from './bankid.schema';

describe('BankID user messages', () => {
  it.each(PENDING_HINT_CODES)('has a message for the pending hint %s', (hint) => {
    expect(translateMessage(describePendingHint(hint), 'sv')).not.toBe('');
  });

  it('tells the user to start the app, or that it is being started on this device', () => {
    expect(translateMessage(describePendingHint('outstandingTransaction'), 'en')).toBe(
      'Start your BankID app.',
    );
    expect(translateMessage(describePendingHint('outstandingTransaction', true), 'en')).toBe(
      'Trying to start your BankID app.',
    );
    expect(translateMessage(describePendingHint('userSign'), 'sv')).toBe(
      'Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.',
    );
  });

  it('treats an unknown pending hint as in progress', () => {
    expect(describePendingHint('somethingNew')).toBe('error.bankIdInProgress');
  });

  it.each(FAILED_HINT_CODES)('gives the failed hint %s its own code', (hint) => {
    const { code } = describeFailedHint(hint);
    expect(code).toMatch(/^BANKID_[A-Z_]+$/);
    expect(code).not.toBe('BANKID_FAILED');
  });

  it('maps the failure codes the web switches on', () => {
    expect(describeFailedHint('userCancel')).toEqual({
      code: 'BANKID_USER_CANCEL',
      messageCode: 'error.bankIdActionCancelled',
    });
    expect(describeFailedHint('expiredTransaction').code).toBe('BANKID_EXPIRED_TRANSACTION');
    expect(describeFailedHint('startFailed').code).toBe('BANKID_START_FAILED');
    expect(describeFailedHint('certificateErr').code).toBe('BANKID_CERTIFICATE_ERR');
    expect(describeFailedHint('brandNewFailure')).toEqual({
      code: 'BANKID_FAILED',
      messageCode: 'error.bankIdUnknownError',
    });
  });

  it.each(ERROR_CODES)('handles the error code %s', (errorCode) => {
    const described = describeErrorCode(errorCode);
    expect(ERROR_CATALOGUE[described.code].status).toBeGreaterThanOrEqual(400);
  });

  it('answers alreadyInProgress with 409 and RFA4, and outages with the spec message', () => {
    expect(describeErrorCode('alreadyInProgress').code).toBe('BANKID_ALREADY_IN_PROGRESS');
    expect(ERROR_CATALOGUE.BANKID_ALREADY_IN_PROGRESS.status).toBe(409);
    const outage = describeErrorCode('maintenance');
    expect(translateMessage(outage.messageCode, 'en')).toBe('BankID authentication failed, Please try again');
    const unheardOf = describeErrorCode('unheardOf');
    expect(unheardOf.isOurFault).toBe(true);
    expect(ERROR_CATALOGUE[unheardOf.code].status).toBe(502);
  });
});
