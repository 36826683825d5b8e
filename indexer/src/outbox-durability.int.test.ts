import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { changeProfile } from '@mp/api/features/profiles/profile.service';
import { createDatabase } from '@mp/migrations/db';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { loadIndexerConfig } from './config';
import { verifyIndex } from './index-drift';
import { handleRelayOutbox } from './jobs/relay-outbox.job';
import { QUEUES, REPAIR_INDEX, REPAIR_INDEX_JOB_OPTIONS, type IndexProfilesPayload } from './queues';
import { ensureSearchIndex } from './search-index';
import { startIndexer, type RunningIndexer } from './worker';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { eventually } from '@mp/test-support/eventually';
import { dropSearchIndices, indexedVersions } from '@mp/test-support/search-index';

const alias = `it-outbox-${randomUUID().slice(0, 8)}`;
const prefix = `it-${alias}`;
const config = loadIndexerConfig({
  ...process.env,
  DATABASE_URL: TEST_DATABASE_URL,
  SEARCH_INDEX_ALIAS: alias,
  QUEUE_PREFIX: prefix,
  RELAY_INTERVAL_MS: '100',
  OUTBOX_REDELIVER_AFTER_MS: '1000',
  // The test runs the repair itself, when it wants to.
  INDEX_REPAIR_PATTERN: '',
  WEEKLY_MAIL_PATTERN: '',
});
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 4 });
const es = new Client({ node: config.ELASTICSEARCH_URL });
const redis = new Redis(config.REDIS_URL);
let indexer: RunningIndexer | undefined;

/** Deletes this test's queue keys (never anything else in the shared Redis): what a Redis loss does to us. */
async function flushOurQueues(): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
});

afterAll(async () => {
  await indexer?.close();
  await flushOurQueues();
  redis.disconnect();
  await dropSearchIndices(es, alias);
  await es.close();
  await db.destroy();
});

describe('the outbox survives a Redis loss', () => {
  it(
    're-sends batches Redis lost after relaying, and the repair job leaves no drift',
    { timeout: 300_000 },
    async () => {
      const created = await createConsultants(db, [
        buildProfileInput({ firstName: 'Lost' }),
        buildProfileInput({ firstName: 'Lost' }),
        buildProfileInput({ firstName: 'Lost' }),
      ]);
      const ids = created.map((c) => c.userId);
      // The case: an edit of a searchable profile, then hiding another (a deletion from the index).
      await changeProfile(db, ids[0]!, async (trx, profileId) => {
        await trx
          .updateTable('profiles')
          .set({ short_description: 'Edited text after the edit' })
          .where('id', '=', profileId)
          .execute();
      });
      await changeProfile(db, ids[1]!, async (trx, profileId) => {
        await trx.updateTable('profiles').set({ is_searchable: false }).where('id', '=', profileId).execute();
      });

      // Relay only (no worker yet): every change is now a job in Redis and marked sent in Postgres.
      const queue = new Queue<IndexProfilesPayload>(QUEUES.indexProfiles, {
        connection: { url: config.REDIS_URL },
        prefix,
      });
      while ((await handleRelayOutbox(db, queue, 10_000)).rows > 0);
      expect(await queue.getJobCountByTypes('waiting')).toBeGreaterThan(0);
      await queue.close();
      const ours = await db
        .selectFrom('outbox')
        .select(['id', 'sent_at', 'acked_at'])
        .where('aggregate_id', 'in', ids)
        .execute();
      expect(ours.every((r) => r.sent_at !== null && r.acked_at === null)).toBe(true);

      // Redis loses everything of ours between the relay and the indexing.
      expect(await flushOurQueues()).toBeGreaterThan(0);

      // The indexer's relay finds the unacknowledged batches, sees Redis no longer has their jobs and re-sends.
      indexer = await startIndexer(config);
      await eventually(
        async () => {
          const open = await db
            .selectFrom('outbox')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .where('aggregate_id', 'in', ids)
            .where('acked_at', 'is', null)
            .executeTakeFirstOrThrow();
          return Number(open.n) === 0;
        },
        { what: 'every outbox row of ours acknowledged', timeoutMs: 60_000 },
      );

      const versions = await indexedVersions(es, alias, ids);
      const current = await db
        .selectFrom('profiles')
        .select(['user_id', 'version'])
        .where('user_id', 'in', ids)
        .execute();
      const versionOf = new Map(current.map((p) => [p.user_id, Number(p.version)]));
      expect(versions.get(ids[0]!)).toBe(versionOf.get(ids[0]!));
      expect(versions.has(ids[1]!)).toBe(false);
      expect(versions.get(ids[2]!)).toBe(versionOf.get(ids[2]!));
      const hit = await es.search({
        index: alias,
        query: { ids: { values: [ids[0]!] } },
        _source: ['bodyText'],
      });
      expect(JSON.stringify(hit.hits.hits[0]?._source)).toContain('Edited text after the edit');

      // Drift the outbox cannot know about: a change written behind the profile service's back (no outbox row),
      // as in the issue: `stale 1 (index v3 < postgres v4)`. (Every other profile of the test database is
      // missing from this test's fresh index too.) The scheduled repair job fixes all of it.
      await sql`UPDATE profiles SET version = version + 1, short_description = 'Changed behind our back'
        WHERE user_id = ${ids[2]!}`.execute(db);
      // And an account marked deleted without any version bump: its stored search source still says
      // searchable, so only a repair that computes sources afresh (and may rewrite the same version) removes it.
      await sql`UPDATE users SET deleted_at = now() WHERE id = ${ids[0]!}`.execute(db);
      const before = await verifyIndex(db, es, alias);
      expect(before.stale.map((s) => s.userId)).toEqual([ids[2]!]);
      expect(before.extra).toContain(ids[0]!);
      const repairQueue = new Queue(QUEUES.repairIndex, { connection: { url: config.REDIS_URL }, prefix });
      const events = new QueueEvents(QUEUES.repairIndex, { connection: { url: config.REDIS_URL }, prefix });
      await events.waitUntilReady();
      const job = await repairQueue.add(REPAIR_INDEX, {}, REPAIR_INDEX_JOB_OPTIONS);
      const result = (await job.waitUntilFinished(events, 240_000)) as { missing: number; repaired: number };
      expect(result.missing).toBeGreaterThanOrEqual(1);
      await events.close();
      await repairQueue.close();

      const report = await verifyIndex(db, es, alias);
      expect({ missing: report.missing, extra: report.extra, stale: report.stale }).toEqual({
        missing: [],
        extra: [],
        stale: [],
      });
    },
  );

  it('acknowledges outbox rows only once their batch is indexed', { timeout: 60_000 }, async () => {
    indexer ??= await startIndexer(config);
    const [consultant] = await createConsultants(db, [buildProfileInput({ firstName: 'Ack' })]);
    await eventually(
      async () => {
        const row = await db
          .selectFrom('outbox')
          .select(['acked_at'])
          .where('aggregate_id', '=', consultant!.userId)
          .executeTakeFirstOrThrow();
        return row.acked_at !== null;
      },
      { what: 'the row acknowledged', timeoutMs: 60_000 },
    );
    expect((await indexedVersions(es, alias, [consultant!.userId])).get(consultant!.userId)).toBe(
      consultant!.version,
    );
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM outbox WHERE aggregate_id = ${consultant!.userId} AND batch_id IS NULL`.execute(
      db,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
