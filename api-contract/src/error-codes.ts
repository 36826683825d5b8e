import { TOO_MANY_LOGIN_ATTEMPTS_ERROR_CODE } from '@mp/domain/constants';
import type { MessageCode } from '@mp/domain/messages';

/** What the API answers for one error code: the HTTP status and the default message (sv/en in `@mp/domain`). */
export interface ErrorDefinition {
  readonly status: number;
  /** The message code translated into the request's language; a raise may name a more specific one. */
  readonly message: MessageCode;
}

/**
 * Every error code the API sends (spec section 8), with its one HTTP status and its default message. The
 * API's `AppError` takes only these codes (a type error otherwise) and reads the status from here; the web
 * switches on {@link ERROR_CODE} instead of string literals. A code is a contract: never rename one once
 * shipped. To add one: a line here (grouped by feature), the texts under the message code in
 * `domain/src/messages.ts`, then `new AppError('THE_CODE')` in the service.
 */
export const ERROR_CATALOGUE = {
  // Framework and generic answers (the error handler, the input guard, the rate limits)
  VALIDATION_FAILED: { status: 400, message: 'validation.invalidInput' },
  BAD_REQUEST: { status: 400, message: 'error.badRequest' },
  BAD_URL: { status: 400, message: 'error.invalidUrl' },
  INVALID_JSON: { status: 400, message: 'error.invalidJson' },
  UNAUTHORIZED: { status: 401, message: 'error.unauthorized' },
  FORBIDDEN: { status: 403, message: 'error.forbidden' },
  NOT_FOUND: { status: 404, message: 'error.notFound' },
  REQUEST_TIMEOUT: { status: 408, message: 'error.badRequest' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'error.payloadTooLarge' },
  FILE_TOO_LARGE: { status: 413, message: 'validation.fileTooLarge' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'error.unsupportedMediaType' },
  TOO_MANY_REQUESTS: { status: 429, message: 'error.tooManyRequests' },
  HEADERS_TOO_LARGE: { status: 431, message: 'error.payloadTooLarge' },
  INTERNAL: { status: 500, message: 'error.generic' },
  MAIL_FAILED: { status: 502, message: 'error.generic' },

  // Sessions, login and identity
  SESSION_EXPIRED: { status: 401, message: 'error.sessionExpired' },
  SESSION_REVOKED: { status: 401, message: 'error.sessionExpired' },
  INVALID_CREDENTIALS: { status: 401, message: 'error.invalidCredentials' },
  INVALID_TOKEN: { status: 400, message: 'error.invalidToken' },
  /** A password reset link that was used already, or replaced by a newer one. */
  RESET_LINK_USED: { status: 400, message: 'error.resetLinkUsed' },
  RESET_LINK_EXPIRED: { status: 400, message: 'error.resetLinkExpired' },
  [TOO_MANY_LOGIN_ATTEMPTS_ERROR_CODE]: { status: 403, message: 'error.tooManyLoginAttempts' },
  ACCOUNT_REMOVED: { status: 403, message: 'error.accountRemoved' },
  NOT_VERIFIED: { status: 403, message: 'error.verificationRequired' },
  CONFIRMATION_REQUIRED: { status: 403, message: 'error.confirmationRequired' },
  WRONG_PASSWORD: { status: 400, message: 'error.wrongPassword' },

  // BankID (the failed hint codes of bankid.messages.ts: BANKID_<HINT_CODE>)
  BANKID_ORDER_INVALID: { status: 400, message: 'error.bankIdFailed' },
  BANKID_NOT_AVAILABLE: { status: 400, message: 'error.confirmationRequired' },
  BANKID_FAILED: { status: 400, message: 'error.bankIdUnknownError' },
  BANKID_EXPIRED_TRANSACTION: { status: 400, message: 'error.bankIdAppNotResponding' },
  BANKID_CERTIFICATE_ERR: { status: 400, message: 'error.bankIdCertificateBlocked' },
  BANKID_USER_CANCEL: { status: 400, message: 'error.bankIdActionCancelled' },
  BANKID_CANCELLED: { status: 400, message: 'error.bankIdActionCancelledTryAgain' },
  BANKID_START_FAILED: { status: 400, message: 'error.bankIdAppNotFound' },
  BANKID_USER_DECLINED_CALL: { status: 400, message: 'error.bankIdActionCancelledTryAgain' },
  BANKID_NOT_SUPPORTED_BY_USER_APP: { status: 400, message: 'error.bankIdAppUpdateRequired' },
  BANKID_ALREADY_IN_PROGRESS: { status: 409, message: 'error.bankIdAlreadyInProgress' },
  BANKID_REQUEST_REFUSED: { status: 502, message: 'error.bankIdFailed' },
  BANKID_UNAVAILABLE: { status: 503, message: 'error.bankIdFailed' },

  // Users and account
  USER_NOT_FOUND: { status: 404, message: 'error.userNotFound' },
  /** An admin cannot take away their own admin rights (another admin can), so the god area never loses its last. */
  OWN_ADMIN_RIGHTS: { status: 409, message: 'error.ownAdminRights' },
  ALREADY_VERIFIED: { status: 400, message: 'error.alreadyVerified' },
  EMAIL_REQUIRED: { status: 400, message: 'validation.enterEmail' },
  EMAIL_UNCHANGED: { status: 400, message: 'error.emailUnchanged' },
  EMAIL_CHANGE_FAILED: { status: 409, message: 'error.emailChangeFailed' },
  /** The address asked for belongs to another account: a retry can never work, so the user is told why. */
  EMAIL_IN_USE: { status: 409, message: 'error.emailInUse' },

  // Terms
  TERMS_NOT_FOUND: { status: 404, message: 'error.noTermsToAccept' },
  TERMS_ALREADY_ACCEPTED: { status: 400, message: 'error.termsAlreadyAccepted' },
  TERMS_VERSION_NOT_FOUND: { status: 404, message: 'error.termsVersionNotFound' },
  TERMS_VERSION_PUBLISHED: { status: 409, message: 'error.termsVersionAlreadyPublished' },
  TERMS_DRAFT_EXISTS: { status: 409, message: 'error.termsDraftExists' },
  TERMS_NOT_PUBLISHED: { status: 404, message: 'error.termsNotPublished' },

  // Profiles, pictures, references
  PROFILE_NOT_AVAILABLE: { status: 404, message: 'error.profileNotAvailable' },
  PROFILE_NO_LONGER_EXISTS: { status: 410, message: 'error.profileNoLongerExists' },
  EXPERIENCE_NOT_FOUND: { status: 404, message: 'error.experienceNotFound' },
  // A whole-profile save made from a version that is no longer the profile's (another tab, another device)
  PROFILE_CHANGED: { status: 409, message: 'error.profileChanged' },
  ACCESS_RESTRICTED: { status: 403, message: 'error.accessRestricted' },
  // The referee's link after their answer: said as such (not 'Access restricted'), so a reload does not look
  // like a lost answer; nothing about the consultant or the answer is told.
  REFERENCE_TOKEN_USED: { status: 409, message: 'error.referenceTokenUsed' },
  PICTURE_REQUIRED: { status: 400, message: 'validation.required' },
  PICTURE_NOT_FOUND: { status: 404, message: 'error.pictureNotFound' },
  UNSUPPORTED_IMAGE_TYPE: { status: 400, message: 'validation.unsupportedImageType' },
  REFERENCE_NOT_FOUND: { status: 404, message: 'error.referenceNotFound' },
  REFERENCE_OWN_EMAIL: { status: 400, message: 'error.referenceOwnEmail' },
  REFERENCE_ALREADY_ANSWERED: { status: 409, message: 'error.referenceAlreadyAnswered' },
  TOO_MANY_REFERENCES: { status: 409, message: 'error.tooManyReferences' },
  REFERENCE_QUOTA_EXCEEDED: { status: 429, message: 'error.referenceQuotaExceeded' },
  REFERENCE_MAIL_FAILED: { status: 502, message: 'error.referenceMailFailed' },

  // Search, saved searches, favourites
  INVALID_CURSOR: { status: 400, message: 'validation.invalidInput' },
  // Elasticsearch not answering (refused, timed out, overloaded): the search is down for a moment
  SEARCH_UNAVAILABLE: { status: 503, message: 'error.searchUnavailable' },
  SAVED_SEARCH_NOT_FOUND: { status: 404, message: 'error.savedSearchNotFound' },
  LIST_NOT_FOUND: { status: 404, message: 'error.listNotFound' },
  LIST_FULL: { status: 409, message: 'error.listFull' },
  // Two lists of one owner named alike (case and surrounding spaces aside) cannot be told apart in the menu
  LIST_NAME_TAKEN: { status: 409, message: 'error.listNameTaken' },

  // Companies, projects, invitations
  COMPANY_NOT_FOUND: { status: 404, message: 'error.companyNotFound' },
  COMPANY_ADMIN_REQUIRED: { status: 403, message: 'error.companyAdminRequired' },
  COMPANY_PERMISSION_REQUIRED: { status: 403, message: 'error.companyPermissionRequired' },
  MEMBER_NOT_FOUND: { status: 404, message: 'error.memberNotFound' },
  LAST_COMPANY_ADMIN: { status: 409, message: 'error.lastCompanyAdmin' },
  // Deleting the account of the last admin of a company that has other members
  ACCOUNT_LAST_COMPANY_ADMIN: { status: 409, message: 'error.accountLastCompanyAdmin' },
  PROJECT_NOT_FOUND: { status: 404, message: 'error.projectNotFound' },
  // Two projects of one company named alike (case and surrounding spaces aside) cannot be told apart where a
  // contract, an assignment or a time row names its project
  PROJECT_NAME_TAKEN: { status: 409, message: 'error.projectNameTaken' },
  INVITE_LINK_NOT_FOUND: { status: 404, message: 'error.inviteLinkNotFound' },
  INVITE_LINK_REVOKED: { status: 410, message: 'error.inviteLinkRevoked' },
  INVITE_LINK_EXPIRED: { status: 410, message: 'error.inviteLinkExpired' },
  INVITE_QUOTA_EXCEEDED: { status: 429, message: 'error.inviteQuotaExceeded' },
  // An admin removed the caller from the company: its invite links do not let them back in until an admin
  // invites their e-mail address
  REMOVED_FROM_COMPANY: { status: 403, message: 'error.removedFromCompany' },

  // Contracts and signing
  CONTRACT_NOT_FOUND: { status: 404, message: 'error.contractNotFound' },
  CONTRACT_FILE_REQUIRED: { status: 400, message: 'error.contractFileRequired' },
  CONTRACT_MUST_BE_PDF: { status: 400, message: 'validation.contractMustBePdf' },
  CONTRACT_SIGNER_REQUIRED: { status: 400, message: 'error.contractSignerRequired' },
  ONE_FILE_ONLY: { status: 400, message: 'validation.invalidInput' },
  CONTRACT_STATUS_CONFLICT: { status: 409, message: 'error.contractStatusConflict' },
  SIGNED_DOCUMENT_NOT_AVAILABLE: { status: 404, message: 'error.signedDocumentNotAvailable' },
  SIGNING_PROVIDER_UNAVAILABLE: { status: 502, message: 'error.signingProviderUnavailable' },

  // Products, payments, subscriptions, assessment
  PLAN_NOT_PURCHASABLE: { status: 400, message: 'error.planNotPurchasable' },
  PRODUCT_NOT_PURCHASABLE: { status: 400, message: 'error.planNotPurchasable' },
  CARD_NOT_FOUND: { status: 400, message: 'error.cardNotFound' },
  CARD_DECLINED: { status: 402, message: 'error.cardDeclined' },
  CARD_AUTHENTICATION_FAILED: { status: 402, message: 'error.cardAuthenticationFailed' },
  PAYMENT_METHOD_REQUIRED: { status: 400, message: 'error.paymentMethodRequired' },
  PAYMENT_DETAILS_REQUIRED: { status: 400, message: 'error.paymentDetailsRequired' },
  PAYMENT_NOT_REFUNDABLE: { status: 400, message: 'error.paymentNotRefundable' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'error.paymentNotFound' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'error.webhookSignatureInvalid' },
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 503, message: 'error.paymentProviderUnavailable' },
  SUBSCRIPTION_EXISTS: { status: 409, message: 'error.subscriptionExists' },
  PREMIUM_GRANTED: { status: 409, message: 'error.premiumGranted' },
  NO_SUBSCRIPTION: { status: 404, message: 'error.noSubscription' },
  SUBSCRIPTION_CANCELLED: { status: 409, message: 'error.subscriptionCancelled' },
  NOTHING_TO_PAY: { status: 409, message: 'error.nothingToPay' },
  CARD_IN_USE: { status: 409, message: 'error.cardInUse' },
  PREMIUM_REQUIRED: { status: 403, message: 'error.premiumRequired' },
  ASSESSMENT_INCOMPLETE: { status: 400, message: 'error.assessmentIncomplete' },
  ASSESSMENT_NOT_PURCHASED: { status: 403, message: 'error.assessmentNotPurchased' },
  ASSESSMENT_ALREADY_PURCHASED: { status: 409, message: 'error.assessmentAlreadyPurchased' },
  ASSESSMENT_ALREADY_TAKEN: { status: 409, message: 'error.assessmentAlreadyTaken' },
  // The Full Coach Package's feedback session
  COACH_SESSION_NOT_INCLUDED: { status: 403, message: 'error.coachSessionNotIncluded' },
  COACH_SESSION_NOT_BOOKED: { status: 404, message: 'error.coachSessionNotBooked' },
  COACH_SESSION_TOO_LATE: { status: 409, message: 'error.coachSessionTooLate' },
  COACH_SLOT_NOT_FOUND: { status: 404, message: 'error.coachSlotNotFound' },
  COACH_SLOT_TAKEN: { status: 409, message: 'error.coachSlotTaken' },
  COACH_SLOT_BOOKED: { status: 409, message: 'error.coachSlotBooked' },
  COACH_SLOT_IN_PAST: { status: 400, message: 'error.coachSlotInPast' },
  COACH_SLOT_OVERLAPS: { status: 409, message: 'error.coachSlotOverlaps' },

  // Time reporting and invoicing (issue 16; docs/time-and-billing.md)
  ASSIGNMENT_NOT_FOUND: { status: 404, message: 'error.assignmentNotFound' },
  CONTRACT_NOT_SIGNED: { status: 409, message: 'error.contractNotSigned' },
  CONTRACT_SIGNER_NOT_USER: { status: 409, message: 'error.contractSignerNotUser' },
  APPROVER_NOT_MEMBER: { status: 400, message: 'error.approverNotMember' },
  APPROVER_IS_CONSULTANT: { status: 400, message: 'error.approverIsConsultant' },
  ASSIGNMENT_OVERLAPS: { status: 409, message: 'error.assignmentOverlaps' },
  APPROVER_REQUIRED: { status: 403, message: 'error.approverRequired' },
  OWN_TIME_DECISION: { status: 403, message: 'error.ownTimeDecision' },
  ASSIGNMENT_NO_APPROVER: { status: 409, message: 'error.assignmentNoApprover' },
  ASSIGNMENT_ALREADY_ENDS: { status: 409, message: 'error.assignmentAlreadyEnds' },
  ASSIGNMENT_TIME_AFTER_END: { status: 409, message: 'error.assignmentTimeAfterEnd' },
  TIME_REPORT_NOT_FOUND: { status: 404, message: 'error.timeReportNotFound' },
  TIME_REPORT_EXISTS: { status: 409, message: 'error.timeReportExists' },
  DATE_OUTSIDE_ASSIGNMENT: { status: 400, message: 'error.dateOutsideAssignment' },
  TIME_REPORT_IN_FUTURE: { status: 400, message: 'error.timeReportInFuture' },
  TOO_MANY_HOURS_PER_DAY: { status: 400, message: 'validation.tooManyHoursPerDay' },
  TOO_MANY_HOURS_PER_MONTH: { status: 400, message: 'validation.tooManyHoursPerMonth' },
  TIME_MONTH_LOCKED: { status: 409, message: 'error.timeMonthLocked' },
  TIME_MONTH_STATUS_CONFLICT: { status: 409, message: 'error.timeMonthStatusConflict' },
  NOTHING_TO_SUBMIT: { status: 409, message: 'error.nothingToSubmit' },
  TIME_MONTH_NOT_STARTED: { status: 409, message: 'error.timeMonthNotStarted' },
  BILL_NOT_FOUND: { status: 404, message: 'error.billNotFound' },
  BILL_ALREADY_PAID: { status: 409, message: 'error.billAlreadyPaid' },
  BILL_PAID_DATE_INVALID: { status: 400, message: 'error.billPaidDateInvalid' },

  // Offers and feedback (admin)
  OFFER_NOT_FOUND: { status: 404, message: 'error.offerNotFound' },
  OFFER_LOGO_NOT_FOUND: { status: 404, message: 'error.offerLogoNotFound' },
  FEEDBACK_NOT_FOUND: { status: 404, message: 'error.feedbackNotFound' },

  // Vocabularies and pricing (admin)
  VOCABULARY_ENTRY_NOT_FOUND: { status: 404, message: 'error.vocabularyEntryNotFound' },
  VOCABULARY_ENTRY_EXISTS: { status: 409, message: 'error.vocabularyEntryExists' },
  VOCABULARY_TEXT_TAKEN: { status: 409, message: 'error.vocabularyTextTaken' },
  VOCABULARY_MERGE_SELF: { status: 400, message: 'error.vocabularyMergeSelf' },
  /** Only an entry no profile uses can be deleted; `data.profiles` says how many use it. */
  VOCABULARY_ENTRY_IN_USE: { status: 409, message: 'error.vocabularyEntryInUse' },
  VOCABULARY_CHANGE_NOT_FOUND: { status: 404, message: 'error.vocabularyChangeNotFound' },
  PRICING_NOT_FOUND: { status: 404, message: 'error.pricingNotFound' },
} as const satisfies Record<string, ErrorDefinition>;

/** The closed union of the API's error codes. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The codes by name, for clients: `error.code === ERROR_CODE.SESSION_EXPIRED`. */
export const ERROR_CODE = Object.freeze(
  Object.fromEntries(Object.keys(ERROR_CATALOGUE).map((code) => [code, code])),
) as { readonly [Code in ErrorCode]: Code };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}
