import { driftedUserIds, verifyIndex } from '../index-drift';
import { handleIndexProfiles, type IndexProfilesDeps } from './index-profiles.job';

export interface RepairIndexResult {
  missing: number;
  extra: number;
  stale: number;
  /** Profiles written again (indexed, deleted or found stale by then). */
  repaired: number;
  deadLettered: number;
}

const CHUNK = 1000;

/**
 * The scheduled safety net behind the outbox: compares Postgres with the index (as `npm run reindex -- --verify`
 * does) and re-indexes every profile that is missing, extra or stale, whatever lost its update. Writes use
 * external versions, so a profile the pipeline indexes meanwhile is never set back. A profile the index refuses
 * for good lands in the dead-letter table again (its count goes up) and the rest are repaired.
 */
export async function handleRepairIndex(deps: IndexProfilesDeps): Promise<RepairIndexResult> {
  const report = await verifyIndex(deps.db, deps.search, deps.alias);
  const userIds = driftedUserIds(report);
  let repaired = 0;
  let deadLettered = 0;
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const result = await handleIndexProfiles(deps, { userIds: userIds.slice(i, i + CHUNK) }, undefined, {
      repair: true,
    });
    repaired += result.indexed + result.deleted + result.stale + result.missing;
    deadLettered += result.deadLettered;
  }
  return {
    missing: report.missing.length,
    extra: report.extra.length,
    stale: report.stale.length,
    repaired,
    deadLettered,
  };
}
