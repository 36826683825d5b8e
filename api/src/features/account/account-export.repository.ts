import type { Database } from '@mp/migrations/database';
import { sql, type Kysely } from 'kysely';

// Everything the export holds, read strictly by the requesting user's id. Columns that are secrets or belong
// to other people (password and personal-number hashes, token hashes, provider tokens, other members of a
// company or of a favourites list) are never selected.

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
      'picture_url',
      'settings',
      'created_at',
      'updated_at',
      'last_login_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findProfileForExport(db: Db, userId: string) {
  const profile = await db
    .selectFrom('profiles')
    .select([
      'id',
      'is_searchable',
      'completion',
      'short_description',
      'disc_type',
      'driving_forces',
      'availability_kind',
      'available_at',
      'available_within_days',
      'locations',
      'driving_licences',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!profile) return null;
  const [jobTitles, skills, languages, educations, experiences] = await Promise.all([
    db
      .selectFrom('profile_job_titles')
      .select(['name', 'job_title_id'])
      .where('profile_id', '=', profile.id)
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('profile_skills')
      .select(['name', 'skill_id', 'years_of_experience', 'last_used_year', 'starred'])
      .where('profile_id', '=', profile.id)
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('profile_languages')
      .select(['language_id', 'level'])
      .where('profile_id', '=', profile.id)
      .execute(),
    db
      .selectFrom('educations')
      .select(['level', 'field_of_study', 'degree', 'school', 'start_year', 'end_year'])
      .where('profile_id', '=', profile.id)
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('experiences as x')
      .select((eb) => [
        'x.company',
        'x.job_title',
        'x.start_year',
        'x.end_year',
        'x.ongoing',
        'x.employment_form',
        'x.description',
        eb
          .selectFrom('experience_skills as s')
          .select(sql<string[]>`coalesce(array_agg(s.name ORDER BY s.name), '{}')`.as('names'))
          .whereRef('s.experience_id', '=', 'x.id')
          .as('skills'),
        eb
          .selectFrom('experience_references as r')
          .select(
            sql<unknown>`coalesce(json_agg(json_build_object(
              'firstName', r.first_name, 'lastName', r.last_name, 'email', r.email, 'status', r.status,
              'rating', r.rating, 'review', r.review, 'respondedAt', r.responded_at) ORDER BY r.created_at), '[]')`.as(
              'refs',
            ),
          )
          .whereRef('r.experience_id', '=', 'x.id')
          .as('references'),
      ])
      .where('x.profile_id', '=', profile.id)
      .orderBy('x.sort_order')
      .execute(),
  ]);
  const { id: _id, ...rest } = profile;
  return { ...rest, jobTitles, skills, languages, educations, experiences };
}

export async function findActivityForExport(db: Db, userId: string) {
  const [savedSearches, favouriteLists, inquiries, companies, terms, sessions, auditLog] = await Promise.all([
    db
      .selectFrom('saved_searches')
      .select(['name', 'criteria', 'send_email', 'last_emailed_at', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('favorite_groups as g')
      .select((eb) => [
        'g.name',
        'g.created_at',
        eb
          .selectFrom('favorite_group_members as m')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .as('memberCount'),
      ])
      .where('g.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('inquiries')
      .select(['name', 'email', 'phone', 'details', 'criteria', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('company_memberships as m')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .select(['c.business_name', 'c.organisation_number', 'm.role', 'm.permissions', 'm.created_at'])
      .where('m.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('terms_acceptances as a')
      .innerJoin('terms_versions as v', 'v.id', 'a.terms_version_id')
      .select(['v.kind', 'v.version', 'a.accepted_at'])
      .where('a.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
    // Only what the user did to their own account: an admin's actions on others are not the admin's data.
    db
      .selectFrom('audit_log')
      .select(['action', 'data', sql<string | null>`host(ip)`.as('ip'), 'at'])
      .where('actor_user_id', '=', userId)
      .where((eb) => eb.or([eb('subject_id', 'is', null), eb('subject_id', '=', userId)]))
      .orderBy('at', 'desc')
      .execute(),
  ]);
  return {
    savedSearches,
    favouriteLists: favouriteLists.map((g) => ({ ...g, memberCount: Number(g.memberCount ?? 0) })),
    inquiries,
    companies,
    terms,
    sessions,
    auditLog,
  };
}

export async function findBillingForExport(db: Db, userId: string) {
  const [subscriptions, paymentMethods, bills, timeReports, assessments, feedback] = await Promise.all([
    db
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .select([
        'p.code as plan',
        's.status',
        's.current_period_start',
        's.current_period_end',
        's.cancelled_at',
        's.created_at',
      ])
      .where('s.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('payment_methods')
      .select(['provider', 'brand', 'last4', 'expiry_month', 'expiry_year', 'created_at', 'removed_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('bills as b')
      .select((eb) => [
        'b.number',
        'b.status',
        'b.currency',
        'b.subtotal_ore',
        'b.vat_ore',
        'b.total_ore',
        'b.issued_at',
        'b.due_at',
        'b.paid_at',
        eb
          .selectFrom('bill_lines as l')
          .select(
            sql<unknown>`coalesce(json_agg(json_build_object('description', l.description, 'quantity', l.quantity,
              'unitPriceOre', l.unit_price_ore, 'amountOre', l.amount_ore, 'vatRate', l.vat_rate) ORDER BY l.sort_order), '[]')`.as(
              'lines',
            ),
          )
          .whereRef('l.bill_id', '=', 'b.id')
          .as('lines'),
      ])
      .where('b.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('time_reports')
      .select(['work_date', 'hours', 'overtime_hours', 'note', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('work_date')
      .execute(),
    db
      .selectFrom('assessment_orders as o')
      .leftJoin('assessment_results as r', 'r.order_id', 'o.id')
      .select([
        'o.package',
        'o.status',
        'o.amount_ore',
        'o.purchased_at',
        'o.taken_at',
        'o.completed_at',
        'r.disc_type',
        'r.disc_scores',
        'r.driving_forces',
        'r.driving_force_scores',
      ])
      .where('o.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('feedback')
      .select(['message', 'page', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
  ]);
  return { subscriptions, paymentMethods, bills, timeReports, assessments, feedback };
}
