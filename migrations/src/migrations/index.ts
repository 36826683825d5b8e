import type { Migration } from 'kysely';
import * as identity from './202611220900_identity';
import * as profiles from './202611220910_profiles';
import * as vocabularies from './202611220920_vocabularies';
import * as search from './202611220930_search';
import * as companiesContractsBilling from './202611220940_companies_contracts_billing';
import * as commerce from './202611220950_commerce';
import * as admin from './202611221000_admin';
import * as outbox from './202611221010_outbox';
import * as bankidOrderPurpose from './202611230900_bankid_order_purpose';
import * as bankidOrderQrShown from './202611231200_bankid_order_qr_shown';
import * as sessionConfirmedAt from './202611231201_session_confirmed_at';
import * as outboxAcknowledgement from './202611231300_outbox_acknowledgement';
import * as indexDeadLetters from './202611231301_index_dead_letters';
import * as uploads from './202611231302_uploads';
import * as companyContracts from './202611231600_company_contracts';
import * as payments from './202611231700_payments';
import * as adminTools from './202611231800_admin_tools';
import * as profileSearchSource from './202611240900_profile_search_source';
import * as searchSourceJson from './202611250900_search_source_json';
import * as timeReportingBilling from './202611260100_time_reporting_billing';
import * as vocabularyEditor from './202611260200_vocabulary_editor';
import * as coachSessions from './202611260300_coach_sessions';
import * as storedSearchDocuments from './202611260400_stored_search_documents';
import * as paymentRefundDue from './202611260500_payment_refund_due';
import * as outboxAndDocumentStorage from './202611270100_outbox_and_document_storage';
import * as inquiryConsultant from './202611271200_inquiry_consultant';
import * as savedSearchUnsubscribe from './202611280100_saved_search_unsubscribe';
import * as subscriptionPlanChange from './202611280200_subscription_plan_change';
import * as assignmentApproverOptional from './202611290100_assignment_approver_optional';
import * as vocabularyEntryDelete from './202611290200_vocabulary_entry_delete';
import * as assignmentApproverNotConsultant from './202611300100_assignment_approver_not_consultant';
import * as deletedAccountMemberships from './202611300110_deleted_account_memberships';
import * as mailOutbox from './202612010100_mail_outbox';
import * as mailOutboxOnSent from './202612010200_mail_outbox_on_sent';
import * as premiumCompanyProfile from './202612010300_premium_company_profile';
import * as contractModifiedOnProjectDelete from './202612010400_contract_modified_on_project_delete';
import * as signupConsent from './202612010500_signup_consent';
import * as companyRemovedMembers from './202612010600_company_removed_members';
import * as billPayments from './202612010700_bill_payments';
import * as paymentDetailsVatNumber from './202612010730_payment_details_vat_number';
import * as paymentSucceededAt from './202612010800_payment_succeeded_at';
import * as contractSignerLocale from './202612010830_contract_signer_locale';

/**
 * Every migration by name, imported explicitly so bundling or a changed working directory can never make the
 * migrator miss one. Add new migrations here; names sort in the order they run.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '202611220900_identity': identity,
  '202611220910_profiles': profiles,
  '202611220920_vocabularies': vocabularies,
  '202611220930_search': search,
  '202611220940_companies_contracts_billing': companiesContractsBilling,
  '202611220950_commerce': commerce,
  '202611221000_admin': admin,
  '202611221010_outbox': outbox,
  '202611230900_bankid_order_purpose': bankidOrderPurpose,
  '202611231200_bankid_order_qr_shown': bankidOrderQrShown,
  '202611231201_session_confirmed_at': sessionConfirmedAt,
  '202611231300_outbox_acknowledgement': outboxAcknowledgement,
  '202611231301_index_dead_letters': indexDeadLetters,
  '202611231302_uploads': uploads,
  '202611231600_company_contracts': companyContracts,
  '202611231700_payments': payments,
  '202611231800_admin_tools': adminTools,
  '202611240900_profile_search_source': profileSearchSource,
  '202611250900_search_source_json': searchSourceJson,
  '202611260100_time_reporting_billing': timeReportingBilling,
  '202611260200_vocabulary_editor': vocabularyEditor,
  '202611260300_coach_sessions': coachSessions,
  '202611260400_stored_search_documents': storedSearchDocuments,
  '202611260500_payment_refund_due': paymentRefundDue,
  '202611270100_outbox_and_document_storage': outboxAndDocumentStorage,
  '202611271200_inquiry_consultant': inquiryConsultant,
  '202611280100_saved_search_unsubscribe': savedSearchUnsubscribe,
  '202611280200_subscription_plan_change': subscriptionPlanChange,
  '202611290100_assignment_approver_optional': assignmentApproverOptional,
  '202611290200_vocabulary_entry_delete': vocabularyEntryDelete,
  '202611300100_assignment_approver_not_consultant': assignmentApproverNotConsultant,
  '202611300110_deleted_account_memberships': deletedAccountMemberships,
  '202612010100_mail_outbox': mailOutbox,
  '202612010200_mail_outbox_on_sent': mailOutboxOnSent,
  '202612010300_premium_company_profile': premiumCompanyProfile,
  '202612010400_contract_modified_on_project_delete': contractModifiedOnProjectDelete,
  '202612010500_signup_consent': signupConsent,
  '202612010600_company_removed_members': companyRemovedMembers,
  '202612010700_bill_payments': billPayments,
  '202612010730_payment_details_vat_number': paymentDetailsVatNumber,
  '202612010800_payment_succeeded_at': paymentSucceededAt,
  '202612010830_contract_signer_locale': contractSignerLocale,
};
