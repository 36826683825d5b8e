/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Nobody approves their own time: an approval issues the bill. Hiring and changing the approver now refuse the
// assignment's consultant (APPROVER_IS_CONSULTANT), but a consultant who is also a member of the hiring company
// could be picked before. Those assignments lose their approver here, as when an approver leaves, so the
// contract managers see the 'no approver' warning and pick someone else; their waiting months go to that person.
// Audited as assignment.approver_removed (no actor: the system) with reason 'consultant'. Running it again
// changes nothing.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`WITH released AS (
      UPDATE assignments SET approver_user_id = NULL
      WHERE approver_user_id = consultant_user_id
      RETURNING id, company_id, consultant_user_id
    )
    INSERT INTO audit_log (actor_user_id, action, subject_type, subject_id, data)
    SELECT NULL, 'assignment.approver_removed', 'assignment', id::text,
      jsonb_build_object('companyId', company_id, 'userId', consultant_user_id, 'reason', 'consultant')
    FROM released`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: making the consultant their own approver again is what this migration exists to prevent.
}
