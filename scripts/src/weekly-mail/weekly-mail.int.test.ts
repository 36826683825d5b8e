import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@elastic/elasticsearch';
import { loadIndexerConfig } from '@mp/indexer/config';
import { QUEUES, WEEKLY_MAIL_JOB_OPTIONS, WEEKLY_SAVED_SEARCH_MAIL } from '@mp/indexer/queues';
import { ensureSearchIndex } from '@mp/indexer/search-index';
import { startIndexer } from '@mp/indexer/worker';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { dropSearchIndices } from '@mp/test-support/search-index';
import { Queue, Worker } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { loadServicesConfig } from '../services/config';
import { enqueueWeeklyMail } from './weekly-mail.service';

// `npm run mail:weekly` adds the job the indexer's scheduler adds: same queue, name and retry options, with the
// replayed instant. A prefix of its own keeps the running indexer from taking it.
const config = { redisUrl: loadServicesConfig().REDIS_URL, prefix: `weekly-mail-test-${randomUUID()}` };
const queue = new Queue(QUEUES.savedSearchMail, {
  connection: { url: config.redisUrl },
  prefix: config.prefix,
});
const cliFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'weekly-mail.cli.ts');
const prefixes: string[] = [];

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  for (const prefix of prefixes) {
    const other = new Queue(QUEUES.savedSearchMail, { connection: { url: config.redisUrl }, prefix });
    await other.obliterate({ force: true });
    await other.close();
  }
});

describe('npm run mail:weekly', () => {
  it('queues the weekly saved-search mail for the given week', async () => {
    const job = await enqueueWeeklyMail(config, '2026-11-23T08:00:00.000Z');
    const stored = await queue.getJob(job.id!);
    expect(stored?.name).toBe(WEEKLY_SAVED_SEARCH_MAIL);
    expect(stored?.data).toEqual({ now: '2026-11-23T08:00:00.000Z' });
    expect(stored?.opts.attempts).toBe(WEEKLY_MAIL_JOB_OPTIONS.attempts);
    expect(await queue.getWaitingCount()).toBe(1);
  });

  it('queues the current week without --now, and refuses an instant that is not ISO', async () => {
    const job = await enqueueWeeklyMail(config);
    expect((await queue.getJob(job.id!))?.data).toEqual({});
    await expect(enqueueWeeklyMail(config, 'next monday')).rejects.toThrow('--now must be an ISO instant');
  });
});

/** Runs the command as an operator does, against a queue prefix of its own. */
function runCli(prefix: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', cliFile, ...args], {
    env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, QUEUE_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const newPrefix = () => {
  const prefix = `weekly-mail-cli-${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
  return prefix;
};

describe('npm run mail:weekly, waiting for the run', () => {
  it(
    'waits for the running indexer to finish the run and exits 0 with what it did',
    { timeout: 60_000 },
    async () => {
      const prefix = newPrefix();
      const alias = `it-weekly-cli-${randomUUID().slice(0, 8)}`;
      const indexerConfig = loadIndexerConfig({
        ...process.env,
        DATABASE_URL: TEST_DATABASE_URL,
        SEARCH_INDEX_ALIAS: alias,
        QUEUE_PREFIX: prefix,
        WEEKLY_MAIL_PATTERN: '',
        INDEX_REPAIR_PATTERN: '',
        RETENTION_PATTERN: '',
      });
      const es = new Client({ node: indexerConfig.ELASTICSEARCH_URL });
      await ensureSearchIndex(es, alias);
      const indexer = await startIndexer(indexerConfig);
      try {
        // A week far ahead, which no other test mails.
        const run = await runCli(prefix, ['--now', '2041-03-04T08:00:00Z']);
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/weekly mail: job \S+ queued for the week of 2041-03-04T08:00:00Z/);
        expect(run.stdout).toMatch(
          /weekly mail: job \S+ done – week 2041-W10: \d+ mail\(s\) sent, \d+ search\(es\) with nothing new, /,
        );
      } finally {
        await indexer.close();
        await dropSearchIndices(es, alias);
        await es.close();
      }
    },
  );

  it('exits 1 with the reason when the run fails', { timeout: 60_000 }, async () => {
    const prefix = newPrefix();
    // A worker of the queue whose run fails (as one does with SMTP down).
    const worker = new Worker(
      QUEUES.savedSearchMail,
      async () => {
        throw new Error('SMTP is down');
      },
      { connection: { url: config.redisUrl, maxRetriesPerRequest: null }, prefix },
    );
    try {
      await worker.waitUntilReady();
      const run = await runCli(prefix, ['--now', '2041-03-11T08:00:00Z']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^mail:weekly: job \S+ failed: SMTP is down \(the indexer retries it later/);
      expect(run.stderr).not.toContain('Connection is closed');
    } finally {
      await worker.close();
    }
  });

  it('exits 2 with a clear message when no indexer takes the job in time', { timeout: 60_000 }, async () => {
    const prefix = newPrefix();
    const run = await runCli(prefix, ['--pick-up-timeout', '1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^mail:weekly: no indexer took job \S+ within 1 s – is the indexer running/);
    const left = new Queue(QUEUES.savedSearchMail, { connection: { url: config.redisUrl }, prefix });
    try {
      expect(await left.getWaitingCount()).toBe(1);
    } finally {
      await left.close();
    }
  });
});
