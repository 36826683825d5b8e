import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Hand-written table types for the schema built by ./migrations. Integration test database.int.test.ts
// checks every table, column and nullability here against the migrated database.
// Value types follow the parsers of createDatabase (./db): bigint and numeric are numbers, date is a
// 'YYYY-MM-DD' string, timestamptz is a Date, jsonb is parsed, text[] is string[].

/** timestamptz without a default: read as Date, written as Date or ISO-8601 string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** timestamptz with a database default (`now()`): optional on insert. */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** date: a calendar day as 'YYYY-MM-DD', never a Date (that would shift with the time zone). */
export type DateString = string;

/** Any JSON value as stored in jsonb. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. Object types declared with `interface` need spreading (`{ ...value }`) to fit. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * A jsonb column holding an object: read back parsed (validate with zod before trusting it); written as an
 * object or as JSON text. Never pass a bare array: pg would send it as a Postgres array literal.
 */
export type JsonObjectColumn = ColumnType<JsonObject, JsonObject | string, JsonObject | string>;

/** Same as {@link JsonObjectColumn} with a database default (`'{}'`), so optional on insert. */
export type GeneratedJsonObjectColumn = ColumnType<
  JsonObject,
  JsonObject | string | undefined,
  JsonObject | string
>;

// ---- value sets enforced by CHECK constraints -------------------------------------------------------------

export type Locale = 'sv' | 'en';
export type EmailTokenPurpose = 'verify' | 'reset' | 'change_email';
export type BankIdOrderStatus = 'pending' | 'complete' | 'failed' | 'cancelled';
/** 'login' orders yield a session; 'confirm' orders only confirm an action of a logged-in user. */
export type BankIdOrderPurpose = 'login' | 'confirm';
export type DiscType =
  | 'conductor'
  | 'persuader'
  | 'promoter'
  | 'relater'
  | 'supporter'
  | 'coordinator'
  | 'analyser'
  | 'implementor';
export type DiscSource = 'self' | 'assessment';
export type AvailabilityKind = 'available_now' | 'not_available' | 'available_at' | 'available_with_in';
export type LanguageLevel =
  'native_or_bilingual' | 'full_professional' | 'professional_working' | 'limited_working' | 'elementary';
export type EducationLevel =
  | 'doctorate_or_higher'
  | 'licentiate'
  | 'masters'
  | 'bachelors'
  | 'secondary'
  | 'primary'
  | 'higher_vocational'
  | 'course'
  | 'certification';
export type EmploymentForm = 'employee' | 'consultant';
export type ReferenceStatus = 'pending' | 'approved' | 'declined';
export type VocabularyKind = 'skills' | 'job_titles' | 'languages' | 'degrees' | 'fields_of_study';
export type CompanyRole = 'admin' | 'member';
export type ContractStatus = 'draft' | 'sent' | 'signed' | 'declined' | 'expired' | 'cancelled';
export type BillStatus = 'draft' | 'issued' | 'paid' | 'cancelled';
export type ProductKind = 'subscription' | 'assessment' | 'hire_fee' | 'service';
export type PlanCode = 'standard' | 'premium' | 'premium_plus' | 'custom';
export type SupportLevel = 'mail' | 'telephone' | 'key_account_manager';
export type BillingInterval = 'month' | 'once';
export type PriceUnit = 'account' | 'hired_consultant';
export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'cancelled' | 'expired';
export type AssessmentPackage = 'basic' | 'full_coach';
export type AssessmentStatus = 'purchased' | 'taken' | 'completed';
export type TermsKind = 'users' | 'privacy' | 'cookies';

// ---- identity ------------------------------------------------------------------------------------------

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  /** HMAC-SHA256 of the 12-digit personal number, for lookup; the number itself is never stored in clear. */
  national_identity_number_hash: string | null;
  /** AES-256-GCM envelope of the personal number, set together with the hash (CHECK). */
  national_identity_number_encrypted: string | null;
  verified: Generated<boolean>;
  is_admin: Generated<boolean>;
  is_premium: Generated<boolean>;
  locale: Generated<Locale>;
  picture_key: string | null;
  picture_url: string | null;
  settings: GeneratedJsonObjectColumn;
  last_login_at: Timestamp | null;
  /**
   * When the person ticked the sign-up consent (terms of use, privacy policy, 18 or older) at first setup or
   * e-mail registration, whether or not a terms version was published then; null for accounts from before it
   * was recorded.
   */
  terms_consent_at: Timestamp | null;
  deleted_at: Timestamp | null;
  purge_after: Timestamp | null;
  /** When the retention job erased the personal data; the row stays as a tombstone. */
  purged_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface SessionsTable {
  /** The JWT's `jti`. */
  jti: string;
  user_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** When the user last confirmed who they are in this session (fresh BankID or password); step-up. */
  confirmed_at: Timestamp | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  /** What is rate limited, e.g. 'nin:<hmac>', 'email:<address>', 'ip:<address>'. */
  key: string;
  attempted_at: GeneratedTimestamp;
  succeeded: boolean;
}

export interface EmailTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: EmailTokenPurpose;
  /** SHA-256 of the token in the mailed link. */
  token_hash: string;
  /** Set exactly when purpose is 'change_email' (CHECK). */
  new_email: string | null;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface BankidOrdersTable {
  order_ref: string;
  personal_number_hash: string | null;
  status: Generated<BankIdOrderStatus>;
  hint_code: string | null;
  error_code: string | null;
  auto_start_token: string | null;
  qr_start_token: string | null;
  /** AES-GCM envelope, like the personal number; the secret never reaches the browser. */
  qr_start_secret_encrypted: string | null;
  end_user_ip: string | null;
  external_company_token: string | null;
  started_at: GeneratedTimestamp;
  completed_at: Timestamp | null;
  completed_user_id: string | null;
  purpose: Generated<BankIdOrderPurpose>;
  /** When the QR code was first served (other-device flow); null for a same-device order. */
  qr_shown_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

// ---- profiles ------------------------------------------------------------------------------------------

export interface ProfilesTable {
  id: Generated<string>;
  user_id: string;
  is_searchable: Generated<boolean>;
  /** 0-100 (CHECK). */
  completion: Generated<number>;
  short_description: string | null;
  disc_type: DiscType | null;
  driving_forces: Generated<string[]>;
  availability_kind: Generated<AvailabilityKind>;
  /** Required when availability_kind is 'available_at' (CHECK). */
  available_at: DateString | null;
  /** Required when availability_kind is 'available_with_in' (CHECK). */
  available_within_days: number | null;
  /** Ids of the spec's 24 work locations. */
  locations: Generated<string[]>;
  driving_licences: Generated<string[]>;
  /**
   * Monotonically increasing; the profile service bumps it (`version = version + 1`) on every change to the
   * profile or any of its parts, in the transaction that writes the outbox row. Elasticsearch external version.
   */
  version: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /**
   * `profile_search_source(id)` as of the last change (same transaction), as `json` text: what the indexer
   * reads. Stale when `search_source_version` differs from `version`; the indexer then computes it afresh.
   */
  search_source: JsonObjectColumn | null;
  search_source_version: number | null;
  /**
   * The search document built from `search_source` when it was stored, as JSON text (null: the profile is
   * hidden or deleted, or no document was built). Only used while `search_document_key` is the indexer's own
   * `storedDocumentKey()`; written together with the source, so it is as current as the source.
   */
  search_document: string | null;
  search_document_key: string | null;
  /** Where disc_type came from: picked by the consultant, or a taken assessment. */
  disc_source: Generated<DiscSource>;
}

export interface ProfileJobTitlesTable {
  id: Generated<string>;
  profile_id: string;
  /** Vocabulary id (kind 'job_titles') when the title matched one; null for free text. */
  job_title_id: string | null;
  name: string;
  sort_order: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface ProfileSkillsTable {
  id: Generated<string>;
  profile_id: string;
  /** Vocabulary id (kind 'skills'), or null for free text kept in `name`. */
  skill_id: string | null;
  name: string;
  years_of_experience: number | null;
  last_used_year: number | null;
  /** At most 5 per profile, enforced by the profile service. */
  starred: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface ProfileLanguagesTable {
  id: Generated<string>;
  profile_id: string;
  /** Vocabulary id (kind 'languages'), e.g. 'sv', 'en'. */
  language_id: string;
  level: LanguageLevel;
  created_at: GeneratedTimestamp;
}

export interface EducationsTable {
  id: Generated<string>;
  profile_id: string;
  level: EducationLevel;
  field_of_study_id: string | null;
  field_of_study: string | null;
  degree_id: string | null;
  degree: string | null;
  school: string | null;
  start_year: number | null;
  end_year: number | null;
  sort_order: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface ExperiencesTable {
  id: Generated<string>;
  profile_id: string;
  company: string;
  job_title: string;
  job_title_id: string | null;
  start_year: number;
  /** Null while ongoing; never set together with ongoing (CHECK). */
  end_year: number | null;
  ongoing: Generated<boolean>;
  employment_form: EmploymentForm;
  description: string | null;
  sort_order: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface ExperienceSkillsTable {
  id: Generated<string>;
  experience_id: string;
  skill_id: string | null;
  name: string;
}

export interface ExperienceReferencesTable {
  id: Generated<string>;
  experience_id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** SHA-256 of the token in the referee's link. */
  token_hash: string;
  status: Generated<ReferenceStatus>;
  /** 1-5 (CHECK). */
  rating: number | null;
  comment: string | null;
  review: string | null;
  requested_at: Timestamp | null;
  /** Set exactly when status is no longer 'pending' (CHECK). */
  responded_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

// ---- vocabularies --------------------------------------------------------------------------------------

export interface VocabularyEntriesTable {
  kind: VocabularyKind;
  /** Stable id shared with search-schema's vocabularies; (kind, id) is the primary key. */
  id: string;
  label_sv: string;
  label_en: string;
  aliases: Generated<string[]>;
  active: Generated<boolean>;
  version: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  category: string | null;
  /** Order within the kind (the shipped order; new entries go last). */
  position: Generated<number>;
  /** The entry a merged (inactive) entry now lives on. */
  merged_into: string | null;
}

/** One row (id 1): bumped with every vocabulary change, so processes can tell their cache is stale. */
export interface VocabularyRevisionTable {
  id: number;
  revision: Generated<number>;
}

/** An admin's vocabulary edit and how many profiles it sent to the indexer. */
export interface VocabularyChangesTable {
  id: Generated<string>;
  kind: VocabularyKind;
  entry_id: string;
  /** 'delete' deactivates an entry no profile uses (it stays as a row, inactive, without `merged_into`). */
  action: 'create' | 'update' | 'merge' | 'delete';
  /** The entry merged into `entry_id` (action 'merge' only). */
  merged_id: string | null;
  actor_user_id: string | null;
  /** Profiles whose search documents the change rebuilds (one outbox row each). */
  profiles: Generated<number>;
  created_at: GeneratedTimestamp;
}

// ---- search: saved searches, favourites, inquiries -----------------------------------------------------

export interface SavedSearchesTable {
  id: Generated<string>;
  user_id: string;
  /** At most 30 characters, not blank. */
  name: string;
  criteria: JsonObjectColumn;
  send_email: Generated<boolean>;
  last_emailed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface SavedSearchMailingsTable {
  id: Generated<number>;
  saved_search_id: string;
  /** ISO week, e.g. '2026-W47'; unique per saved search, which makes the weekly mail once-per-week. */
  period: string;
  match_ids: Generated<string[]>;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
  /** SHA-256 (hex) of the token of this mail's unsubscribe link; the token itself is only in the mail. */
  unsubscribe_token_hash: string | null;
}

export interface FavoriteGroupsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface FavoriteGroupMembersTable {
  group_id: string;
  /** The consultant's user id. */
  profile_user_id: string;
  created_at: GeneratedTimestamp;
}

export interface InquiriesTable {
  id: Generated<string>;
  user_id: string | null;
  /** The consultant the inquiry is about, when it was sent from their profile. */
  consultant_user_id: string | null;
  name: string;
  email: string;
  details: string;
  phone: string | null;
  /** Must be true (CHECK). */
  terms_accepted: boolean;
  criteria: JsonObjectColumn | null;
  locale: Generated<Locale>;
  created_at: GeneratedTimestamp;
  mailed_at: Timestamp | null;
  handled_at: Timestamp | null;
}

// ---- companies, contracts, time, billing ---------------------------------------------------------------

export interface CompaniesTable {
  id: Generated<string>;
  business_name: string;
  business_type: string | null;
  organisation_number: string | null;
  vat_number: string | null;
  website: string | null;
  address: string | null;
  created_by_user_id: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface CompanyMembershipsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  role: Generated<CompanyRole>;
  permissions: Generated<string[]>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface CompanyInviteLinksTable {
  id: Generated<string>;
  company_id: string;
  token: string;
  created_by_user_id: string | null;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A member an admin removed: they cannot join through an invite link until invited by e-mail again. */
export interface CompanyRemovedMembersTable {
  company_id: string;
  user_id: string;
  removed_by_user_id: string | null;
  removed_at: GeneratedTimestamp;
}

export interface ProjectsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface ContractsTable {
  id: Generated<string>;
  company_id: string;
  project_id: string | null;
  name: string;
  status: Generated<ContractStatus>;
  file_key: string | null;
  file_name: string | null;
  /** The signer (recipient): a user, or only an e-mail address for someone without an account. */
  signer_user_id: string | null;
  signer_email: string | null;
  /** The delegate (creator). */
  delegate_user_id: string | null;
  /** Öre per hour, at most 10,000,000 (100,000 SEK). */
  hourly_fee_ore: number | null;
  /** Öre per hour, at most 20,000,000 (200,000 SEK). */
  overtime_hourly_fee_ore: number | null;
  signing_provider: string | null;
  signing_provider_reference: string | null;
  sent_at: Timestamp | null;
  signed_at: Timestamp | null;
  /** The language the signer was asked to sign in (set when sent): their later mails use it without an account. */
  signer_locale: Locale | null;
  /** SHA-256 (hex) and size of the uploaded PDF; the bytes are in contract_files. */
  file_sha256: string | null;
  file_size_bytes: number | null;
  /** SHA-256 (hex) of the provider's signed PDF once fetched. */
  signed_file_sha256: string | null;
  status_changed_at: GeneratedTimestamp;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export type ContractFileKind = 'original' | 'signed';

/** A contract's PDF bytes in Postgres (every API process sees them): the upload and the signed copy. */
export interface ContractFilesTable {
  contract_id: string;
  kind: ContractFileKind;
  content: Buffer;
  sha256: string;
  size_bytes: number;
  created_at: GeneratedTimestamp;
}

/** Signing-provider webhook deliveries already applied, by the provider's event id (replays are ignored). */
export interface SigningWebhookEventsTable {
  provider: string;
  event_id: string;
  order_reference: string;
  event_type: string;
  received_at: GeneratedTimestamp;
}

export interface TimeReportsTable {
  id: Generated<string>;
  user_id: string;
  contract_id: string | null;
  project_id: string | null;
  work_date: DateString;
  /** hours + overtime_hours <= 24 per row (CHECK); the 744 per month cap is enforced by the time service. */
  hours: number;
  overtime_hours: Generated<number>;
  note: string | null;
  /** Null only on rows written before assignments existed; one row per assignment and day (unique). */
  assignment_id: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A hired consultant on a company's project under a signed contract; fees in öre per hour. */
export interface AssignmentsTable {
  id: Generated<string>;
  company_id: string;
  project_id: string | null;
  contract_id: string;
  consultant_user_id: string;
  /** The member who approves its months; null once they left the company or deleted their account. */
  approver_user_id: string | null;
  created_by_user_id: string | null;
  /** 0 to 10,000,000 öre (100,000 SEK) per hour (CHECK). */
  hourly_fee_ore: number;
  /** 0 to 20,000,000 öre (200,000 SEK) per hour (CHECK). */
  overtime_fee_ore: number;
  start_date: DateString;
  end_date: DateString | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export type TimeMonthStatusColumn = 'open' | 'submitted' | 'returned' | 'approved';

/** The approval state of one month (its first day) of an assignment. */
export interface TimeReportMonthsTable {
  assignment_id: string;
  month: DateString;
  status: Generated<TimeMonthStatusColumn>;
  /** The approver's comment; required when returned (CHECK). */
  comment: string | null;
  submitted_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by_user_id: string | null;
  updated_at: GeneratedTimestamp;
}

/** Gap-free invoice numbers: the approving transaction takes the next number under this row's lock. */
export interface InvoiceNumberSeriesTable {
  series: string;
  next_number: number;
}

export interface BillsTable {
  id: Generated<string>;
  /** Exactly one of user_id and company_id is set (CHECK). */
  user_id: string | null;
  company_id: string | null;
  number: string;
  status: Generated<BillStatus>;
  currency: Generated<string>;
  /** Öre. total_ore = subtotal_ore + vat_ore (CHECK). */
  subtotal_ore: Generated<number>;
  vat_ore: Generated<number>;
  total_ore: Generated<number>;
  issued_at: Timestamp | null;
  due_at: Timestamp | null;
  paid_at: Timestamp | null;
  /** The admin who marked the bill paid (a bankgiro payment received outside the app); null when paid by card. */
  paid_by_admin_user_id: string | null;
  /** The approved assignment month the bill is for (unique together). */
  assignment_id: string | null;
  period_month: DateString | null;
  invoice_number: number | null;
  /** Digits with a length digit and a Luhn check digit (domain buildOcrReference). */
  ocr_reference: string | null;
  /** Party snapshots as issued: { name, organisationNumber, vatNumber, address }. */
  seller: JsonObject | null;
  buyer: JsonObject | null;
  /** Consultant, project and contract names as issued. */
  details: GeneratedJsonObjectColumn;
  /** The last day of the 30-day buyer guarantee, on the bill of an assignment's first month. */
  guarantee_until: DateString | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface BillLinesTable {
  id: Generated<string>;
  bill_id: string;
  description: string;
  quantity: Generated<number>;
  unit_price_ore: number;
  amount_ore: number;
  /** Percent, e.g. 25 for 25 % VAT. */
  vat_rate: Generated<number>;
  sort_order: Generated<number>;
  kind: Generated<'hours' | 'overtime' | 'buyer_fee' | 'other'>;
}

// ---- commerce ------------------------------------------------------------------------------------------

export interface ProductsTable {
  id: Generated<string>;
  code: string;
  name_sv: string;
  name_en: string;
  kind: ProductKind;
  active: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface PlansTable {
  id: Generated<string>;
  code: PlanCode;
  name_sv: string;
  name_en: string;
  support_level: SupportLevel;
  features: Generated<string[]>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface PricesTable {
  id: Generated<string>;
  /** Exactly one of plan_id and product_id is set (CHECK). */
  plan_id: string | null;
  product_id: string | null;
  amount_ore: number;
  currency: Generated<string>;
  billing_interval: BillingInterval;
  unit: Generated<PriceUnit>;
  /** The current price is the row with the latest valid_from not in the future. */
  valid_from: GeneratedTimestamp;
  created_at: GeneratedTimestamp;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  /** Exactly one of user_id and company_id is set (CHECK). */
  user_id: string | null;
  company_id: string | null;
  plan_id: string;
  price_id: string | null;
  status: SubscriptionStatus;
  current_period_start: Timestamp | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: Generated<boolean>;
  cancelled_at: Timestamp | null;
  provider: string | null;
  provider_reference: string | null;
  /** The card renewals charge. */
  payment_method_id: string | null;
  /** Failed renewal charges in the current grace period. */
  renewal_attempts: Generated<number>;
  next_renewal_attempt_at: Timestamp | null;
  /** Set when a renewal fails: premium lasts until then, after which the subscription expires. */
  grace_ends_at: Timestamp | null;
  /** A change of plan the subscriber asked for: the next renewal switches to it and charges its price. */
  scheduled_plan_id: string | null;
  scheduled_price_id: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export type PaymentPurpose = 'subscription' | 'assessment' | 'bill';
export type PaymentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'refunded';

export interface PaymentDetailsTable {
  user_id: string;
  billing_name: string;
  address_line: string;
  postal_code: string;
  city: string;
  country: Generated<string>;
  /** Exactly one of organisation_number and personal_number_encrypted is set (CHECK). */
  organisation_number: string | null;
  /** AES-256-GCM envelope of the 12-digit personal number. */
  personal_number_encrypted: string | null;
  /** The buyer's EU VAT number, normalised (SE556677889901); only with an organisation number. */
  vat_number: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface PaymentsTable {
  id: Generated<string>;
  user_id: string;
  purpose: PaymentPurpose;
  subscription_id: string | null;
  /** The plan a subscription payment paid for (a subscription's plan can change at a renewal). */
  plan_id: string | null;
  assessment_package: AssessmentPackage | null;
  assessment_order_id: string | null;
  /** The bill a 'bill' payment pays. */
  bill_id: string | null;
  payment_method_id: string | null;
  provider: string;
  provider_intent_id: string;
  idempotency_key: string;
  amount_ore: number;
  currency: Generated<string>;
  status: PaymentStatus;
  failure_code: string | null;
  period_start: Timestamp | null;
  period_end: Timestamp | null;
  receipt_number: string | null;
  receipt_sent_at: Timestamp | null;
  refunded_at: Timestamp | null;
  /** Set when the payment bought something gone or already made: the refund is owed (retried until done). */
  refund_due_at: Timestamp | null;
  /** When the payment succeeded (what its receipt dates it by); null until then. */
  succeeded_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface PaymentWebhookEventsTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: GeneratedTimestamp;
}

export interface PaymentMethodsTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  /** The provider's token for the stored card; a card number is never stored. */
  provider_token: string;
  brand: string | null;
  last4: string | null;
  expiry_month: number | null;
  expiry_year: number | null;
  is_default: Generated<boolean>;
  created_at: GeneratedTimestamp;
  removed_at: Timestamp | null;
}

export interface AssessmentOrdersTable {
  id: Generated<string>;
  user_id: string;
  package: AssessmentPackage;
  status: Generated<AssessmentStatus>;
  amount_ore: number;
  currency: Generated<string>;
  payment_provider: string | null;
  payment_reference: string | null;
  link_token: string;
  purchased_at: GeneratedTimestamp;
  taken_at: Timestamp | null;
  completed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A time an admin offers for the Full Coach Package's feedback session. */
export interface CoachSessionSlotsTable {
  id: Generated<string>;
  starts_at: Timestamp;
  /** After starts_at (CHECK). */
  ends_at: Timestamp;
  created_by_user_id: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A consultant's booking of a slot; at most one live (not cancelled) booking per slot and per order. */
export interface CoachSessionBookingsTable {
  id: Generated<string>;
  slot_id: string;
  order_id: string;
  user_id: string;
  booked_at: GeneratedTimestamp;
  cancelled_at: Timestamp | null;
}

export interface AssessmentAnswersTable {
  order_id: string;
  /** 1-36 (CHECK). */
  question: number;
  answer: JsonObjectColumn;
  answered_at: GeneratedTimestamp;
}

export interface AssessmentResultsTable {
  id: Generated<string>;
  order_id: string;
  disc_type: DiscType;
  disc_scores: JsonObjectColumn | null;
  driving_forces: Generated<string[]>;
  driving_force_scores: JsonObjectColumn;
  completed_at: GeneratedTimestamp;
  emailed_at: Timestamp | null;
  strengths: JsonObjectColumn | null;
}

// ---- admin ---------------------------------------------------------------------------------------------

export interface TermsVersionsTable {
  id: Generated<string>;
  kind: TermsKind;
  version: number;
  published_at: Timestamp | null;
  effective_at: Timestamp | null;
  body_sv: string;
  body_en: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface TermsAcceptancesTable {
  id: Generated<string>;
  user_id: string;
  terms_version_id: string;
  accepted_at: GeneratedTimestamp;
}

export interface FeedbackTable {
  id: Generated<string>;
  user_id: string | null;
  message: string;
  page: string | null;
  created_at: GeneratedTimestamp;
  handled_at: Timestamp | null;
  handled_by_user_id: string | null;
  /** 'new' | 'in_progress' | 'answered' | 'closed' (CHECK). */
  status: Generated<FeedbackStatus>;
  /** The sender's language, for the acknowledgement and the answer mail. */
  locale: Generated<Locale>;
  answer: string | null;
  answered_at: Timestamp | null;
  /** When the acknowledgement mail went out. */
  acknowledged_at: Timestamp | null;
}

export type FeedbackStatus = 'new' | 'in_progress' | 'answered' | 'closed';

/** Anonymous search analytics (spec section 7): never a user id, session or address. */
export interface SearchEventsTable {
  id: Generated<number>;
  at: GeneratedTimestamp;
  /** The normalised search term (lower case, single spaces), or null. */
  search_term: string | null;
  /** The filters used, as `["skills:typescript", "locations:goteborg"]`. */
  filters: ColumnType<string[], string | undefined, string>;
  total: number;
}

export interface OffersTable {
  id: Generated<string>;
  partner: string;
  title_sv: string;
  title_en: string;
  body_sv: string;
  body_en: string;
  url: string | null;
  logo_url: string | null;
  /** Calendar days 'YYYY-MM-DD'; null means open-ended. */
  valid_from: DateString | null;
  valid_until: DateString | null;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  data: GeneratedJsonObjectColumn;
  /** inet, read back as text. */
  ip: string | null;
  at: GeneratedTimestamp;
}

// ---- outbox --------------------------------------------------------------------------------------------

export interface OutboxTable {
  id: Generated<number>;
  /** e.g. 'profile'. */
  aggregate_type: string;
  aggregate_id: string;
  /** e.g. 'profile.changed'. */
  event_type: string;
  payload: GeneratedJsonObjectColumn;
  created_at: GeneratedTimestamp;
  /** Null until the relay has enqueued the row (set again when the relay re-sends a lost batch). */
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** The relay batch (BullMQ job `outbox-batch-<id>`) the row last went out in. */
  batch_id: number | null;
  /** Set by the index worker once the row's change is in the index; until then the relay may re-send it. */
  acked_at: Timestamp | null;
}

// ---- mail outbox ------------------------------------------------------------------------------------------

export type MailOutboxStatus = 'pending' | 'sent' | 'failed';

/** A JSON array (jsonb) with a database default (`'[]'`). */
export type GeneratedJsonArrayColumn = ColumnType<JsonValue[], string | undefined, string>;

/**
 * A workflow mail written in the transaction of the change it tells of, sent afterwards (api/src/lib/
 * mail-outbox.ts). Holds the template and its params, never the rendered body; attachments are descriptors
 * built at send time (a bill's PDF by bill id and language).
 */
export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  locale: Locale;
  /** A mail template name (api/src/lib/mail-templates.ts). */
  template: string;
  params: GeneratedJsonObjectColumn;
  reply_to: string | null;
  /** Written as JSON text (JSON.stringify), never a bare array. */
  attachments: GeneratedJsonArrayColumn;
  /** What the row marks once sent (e.g. an inquiry's `mailed_at`); written as JSON text, never a bare array. */
  on_sent: GeneratedJsonArrayColumn;
  status: ColumnType<MailOutboxStatus, MailOutboxStatus | undefined, MailOutboxStatus>;
  /** Sending attempts begun (a claim counts one). */
  attempts: Generated<number>;
  /** When the row is next due; a claim moves it past the send's lease, a failure by the backoff. */
  next_attempt_at: GeneratedTimestamp;
  /** The last failure's error name and code, never a mail body. */
  last_error: string | null;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
}

// ---- pipeline: dead letters and uploads -------------------------------------------------------------------

/** A profile version the indexer could not write for a reason retrying will not fix (reported by a CLI). */
export interface IndexDeadLettersTable {
  id: Generated<number>;
  user_id: string;
  profile_version: number;
  /** Elasticsearch's HTTP status for the item, or null when the document could not be built. */
  status: number | null;
  error_type: string;
  reason: string;
  occurrences: Generated<number>;
  first_seen_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
  /** Set when a later version of the profile was indexed. */
  resolved_at: Timestamp | null;
}

/** Uploaded files, shared by every API process (see docs/decisions.md). */
export interface UploadsTable {
  key: string;
  /** Null for a file no single user owns. */
  owner_user_id: string | null;
  /** 'picture' (profile pictures); more kinds as features store files. */
  kind: string;
  content_type: string;
  bytes: Buffer;
  created_at: GeneratedTimestamp;
}

/** Every table of the schema, for `Kysely<Database>`. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  email_tokens: EmailTokensTable;
  bankid_orders: BankidOrdersTable;
  profiles: ProfilesTable;
  profile_job_titles: ProfileJobTitlesTable;
  profile_skills: ProfileSkillsTable;
  profile_languages: ProfileLanguagesTable;
  educations: EducationsTable;
  experiences: ExperiencesTable;
  experience_skills: ExperienceSkillsTable;
  experience_references: ExperienceReferencesTable;
  vocabulary_entries: VocabularyEntriesTable;
  vocabulary_revision: VocabularyRevisionTable;
  vocabulary_changes: VocabularyChangesTable;
  saved_searches: SavedSearchesTable;
  saved_search_mailings: SavedSearchMailingsTable;
  favorite_groups: FavoriteGroupsTable;
  favorite_group_members: FavoriteGroupMembersTable;
  inquiries: InquiriesTable;
  companies: CompaniesTable;
  company_memberships: CompanyMembershipsTable;
  company_invite_links: CompanyInviteLinksTable;
  company_removed_members: CompanyRemovedMembersTable;
  projects: ProjectsTable;
  contracts: ContractsTable;
  contract_files: ContractFilesTable;
  signing_webhook_events: SigningWebhookEventsTable;
  time_reports: TimeReportsTable;
  assignments: AssignmentsTable;
  time_report_months: TimeReportMonthsTable;
  invoice_number_series: InvoiceNumberSeriesTable;
  bills: BillsTable;
  bill_lines: BillLinesTable;
  products: ProductsTable;
  plans: PlansTable;
  prices: PricesTable;
  subscriptions: SubscriptionsTable;
  payment_methods: PaymentMethodsTable;
  assessment_orders: AssessmentOrdersTable;
  assessment_answers: AssessmentAnswersTable;
  assessment_results: AssessmentResultsTable;
  coach_session_slots: CoachSessionSlotsTable;
  coach_session_bookings: CoachSessionBookingsTable;
  payment_details: PaymentDetailsTable;
  payments: PaymentsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  terms_versions: TermsVersionsTable;
  terms_acceptances: TermsAcceptancesTable;
  feedback: FeedbackTable;
  offers: OffersTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  mail_outbox: MailOutboxTable;
  index_dead_letters: IndexDeadLettersTable;
  uploads: UploadsTable;
  search_events: SearchEventsTable;
}

// ---- row aliases for the tables other workspaces use most -----------------------------------------------

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export type Session = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;

export type EmailToken = Selectable<EmailTokensTable>;
export type NewEmailToken = Insertable<EmailTokensTable>;

export type BankidOrder = Selectable<BankidOrdersTable>;
export type NewBankidOrder = Insertable<BankidOrdersTable>;
export type BankidOrderUpdate = Updateable<BankidOrdersTable>;

export type Profile = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;

export type ProfileJobTitle = Selectable<ProfileJobTitlesTable>;
export type NewProfileJobTitle = Insertable<ProfileJobTitlesTable>;

export type ProfileSkill = Selectable<ProfileSkillsTable>;
export type NewProfileSkill = Insertable<ProfileSkillsTable>;
export type ProfileSkillUpdate = Updateable<ProfileSkillsTable>;

export type ProfileLanguage = Selectable<ProfileLanguagesTable>;
export type NewProfileLanguage = Insertable<ProfileLanguagesTable>;

export type Education = Selectable<EducationsTable>;
export type NewEducation = Insertable<EducationsTable>;
export type EducationUpdate = Updateable<EducationsTable>;

export type Experience = Selectable<ExperiencesTable>;
export type NewExperience = Insertable<ExperiencesTable>;
export type ExperienceUpdate = Updateable<ExperiencesTable>;

export type ExperienceSkill = Selectable<ExperienceSkillsTable>;
export type NewExperienceSkill = Insertable<ExperienceSkillsTable>;

export type ExperienceReference = Selectable<ExperienceReferencesTable>;
export type NewExperienceReference = Insertable<ExperienceReferencesTable>;
export type ExperienceReferenceUpdate = Updateable<ExperienceReferencesTable>;

export type VocabularyEntry = Selectable<VocabularyEntriesTable>;
export type NewVocabularyEntry = Insertable<VocabularyEntriesTable>;
export type VocabularyEntryUpdate = Updateable<VocabularyEntriesTable>;

export type SavedSearch = Selectable<SavedSearchesTable>;
export type NewSavedSearch = Insertable<SavedSearchesTable>;
export type SavedSearchUpdate = Updateable<SavedSearchesTable>;

export type SavedSearchMailing = Selectable<SavedSearchMailingsTable>;
export type NewSavedSearchMailing = Insertable<SavedSearchMailingsTable>;

export type FavoriteGroup = Selectable<FavoriteGroupsTable>;
export type NewFavoriteGroup = Insertable<FavoriteGroupsTable>;

export type Inquiry = Selectable<InquiriesTable>;
export type NewInquiry = Insertable<InquiriesTable>;

export type Company = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
export type CompanyUpdate = Updateable<CompaniesTable>;

export type CompanyMembership = Selectable<CompanyMembershipsTable>;
export type NewCompanyMembership = Insertable<CompanyMembershipsTable>;

export type Project = Selectable<ProjectsTable>;
export type NewProject = Insertable<ProjectsTable>;

export type Contract = Selectable<ContractsTable>;
export type NewContract = Insertable<ContractsTable>;
export type ContractUpdate = Updateable<ContractsTable>;

export type TimeReport = Selectable<TimeReportsTable>;
export type NewTimeReport = Insertable<TimeReportsTable>;
export type TimeReportUpdate = Updateable<TimeReportsTable>;

export type Bill = Selectable<BillsTable>;
export type NewBill = Insertable<BillsTable>;
export type BillLine = Selectable<BillLinesTable>;
export type NewBillLine = Insertable<BillLinesTable>;

export type Product = Selectable<ProductsTable>;
export type Plan = Selectable<PlansTable>;
export type Price = Selectable<PricesTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type PaymentMethod = Selectable<PaymentMethodsTable>;
export type NewPaymentMethod = Insertable<PaymentMethodsTable>;

export type AssessmentOrder = Selectable<AssessmentOrdersTable>;
export type NewAssessmentOrder = Insertable<AssessmentOrdersTable>;
export type AssessmentResult = Selectable<AssessmentResultsTable>;
export type NewAssessmentResult = Insertable<AssessmentResultsTable>;

export type TermsVersion = Selectable<TermsVersionsTable>;
export type NewTermsVersion = Insertable<TermsVersionsTable>;
export type TermsAcceptance = Selectable<TermsAcceptancesTable>;

export type Feedback = Selectable<FeedbackTable>;
export type NewFeedback = Insertable<FeedbackTable>;
export type Offer = Selectable<OffersTable>;
export type NewOffer = Insertable<OffersTable>;

export type AuditLogEntry = Selectable<AuditLogTable>;
export type NewAuditLogEntry = Insertable<AuditLogTable>;

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
