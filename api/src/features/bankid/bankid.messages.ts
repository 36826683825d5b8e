import type { ErrorCode } from '@mp/api-contract/error-codes';
import type { MessageCode } from '@mp/domain';

// What the user is told at each BankID hint and error code, following the RFA messages of BankID's
// relying-party guidelines. Codes BankID adds later fall through to the generic "in progress" (pending) or
// "unknown error" (failed) texts, as the guidelines require.

const PENDING: Record<string, MessageCode> = {
  outstandingTransaction: 'error.bankIdStartApp', // RFA1 (RFA13 when the app was started on this device)
  noClient: 'error.bankIdStartApp', // RFA1
  started: 'error.bankIdInProgress', // RFA21 stands in for RFA14/15, which are about card readers
  userMrtd: 'error.bankIdProcessTravelDocument', // RFA23
  userCallConfirm: 'error.bankIdConfirmCall',
  userSign: 'error.bankIdEnterSecurityCode', // RFA9
};

/** Each failed hint has its own error code (BANKID_<HINT_CODE>) in the catalogue. */
const FAILED: Record<string, { code: ErrorCode; messageCode: MessageCode }> = {
  expiredTransaction: { code: 'BANKID_EXPIRED_TRANSACTION', messageCode: 'error.bankIdAppNotResponding' }, // RFA8
  certificateErr: { code: 'BANKID_CERTIFICATE_ERR', messageCode: 'error.bankIdCertificateBlocked' }, // RFA16
  userCancel: { code: 'BANKID_USER_CANCEL', messageCode: 'error.bankIdActionCancelled' }, // RFA6
  cancelled: { code: 'BANKID_CANCELLED', messageCode: 'error.bankIdActionCancelledTryAgain' }, // RFA3
  startFailed: { code: 'BANKID_START_FAILED', messageCode: 'error.bankIdAppNotFound' }, // RFA17A
  userDeclinedCall: { code: 'BANKID_USER_DECLINED_CALL', messageCode: 'error.bankIdActionCancelledTryAgain' }, // RFA3
  notSupportedByUserApp: {
    code: 'BANKID_NOT_SUPPORTED_BY_USER_APP',
    messageCode: 'error.bankIdAppUpdateRequired',
  },
};

/** The message for a pending order's hint code. */
export function describePendingHint(hintCode: string, startedOnThisDevice = false): MessageCode {
  if (hintCode === 'outstandingTransaction' && startedOnThisDevice) return 'error.bankIdTryingToStartApp'; // RFA13
  return PENDING[hintCode] ?? 'error.bankIdInProgress'; // RFA21
}

/** The API error code and message for a failed order's hint code, e.g. userCancel -> BANKID_USER_CANCEL. */
export function describeFailedHint(hintCode: string): { code: ErrorCode; messageCode: MessageCode } {
  return FAILED[hintCode] ?? { code: 'BANKID_FAILED', messageCode: 'error.bankIdUnknownError' }; // RFA22
}

/**
 * The API error code (its status is in the catalogue) and message for an error BankID answered with. Configuration problems on
 * our side (unauthorized, invalidParameters at auth, ...) look to the user like a failed BankID login and
 * are logged as errors by the caller.
 */
export function describeErrorCode(errorCode: string): {
  code: ErrorCode;
  messageCode: MessageCode;
  isOurFault: boolean;
} {
  switch (errorCode) {
    case 'alreadyInProgress':
      return {
        code: 'BANKID_ALREADY_IN_PROGRESS',
        messageCode: 'error.bankIdAlreadyInProgress', // RFA4
        isOurFault: false,
      };
    case 'requestTimeout':
    case 'internalError':
    case 'maintenance':
      return {
        code: 'BANKID_UNAVAILABLE',
        messageCode: 'error.bankIdFailed',
        isOurFault: false,
      };
    default:
      // BANKID_FAILED is a failed order (400); a request BankID refused is our fault, answered 502.
      return { code: 'BANKID_REQUEST_REFUSED', messageCode: 'error.bankIdFailed', isOurFault: true };
  }
}
