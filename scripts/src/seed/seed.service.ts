import { profileInputSchema } from '@mp/api/features/profiles/profile.schema';
import { saveProfiles } from '@mp/api/features/profiles/profile.service';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { generateConsultant } from './consultant-generator';

export interface SeedProgress {
  done: number;
  total: number;
}

/**
 * Writes consultants 0..count-1 through the profile service (so every one gets an outbox row and reaches
 * the index like any real edit). Users are created once and reused: re-seeding updates in place.
 */
export async function seedConsultants(
  db: Kysely<Database>,
  options: {
    count: number;
    /** First consultant number: lets a caller add consultants start..count-1 to an existing seed. */
    start?: number;
    seed?: number;
    batchSize?: number;
    onProgress?: (p: SeedProgress) => void;
  },
): Promise<string[]> {
  const { count, seed = 1, batchSize = 500, start: first = 0 } = options;
  const userIds: string[] = [];
  for (let start = first; start < count; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, count - start) }, (_, i) =>
      generateConsultant(start + i, seed),
    );
    await db
      .insertInto('users')
      .values(batch.map((c) => ({ email: c.email, locale: c.locale, verified: true })))
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const users = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(
        'email',
        'in',
        batch.map((c) => c.email),
      )
      .execute();
    const idByEmail = new Map(users.map((u) => [String(u.email).toLowerCase(), u.id]));
    const entries = batch.map((c) => ({
      userId: idByEmail.get(c.email.toLowerCase())!,
      input: profileInputSchema.parse(c.profile),
    }));
    await saveProfiles(db, entries);
    userIds.push(...entries.map((e) => e.userId));
    options.onProgress?.({ done: Math.min(start + batchSize, count), total: count });
  }
  return userIds;
}
