import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';

// Everything the export holds, read strictly by the requesting user's id. Columns that are secrets or belong
// to other people (password and personal-number hashes, token hashes, session ids, BankID order refs and
// start tokens, provider tokens and references, other members of a company or of a favourites list) are
// never selected. Which table and column lands in which file: account-export.coverage.ts.

type Db = Kysely<Database>;

export async function findAccountForExport(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'phone',
      'national_identity_number_encrypted',
      'verified',
      'is_admin',
      'is_premium',
      'locale',
      'picture_key',
      'picture_url',
      'settings',
      'created_at',
      'updated_at',
      'last_login_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** E-mail links sent to the account (verification, reset, e-mail change): never the token or its hash. */
export async function findEmailLinksForExport(db: Db, userId: string) {
  return db
    .selectFrom('email_tokens')
    .select(['purpose', 'new_email', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function findSearchesForExport(db: Db, userId: string) {
  const [savedSearches, favouriteLists, inquiries, inquiriesAboutYou] = await Promise.all([
    db
      .selectFrom('saved_searches as s')
      .select((eb) => [
        's.name',
        's.criteria',
        's.send_email',
        's.last_emailed_at',
        's.created_at',
        's.updated_at',
        // The weeks mailed and how many matches each had; the matches themselves are other people.
        eb
          .selectFrom('saved_search_mailings as m')
          .select(
            sql<unknown>`coalesce(json_agg(json_build_object('period', m.period,
              'matches', coalesce(cardinality(m.match_ids), 0), 'sentAt', m.sent_at) ORDER BY m.period), '[]')`.as(
              'mailings',
            ),
          )
          .whereRef('m.saved_search_id', '=', 's.id')
          .as('mailings'),
      ])
      .where('s.user_id', '=', userId)
      .orderBy('s.created_at')
      .execute(),
    db
      .selectFrom('favorite_groups as g')
      .select((eb) => [
        'g.name',
        'g.created_at',
        // Only how many: who is in the list is other people's data.
        eb
          .selectFrom('favorite_group_members as m')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .as('memberCount'),
      ])
      .where('g.user_id', '=', userId)
      .orderBy('g.created_at')
      .execute(),
    db
      .selectFrom('inquiries')
      .select(['name', 'email', 'phone', 'details', 'criteria', 'locale', 'created_at', 'handled_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    // Inquiries others sent about the consultant (from the profile's contact form) are data about the
    // consultant: when each came and when the operators handled it. Not who sent it or what they wrote: that
    // is the sender's data, given to the operators only (the consultant never sees it; direct contact is what
    // premium sells).
    db
      .selectFrom('inquiries')
      .select(['created_at', 'handled_at'])
      .where('consultant_user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);
  return {
    savedSearches,
    favouriteLists: favouriteLists.map((g) => ({ ...g, memberCount: Number(g.memberCount ?? 0) })),
    inquiries,
    inquiriesAboutYou,
  };
}

/** The user's memberships (company data beyond the company's name and number is the company's). */
export async function findMembershipsForExport(db: Db, userId: string) {
  return db
    .selectFrom('company_memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.business_name', 'c.organisation_number', 'm.role', 'm.permissions', 'm.created_at'])
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .execute();
}

/**
 * Companies an admin removed the user from (which keeps their invite links closed to the user until an e-mail
 * invitation): which company and when, not who removed them.
 */
export async function findCompanyRemovalsForExport(db: Db, userId: string) {
  return db
    .selectFrom('company_removed_members as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .select(['c.business_name', 'c.organisation_number', 'r.removed_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.removed_at')
    .execute();
}

/**
 * Contracts the user created or sent for a company (the delegate) and contracts sent to the user to sign, as
 * the agreements page shows them (not the company's PDF bytes). The signer's address only on the user's own
 * side: for a contract the user sent, it is the signer's.
 */
export async function findContractsForExport(db: Db, userId: string) {
  return db
    .selectFrom('contracts as k')
    .innerJoin('companies as c', 'c.id', 'k.company_id')
    .leftJoin('projects as p', 'p.id', 'k.project_id')
    .select([
      'c.business_name as company',
      'p.name as project',
      'k.name',
      'k.status',
      sql<boolean>`k.signer_user_id IS NOT DISTINCT FROM ${userId}::uuid`.as('is_signer'),
      sql<boolean>`k.delegate_user_id IS NOT DISTINCT FROM ${userId}::uuid`.as('is_sender'),
      sql<string | null>`CASE WHEN k.signer_user_id = ${userId}::uuid THEN k.signer_email END`.as(
        'signer_email',
      ),
      'k.hourly_fee_ore',
      'k.overtime_hourly_fee_ore',
      'k.file_name',
      'k.sent_at',
      'k.signed_at',
      'k.status_changed_at',
      'k.created_at',
    ])
    .where((eb) => eb.or([eb('k.signer_user_id', '=', userId), eb('k.delegate_user_id', '=', userId)]))
    .orderBy('k.created_at')
    .execute();
}

/** Assignments the user works on (as the consultant), their months' approval, and every reported day. */
export async function findTimeForExport(db: Db, userId: string) {
  const [assignments, timeReports] = await Promise.all([
    db
      .selectFrom('assignments as a')
      .innerJoin('companies as c', 'c.id', 'a.company_id')
      .innerJoin('contracts as k', 'k.id', 'a.contract_id')
      .leftJoin('projects as p', 'p.id', 'a.project_id')
      .select((eb) => [
        'c.business_name as company',
        'p.name as project',
        'k.name as contract',
        'a.hourly_fee_ore',
        'a.overtime_fee_ore',
        'a.start_date',
        'a.end_date',
        'a.created_at',
        eb
          .selectFrom('time_report_months as m')
          .select(
            sql<unknown>`coalesce(json_agg(json_build_object('month', m.month, 'status', m.status,
              'comment', m.comment, 'submittedAt', m.submitted_at, 'decidedAt', m.decided_at) ORDER BY m.month), '[]')`.as(
              'months',
            ),
          )
          .whereRef('m.assignment_id', '=', 'a.id')
          .as('months'),
      ])
      .where('a.consultant_user_id', '=', userId)
      .orderBy('a.start_date')
      .execute(),
    db
      .selectFrom('time_reports as t')
      .leftJoin('assignments as a', 'a.id', 't.assignment_id')
      .leftJoin('contracts as k', (join) =>
        join.on(sql<boolean>`k.id = coalesce(t.contract_id, a.contract_id)`),
      )
      .leftJoin('projects as p', (join) => join.on(sql<boolean>`p.id = coalesce(t.project_id, a.project_id)`))
      .select([
        't.work_date',
        't.hours',
        't.overtime_hours',
        't.note',
        'k.name as contract',
        'p.name as project',
        't.created_at',
        't.updated_at',
      ])
      .where('t.user_id', '=', userId)
      .orderBy('t.work_date')
      .execute(),
  ]);
  return { assignments, timeReports };
}

/** Bills addressed to the user (bills to a company are the company's). */
export async function findBillsForExport(db: Db, userId: string) {
  return db
    .selectFrom('bills as b')
    .select((eb) => [
      'b.number',
      'b.invoice_number',
      'b.ocr_reference',
      'b.status',
      'b.currency',
      'b.subtotal_ore',
      'b.vat_ore',
      'b.total_ore',
      'b.period_month',
      'b.seller',
      'b.buyer',
      'b.details',
      'b.issued_at',
      'b.due_at',
      'b.paid_at',
      eb
        .selectFrom('bill_lines as l')
        .select(
          sql<unknown>`coalesce(json_agg(json_build_object('kind', l.kind, 'description', l.description,
            'quantity', l.quantity, 'unitPriceOre', l.unit_price_ore, 'amountOre', l.amount_ore,
            'vatRate', l.vat_rate) ORDER BY l.sort_order), '[]')`.as('lines'),
        )
        .whereRef('l.bill_id', '=', 'b.id')
        .as('lines'),
    ])
    .where('b.user_id', '=', userId)
    .orderBy('b.created_at')
    .execute();
}

/** Payment details, cards (never the provider's token), card payments with receipts, subscriptions. */
export async function findPaymentsForExport(db: Db, userId: string) {
  const [details, cards, payments, subscriptions] = await Promise.all([
    db
      .selectFrom('payment_details')
      .select([
        'billing_name',
        'address_line',
        'postal_code',
        'city',
        'country',
        'organisation_number',
        'personal_number_encrypted',
        'created_at',
        'updated_at',
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('payment_methods')
      .select(['brand', 'last4', 'expiry_month', 'expiry_year', 'is_default', 'created_at', 'removed_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('payments as p')
      .leftJoin('payment_methods as c', 'c.id', 'p.payment_method_id')
      .select([
        'p.purpose',
        'p.assessment_package',
        'p.amount_ore',
        'p.currency',
        'p.status',
        'p.failure_code',
        'p.receipt_number',
        'p.receipt_sent_at',
        'p.period_start',
        'p.period_end',
        'p.succeeded_at',
        'p.refunded_at',
        'c.brand as card_brand',
        'c.last4 as card_last4',
        'p.created_at',
        'p.updated_at',
      ])
      .where('p.user_id', '=', userId)
      .orderBy('p.created_at')
      .execute(),
    db
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .leftJoin('prices as pr', 'pr.id', 's.price_id')
      .select([
        'p.code as plan',
        'pr.amount_ore as price_ore',
        'pr.billing_interval',
        's.status',
        's.current_period_start',
        's.current_period_end',
        's.cancel_at_period_end',
        's.cancelled_at',
        's.grace_ends_at',
        's.created_at',
      ])
      .where('s.user_id', '=', userId)
      .orderBy('s.created_at')
      .execute(),
  ]);
  return { details: details ?? null, cards, payments, subscriptions };
}

/** DISC assessments: the order (not its link token), every answer, the result and coach-session bookings. */
export async function findAssessmentsForExport(db: Db, userId: string) {
  return db
    .selectFrom('assessment_orders as o')
    .leftJoin('assessment_results as r', 'r.order_id', 'o.id')
    .select((eb) => [
      'o.package',
      'o.status',
      'o.amount_ore',
      'o.currency',
      'o.purchased_at',
      'o.taken_at',
      'o.completed_at',
      eb
        .selectFrom('assessment_answers as a')
        .select(
          sql<unknown>`coalesce(json_agg(json_build_object('question', a.question, 'answer', a.answer,
            'answeredAt', a.answered_at) ORDER BY a.question), '[]')`.as('answers'),
        )
        .whereRef('a.order_id', '=', 'o.id')
        .as('answers'),
      sql<unknown>`case when r.id is null then null else json_build_object('discType', r.disc_type,
        'discScores', r.disc_scores, 'drivingForces', r.driving_forces,
        'drivingForceScores', r.driving_force_scores, 'strengths', r.strengths,
        'completedAt', r.completed_at, 'emailedAt', r.emailed_at) end`.as('result'),
      eb
        .selectFrom('coach_session_bookings as b')
        .innerJoin('coach_session_slots as s', 's.id', 'b.slot_id')
        .select(
          sql<unknown>`coalesce(json_agg(json_build_object('startsAt', s.starts_at, 'endsAt', s.ends_at,
            'bookedAt', b.booked_at, 'cancelledAt', b.cancelled_at) ORDER BY b.booked_at), '[]')`.as(
            'bookings',
          ),
        )
        .whereRef('b.order_id', '=', 'o.id')
        .whereRef('b.user_id', '=', 'o.user_id')
        .as('coachSessions'),
    ])
    .where('o.user_id', '=', userId)
    .orderBy('o.purchased_at')
    .execute();
}

/** Feedback the user sent, with the answer they were given (not which admin handled it). */
export async function findFeedbackForExport(db: Db, userId: string) {
  return db
    .selectFrom('feedback')
    .select(['message', 'page', 'locale', 'status', 'created_at', 'acknowledged_at', 'answer', 'answered_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/**
 * The sign-up consent (when the box was ticked: terms of use, privacy policy, 18 or older, with the newest
 * version of each kind published then; none when nothing was, and the built-in texts applied) and every
 * acceptance of a published version.
 */
export async function findTermsForExport(db: Db, userId: string) {
  const [consent, acceptances] = await Promise.all([
    db.selectFrom('users').select('terms_consent_at').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('terms_acceptances as a')
      .innerJoin('terms_versions as v', 'v.id', 'a.terms_version_id')
      .select(['v.kind', 'v.version', 'a.accepted_at'])
      .where('a.user_id', '=', userId)
      .orderBy('a.accepted_at')
      .execute(),
  ]);
  const givenAt = consent?.terms_consent_at ?? null;
  const publishedThen = givenAt
    ? await db
        .selectFrom('terms_versions')
        .distinctOn('kind')
        .select(['kind', 'version'])
        .where('published_at', '<=', givenAt)
        .orderBy('kind')
        .orderBy('version', 'desc')
        .execute()
    : [];
  return {
    signup_consent: givenAt
      ? {
          accepted_at: givenAt,
          confirmed: ['terms_of_use', 'privacy_policy', 'age_18_or_older'],
          published_versions: publishedThen,
        }
      : null,
    acceptances,
  };
}

/** Logins: sessions (not their token ids) and BankID orders completed for the user (not refs or tokens). */
export async function findLoginsForExport(db: Db, userId: string) {
  const [sessions, bankIdOrders] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'revoked_at', 'confirmed_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('bankid_orders')
      .select(['purpose', 'status', 'hint_code', 'error_code', 'end_user_ip', 'started_at', 'completed_at'])
      .where('completed_user_id', '=', userId)
      .orderBy('started_at', 'desc')
      .execute(),
  ]);
  return { sessions, bankIdOrders };
}

/**
 * What the user did to their own account (an admin's actions on others are not the admin's data), and what
 * someone else did to it (an admin editing the profile): that entry says who by role, without their IP.
 */
export async function findAuditLogForExport(db: Db, userId: string) {
  return db
    .selectFrom('audit_log')
    .select([
      'action',
      'data',
      sql<
        'you' | 'administrator'
      >`case when actor_user_id = ${userId} then 'you' else 'administrator' end`.as('by'),
      sql<string | null>`case when actor_user_id = ${userId} then host(ip) end`.as('ip'),
      'at',
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('actor_user_id', '=', userId),
          eb.or([eb('subject_id', 'is', null), eb('subject_id', '=', userId)]),
        ]),
        eb.and([eb('subject_type', '=', 'user'), eb('subject_id', '=', userId)]),
      ]),
    )
    .orderBy('at', 'desc')
    .execute();
}

/** Files the user uploaded (profile pictures), with their bytes. */
export async function findUploadsForExport(db: Db, userId: string) {
  return db
    .selectFrom('uploads')
    .select(['key', 'kind', 'content_type', 'bytes', 'created_at'])
    .where('owner_user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
