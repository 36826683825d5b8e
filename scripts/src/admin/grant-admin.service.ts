import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';

export type GrantOutcome = 'granted' | 'revoked' | 'unchanged' | 'not-found';

/**
 * Makes the live account with this e-mail address an admin (or takes it back), with an audit entry: how an
 * operator makes the first admin, who then manages everything else in the god area.
 */
export async function setAdmin(db: Kysely<Database>, email: string, isAdmin: boolean): Promise<GrantOutcome> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'is_admin'])
      .where('email', '=', email.trim())
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return 'not-found';
    if (user.is_admin === isAdmin) return 'unchanged';
    await trx.updateTable('users').set({ is_admin: isAdmin }).where('id', '=', user.id).execute();
    await trx
      .insertInto('audit_log')
      .values({
        actor_user_id: null,
        action: isAdmin ? 'operator.admin.grant' : 'operator.admin.revoke',
        subject_type: 'user',
        subject_id: user.id,
        data: JSON.stringify({ via: 'cli' }),
      })
      .execute();
    return isAdmin ? 'granted' : 'revoked';
  });
}
