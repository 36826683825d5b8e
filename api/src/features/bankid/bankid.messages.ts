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

const FAILED: Record<string, MessageCode> = {
  expiredTransaction: 'error.bankIdAppNotResponding', // RFA8
  certificateErr: 'error.bankIdCertificateBlocked', // RFA16
  userCancel: 'error.bankIdActionCancelled', // RFA6
  cancelled: 'error.bankIdActionCancelledTryAgain', // RFA3
  startFailed: 'error.bankIdAppNotFound', // RFA17A
  userDeclinedCall: 'error.bankIdActionCancelledTryAgain', // RFA3
  notSupportedByUserApp: 'error.bankIdAppUpdateRequired',
};

/** The message for a pending order's hint code. */
export function describePendingHint(hintCode: string, startedOnThisDevice = false): MessageCode {
  if (hintCode === 'outstandingTransaction' && startedOnThisDevice) return 'error.bankIdTryingToStartApp'; // RFA13
  return PENDING[hintCode] ?? 'error.bankIdInProgress'; // RFA21
}

/** The API error code and message for a failed order's hint code, e.g. userCancel -> BANKID_USER_CANCEL. */
export function describeFailedHint(hintCode: string): { code: string; messageCode: MessageCode } {
  const messageCode = FAILED[hintCode];
  if (!messageCode) return { code: 'BANKID_FAILED', messageCode: 'error.bankIdUnknownError' }; // RFA22
  return { code: `BANKID_${hintCode.replace(/([A-Z])/g, '_$1').toUpperCase()}`, messageCode };
}

/**
 * The HTTP status, API error code and message for an error BankID answered with. Configuration problems on
 * our side (unauthorized, invalidParameters at auth, ...) look to the user like a failed BankID login and
 * are logged as errors by the caller.
 */
export function describeErrorCode(errorCode: string): {
  status: number;
  code: string;
  messageCode: MessageCode;
  isOurFault: boolean;
} {
  switch (errorCode) {
    case 'alreadyInProgress':
      return {
        status: 409,
        code: 'BANKID_ALREADY_IN_PROGRESS',
        messageCode: 'error.bankIdAlreadyInProgress', // RFA4
        isOurFault: false,
      };
    case 'requestTimeout':
    case 'internalError':
    case 'maintenance':
      return {
        status: 503,
        code: 'BANKID_UNAVAILABLE',
        messageCode: 'error.bankIdFailed',
        isOurFault: false,
      };
    default:
      return { status: 502, code: 'BANKID_FAILED', messageCode: 'error.bankIdFailed', isOurFault: true };
  }
}
