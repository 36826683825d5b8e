import type { Client } from '@elastic/elasticsearch';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { findProfileSources } from '../profile-source.repository';
import type { IndexProfilesPayload } from '../queues';
import { deleteMissingProfiles, writeProfiles, type BulkWriteResult } from '../search-index';

export interface IndexProfilesDeps {
  db: Kysely<Database>;
  search: Client;
  alias: string;
}

/**
 * Re-reads the named profiles from Postgres (never trusting the job's payload for data) and writes them to
 * the alias with external versioning.
 */
export async function handleIndexProfiles(
  deps: IndexProfilesDeps,
  payload: IndexProfilesPayload,
): Promise<BulkWriteResult & { missing: number }> {
  const sources = await findProfileSources(deps.db, payload.userIds);
  const result = await writeProfiles(deps.search, deps.alias, sources, { requireAlias: true });
  const found = new Set(sources.map((s) => s.userId));
  const missing = payload.userIds.filter((id) => !found.has(id));
  await deleteMissingProfiles(deps.search, deps.alias, missing);
  return { ...result, missing: missing.length };
}
