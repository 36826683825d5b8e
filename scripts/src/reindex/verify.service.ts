// The drift check lives in the indexer, whose scheduled repair job runs it too.
export { driftedUserIds, hasDrift, verifyIndex, type DriftReport } from '@mp/indexer/index-drift';
