/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Deleting an account now ends its company memberships and takes it off as approver in the deletion's
// transaction (endMembershipsOfDeletedAccount). Accounts deleted before that kept their membership rows, which
// the queries only hide. This brings them to the state a deletion leaves today: the memberships are removed and
// audited as company.member.leave (actor the account, { userId, accountDeleted: true }), and any assignment the
// account still approves has no approver (audited as assignment.approver_removed, reason 'account_deleted'), so
// a contract manager picks a new one. A company left with members but no admin stays so: nobody here can choose
// its admin, and the hidden row gave it none already. Running it again changes nothing.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`WITH ended AS (
      DELETE FROM company_memberships m USING users u
      WHERE u.id = m.user_id AND u.deleted_at IS NOT NULL
      RETURNING m.company_id, m.user_id
    )
    INSERT INTO audit_log (actor_user_id, action, subject_type, subject_id, data)
    SELECT user_id, 'company.member.leave', 'company', company_id::text,
      jsonb_build_object('userId', user_id, 'accountDeleted', true)
    FROM ended`.execute(db);
  await sql`WITH released AS (
      UPDATE assignments a SET approver_user_id = NULL
      FROM users u
      WHERE u.id = a.approver_user_id AND u.deleted_at IS NOT NULL
      RETURNING a.id, a.company_id, u.id AS former
    )
    INSERT INTO audit_log (actor_user_id, action, subject_type, subject_id, data)
    SELECT former, 'assignment.approver_removed', 'assignment', id::text,
      jsonb_build_object('companyId', company_id, 'userId', former, 'reason', 'account_deleted')
    FROM released`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the removed rows belonged to deleted accounts, which are nobody's member or approver.
}
