import { randomUUID } from 'node:crypto';
import { createDatabase } from '@mp/migrations/db';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { createSearchEventWriter } from './search-event-writer';

const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 2 });
afterAll(() => db.destroy());

/** A writer whose failed writes are collected in `errors`. */
function newWriter(options: { maxDelayMs: number; maxBatch: number }) {
  const errors: unknown[] = [];
  const writer = createSearchEventWriter(db, { ...options, onError: (error) => errors.push(error) });
  return { writer, errors };
}

const eventsOf = (term: string) =>
  db.selectFrom('search_events').select(['search_term', 'filters', 'total']).where('search_term', '=', term);

describe('search event writer', () => {
  it('writes queued events together after the delay, or at once when a batch is full', async () => {
    const term = `writer-${randomUUID()}`;
    const { writer, errors } = newWriter({ maxDelayMs: 60_000, maxBatch: 3 });
    writer.record({ searchTerm: term, filters: ['skills:java'], total: 1 });
    writer.record({ searchTerm: term, filters: [], total: 0 });
    // Two of three, a minute's delay: nothing written yet.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await eventsOf(term).execute()).toHaveLength(0);
    writer.record({ searchTerm: term, filters: [], total: 2 });
    // The third fills the batch: written without waiting for the delay.
    await expect.poll(async () => (await eventsOf(term).execute()).length).toBe(3);
    writer.record({ searchTerm: term, filters: ['locations:goteborg'], total: 4 });
    await writer.flush();
    const rows = await eventsOf(term).orderBy('total').execute();
    expect(rows.map((r) => [r.filters, r.total])).toEqual([
      [[], 0],
      [['skills:java'], 1],
      [[], 2],
      [['locations:goteborg'], 4],
    ]);
    expect(errors).toEqual([]);
    await db.deleteFrom('search_events').where('search_term', '=', term).execute();
  });

  it('writes a lone event within the delay', async () => {
    const term = `writer-${randomUUID()}`;
    const { writer } = newWriter({ maxDelayMs: 20, maxBatch: 100 });
    writer.record({ searchTerm: term, filters: [], total: 7 });
    await expect.poll(async () => (await eventsOf(term).execute()).length).toBe(1);
    await db.deleteFrom('search_events').where('search_term', '=', term).execute();
  });

  it('reports a failed write and keeps going', async () => {
    const term = `writer-${randomUUID()}`;
    const { writer, errors } = newWriter({ maxDelayMs: 60_000, maxBatch: 100 });
    // A total that is no integer: Postgres refuses the whole statement.
    writer.record({ searchTerm: term, filters: [], total: 0.5 });
    await writer.flush();
    expect(errors).toHaveLength(1);
    writer.record({ searchTerm: term, filters: [], total: 1 });
    await writer.flush();
    expect((await eventsOf(term).execute()).map((r) => r.total)).toEqual([1]);
    await db.deleteFrom('search_events').where('search_term', '=', term).execute();
  });
});
