// Business constants and limits of spec section 9. Durations carry their unit in the name.

// The alert, request, page-part and search timings are in timing.ts (re-exported here): the web's first script
// imports that module alone, so that the rest of these limits stay out of it.
export * from './timing';

// Uploads
export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** Image types a browser can show without conversion; anything else is refused at upload. */
export const PROFILE_PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CONTRACT_MIME_TYPE = 'application/pdf';

// Profile and search result cards
export const HIGHLIGHTED_SKILLS_MAX = 5;
export const CARD_SKILLS_SHOWN = 5;
/** Years of experience of one skill (a decimal is allowed: 1.5). */
export const SKILL_YEARS_OF_EXPERIENCE_MAX = 80;
/**
 * The earliest year a profile names (experiences, educations, a skill's last use). A skill's last use is also no
 * later than the current year; the other years go up to 2200 (planned education, say).
 */
export const PROFILE_YEAR_MIN = 1940;

// Credentials and identity
export const PASSWORD_MIN_LENGTH = 8;
/** A new password's ceiling (login still takes longer ones set before it). */
export const PASSWORD_MAX_LENGTH = 128;
export const NATIONAL_IDENTITY_NUMBER_LENGTH = 12;
/** RFC 5321's limits on an e-mail address: a mail server refuses a longer local part or address. */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
export const MINIMUM_AGE_YEARS = 18;

// Fees and time reporting
export const FEE_MAX_SEK_PER_HOUR = 100_000;
export const OVERTIME_FEE_MAX_SEK_PER_HOUR = 200_000;
/** The highest price of a plan or product an admin can set (god/pricing). */
export const PRICE_MAX_SEK = 1_000_000;
/** The longest search text of the god area's user and audit log searches (longer is refused at the field). */
export const ADMIN_SEARCH_MAX_LENGTH = 200;
/** The free plan (spec: the Standard tier is free to search); its price is 0 kr. */
export const FREE_PLAN_CODE = 'standard';
/**
 * Whether a plan or product is paid: every one but the free plan. A paid one's price is more than 0 kr
 * (god/pricing refuses 0 for it).
 */
export const isPaidPricing = (target: 'plans' | 'products', code: string) =>
  !(target === 'plans' && code === FREE_PLAN_CODE);
/** The product whose price is the buyer fee per hired consultant and month (bills and the public texts). */
export const HIRE_FEE_PRODUCT_CODE = 'hire_fee';
export const REPORTED_HOURS_MAX_PER_DAY = 24;
/** 24 hours times 31 days. */
export const REPORTED_HOURS_MAX_PER_MONTH = 744;

// Behaviour and driving-force assessment
export const ASSESSMENT_QUESTION_COUNT = 36;
export const ASSESSMENT_RESULT_MAX_MINUTES = 15;

// Promises made to buyers
export const CONTACT_REPLY_WORKING_DAYS = 2;
export const BUYER_GUARANTEE_DAYS = 30;

// Prices as the spec states them. The prices in force are god/pricing's (GET /products); these are what a public
// text falls back to when they cannot be read.
export const PREMIUM_PRICE_FROM_SEK_PER_MONTH = 199;
export const HIRED_CONSULTANT_FEE_SEK_PER_MONTH = 2_995;

// Search
export const SEARCH_PAGE_SIZE = 6;
/** Fraction of the page height scrolled past that loads the next page of results. */
export const SEARCH_SCROLL_LOAD_THRESHOLD = 0.9;
export const SEARCH_FIRST_LOAD_DELAY_MS = 1_200;
export const SEARCH_NEXT_LOAD_DELAY_MS = 1_000;
/** Items per page in table mode. */
export const TABLE_ITEMS_PER_PAGE = 20;
export const TAG_SUGGESTIONS_LIMIT = 10;
export const VOCABULARY_SUGGESTIONS_LIMIT = 10;
/** The longest text suggestions are looked up for: no vocabulary term is longer. */
export const VOCABULARY_SEARCH_TERM_MAX_LENGTH = 100;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 30;
export const LIST_NAME_MAX_LENGTH = 30;

// Login
export const LOGIN_RATE_LIMIT_WAIT_SECONDS = 30;
/** API error code of the BankID collect call when the caller must wait before trying again. */
export const TOO_MANY_LOGIN_ATTEMPTS_ERROR_CODE = '403E005';

/**
 * Account deletion is confirmed by typing a word: the spec's "delete", or in Swedish "radera". Either is
 * accepted in either language: the word proves a deliberate act, not the language of the form, and a Swedish
 * user who follows the spec's (or an English help text's) "delete" should not be refused for it.
 */
export const ACCOUNT_DELETION_CONFIRMATION_WORDS = { en: 'delete', sv: 'radera' } as const;

// Retention (privacy policy)
/** Profile data is kept for the account's life plus this many months after deletion. */
export const PROFILE_RETENTION_MONTHS_AFTER_DELETION = 3;
export const MARKETING_AND_ABUSE_RETENTION_MONTHS = 12;
export const BOOKKEEPING_RETENTION_YEARS = 7;
/** Policy changes take effect this many days after posting. */
export const POLICY_CHANGE_NOTICE_DAYS = 30;

/** Contact form limits: a name and a message, not a document (issue 13). */
export const INQUIRY_NAME_MAX_LENGTH = 200;
export const INQUIRY_DETAILS_MAX_LENGTH = 5000;

/** Full Coach Package feedback session: booked, moved or cancelled until this many hours before it starts. */
export const COACH_SESSION_NOTICE_HOURS = 24;
/** The lengths an admin may give a feedback-session time, in minutes. */
export const COACH_SLOT_MINUTES = { min: 15, max: 240, default: 60 } as const;
