import type { Client } from '@elastic/elasticsearch';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import { findRefundsOwed } from '../payments/payments.service';
import { findSearchAnalytics } from '../search/search-analytics';
import {
  countDeadLetteredProfiles,
  countSearchableProfiles,
  countUsers,
  findOutboxLag,
} from './admin-dashboard.repository';
import type { AdminDashboard, IndexHealth } from '@mp/api-contract/admin.schema';

/** How many days of searches the dashboard shows. */
export const DASHBOARD_DAYS = 14;

/**
 * The index behind the alias: cluster status, documents, and when the index was created (a reindex builds a
 * new index and swaps the alias, so that is the last reindex). Never throws: a down cluster is reported.
 */
export async function readIndexHealth(es: Client, alias: string): Promise<IndexHealth> {
  try {
    const health = await es.cluster.health({}, { requestTimeout: 2_000, maxRetries: 0 });
    const aliases = await es.indices.getAlias({ name: alias }, { ignore: [404] });
    const index = Object.keys(aliases ?? {}).find((name) => name !== 'error' && name !== 'status') ?? null;
    if (!index) return { status: health.status, index: null, documents: null, lastReindexAt: null };
    const [count, settings] = await Promise.all([
      es.count({ index: alias }),
      es.indices.getSettings({ index, name: 'index.creation_date' }),
    ]);
    const created = settings[index]?.settings?.index?.creation_date;
    return {
      status: health.status,
      index,
      documents: count.count,
      lastReindexAt: created ? new Date(Number(created)).toISOString() : null,
    };
  } catch {
    return { status: 'unavailable', index: null, documents: null, lastReindexAt: null };
  }
}

/** The live counts of the admin dashboard (spec section 6), read fresh on every call. */
export async function getAdminDashboard(deps: {
  db: Kysely<Database>;
  es: Client;
  alias: string;
}): Promise<AdminDashboard> {
  const [users, searchableProfiles, outbox, deadLetteredProfiles, refundsOwed, index, analytics] =
    await Promise.all([
      countUsers(deps.db),
      countSearchableProfiles(deps.db),
      findOutboxLag(deps.db),
      countDeadLetteredProfiles(deps.db),
      findRefundsOwed(deps.db),
      readIndexHealth(deps.es, deps.alias),
      findSearchAnalytics(deps.db, { days: DASHBOARD_DAYS, top: 10 }),
    ]);
  return { users, searchableProfiles, outbox, deadLetteredProfiles, refundsOwed, index, searches: analytics };
}
