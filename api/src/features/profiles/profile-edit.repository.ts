import type { Database } from '@mp/migrations/database';
import { sql, type Transaction, type Updateable } from 'kysely';

// The SQL of the profile editor beyond the part tables (which `profile.repository.ts` inserts and deletes).
// Every function runs inside the profile service's transaction (changeProfile), which has locked the profile
// row and will record the outbox row.

type Trx = Transaction<Database>;

/**
 * A DISC type picked by hand is self-assessed: marks the source 'self' when `discType` differs from the
 * stored type (re-saving an assessed type keeps it assessed). Call before writing the new type.
 */
export async function markDiscSelfPickedIfChanged(trx: Trx, profileId: string, discType: string | null) {
  await trx
    .updateTable('profiles')
    .set({ disc_source: 'self' })
    .where('id', '=', profileId)
    .where(sql<boolean>`disc_type IS DISTINCT FROM ${discType}`)
    .execute();
}

export async function updateUserRow(
  trx: Trx,
  userId: string,
  patch: Updateable<Database['users']>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await trx.updateTable('users').set(patch).where('id', '=', userId).execute();
}

export async function findExperienceIds(trx: Trx, profileId: string): Promise<string[]> {
  const rows = await trx.selectFrom('experiences').select('id').where('profile_id', '=', profileId).execute();
  return rows.map((r) => r.id);
}

/** Updates an experience of the profile in place (its references stay); false when it is not the profile's. */
export async function updateExperience(
  trx: Trx,
  profileId: string,
  experienceId: string,
  columns: Updateable<Database['experiences']>,
): Promise<boolean> {
  const result = await trx
    .updateTable('experiences')
    .set(columns)
    .where('id', '=', experienceId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes experiences of the profile (their skills and references go with them); returns how many. */
export async function deleteExperiences(
  trx: Trx,
  profileId: string,
  experienceIds: string[],
): Promise<number> {
  if (experienceIds.length === 0) return 0;
  const result = await trx
    .deleteFrom('experiences')
    .where('profile_id', '=', profileId)
    .where('id', 'in', experienceIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function nextExperienceSortOrder(trx: Trx, profileId: string): Promise<number> {
  const row = await trx
    .selectFrom('experiences')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function setProfileCompletion(trx: Trx, profileId: string, completion: number): Promise<void> {
  await trx.updateTable('profiles').set({ completion }).where('id', '=', profileId).execute();
}
