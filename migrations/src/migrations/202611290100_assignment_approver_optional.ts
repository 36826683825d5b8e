/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never break when the app's table types change */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// An assignment's approver can leave: when the approving member leaves the company, is removed or deletes their
// account, the assignment has no approver (NULL) until someone who manages the company's contracts picks a new
// one. Assignments whose approver is already gone (no membership, or a deleted account) get none here, so they
// show as needing an approver instead of waiting for someone who can never approve.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('assignments')
    .alterColumn('approver_user_id', (col) => col.dropNotNull())
    .execute();
  await sql`UPDATE assignments a SET approver_user_id = NULL
    WHERE NOT EXISTS (SELECT 1 FROM company_memberships m JOIN users u ON u.id = m.user_id
      WHERE m.company_id = a.company_id AND m.user_id = a.approver_user_id AND u.deleted_at IS NULL)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  // Someone must approve again: the company's first admin, else whoever hired.
  await sql`UPDATE assignments a SET approver_user_id = coalesce(
      (SELECT m.user_id FROM company_memberships m WHERE m.company_id = a.company_id AND m.role = 'admin'
        ORDER BY m.created_at, m.id LIMIT 1),
      a.created_by_user_id, a.consultant_user_id)
    WHERE approver_user_id IS NULL`.execute(db);
  await db.schema
    .alterTable('assignments')
    .alterColumn('approver_user_id', (col) => col.setNotNull())
    .execute();
}
