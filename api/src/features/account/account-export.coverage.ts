// Which data about a user the export holds, by the column that ties a row to the user: either directly (a
// column holding the user's id) or through a row the export already holds (a profile's skills, an order's
// answers). account-export.int.test.ts reads the schema and fails on any such column that is in neither list,
// so a new table about users must be exported or excluded here on purpose.

/** `table.column` -> the file of the zip that holds those rows. */
export const EXPORTED_COLUMNS: Readonly<Record<string, string>> = {
  'users.id': 'account.json',
  'email_tokens.user_id': 'account.json',
  'profiles.user_id': 'profile.json',
  'profile_job_titles.profile_id': 'profile.json',
  'profile_skills.profile_id': 'profile.json',
  'profile_languages.profile_id': 'profile.json',
  'educations.profile_id': 'profile.json',
  'experiences.profile_id': 'profile.json',
  'experience_skills.experience_id': 'profile.json',
  // As the consultant's own profile page shows them: who was asked and where each request stands, and the
  // approved answers apart from who gave them (referees answer anonymously).
  'experience_references.experience_id': 'profile.json',
  'uploads.owner_user_id': 'files.json',
  'saved_searches.user_id': 'searches.json',
  'saved_search_mailings.saved_search_id': 'searches.json',
  'favorite_groups.user_id': 'searches.json',
  // Only how many are in each list: the members are other people.
  'favorite_group_members.group_id': 'searches.json',
  'inquiries.user_id': 'searches.json',
  // Inquiries about the consultant: only when they came and were handled, not the sender's details or message.
  'inquiries.consultant_user_id': 'searches.json',
  'company_memberships.user_id': 'companies.json',
  // Which company removed the user and when (not who did it).
  'company_removed_members.user_id': 'companies.json',
  'contracts.signer_user_id': 'contracts.json',
  // What the user created or sent for a company; the signer's address only when it is the user's own.
  'contracts.delegate_user_id': 'contracts.json',
  'assignments.consultant_user_id': 'time.json',
  'assignments.contract_id': 'time.json',
  'time_report_months.assignment_id': 'time.json',
  'time_reports.user_id': 'time.json',
  'time_reports.assignment_id': 'time.json',
  'time_reports.contract_id': 'time.json',
  'bills.user_id': 'bills.json',
  'bill_lines.bill_id': 'bills.json',
  'payment_details.user_id': 'payments.json',
  'payment_methods.user_id': 'payments.json',
  'payments.user_id': 'payments.json',
  'payments.payment_method_id': 'payments.json',
  'payments.subscription_id': 'payments.json',
  'payments.assessment_order_id': 'payments.json',
  'subscriptions.user_id': 'payments.json',
  'subscriptions.payment_method_id': 'payments.json',
  'assessment_orders.user_id': 'assessments.json',
  'assessment_answers.order_id': 'assessments.json',
  'assessment_results.order_id': 'assessments.json',
  'coach_session_bookings.user_id': 'assessments.json',
  'coach_session_bookings.order_id': 'assessments.json',
  'feedback.user_id': 'feedback.json',
  'terms_acceptances.user_id': 'terms.json',
  'sessions.user_id': 'logins.json',
  'bankid_orders.completed_user_id': 'logins.json',
  'audit_log.actor_user_id': 'activity.json',
};

/** `table.column` -> why those rows are not in the export. */
export const NOT_EXPORTED_COLUMNS: Readonly<Record<string, string>> = {
  // Other people's data about the user.
  'favorite_group_members.profile_user_id':
    "other users' favourite lists the user is in: their lists, not the user's",
  // Work the user did for a company or as an admin, on other people's or shared data.
  'companies.created_by_user_id': "the company's data; the user's part is the membership (companies.json)",
  'company_removed_members.removed_by_user_id': 'removing another member from the company',
  'company_invite_links.created_by_user_id': "the company's join link, a secret (the token is the link)",
  'contract_files.contract_id': "the PDF is the company's document; the agreements page downloads it",
  'assignments.approver_user_id': "approving other consultants' time for the company",
  'assignments.created_by_user_id': 'hiring another consultant for the company',
  'time_report_months.decided_by_user_id': "deciding on other consultants' months for the company",
  'bills.assignment_id': 'bills for an assignment go to the buying company; the hours are in time.json',
  'bills.paid_by_admin_user_id': "an admin recording a company's bankgiro payment of its bill",
  'payments.bill_id':
    "the company's bill a payment paid; the user's own payments are in payments.json (payments.user_id)",
  'coach_session_slots.created_by_user_id': 'times an admin offers for coach sessions',
  'feedback.handled_by_user_id': "an admin's handling of other users' feedback",
  'vocabulary_changes.actor_user_id': "an admin's edits of the shared vocabularies",
  // Technical.
  'index_dead_letters.user_id': 'indexing failures of the search document (built from profile.json)',
};
