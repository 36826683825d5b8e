import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { loadIndexerConfig } from '@mp/indexer/config';
import { ensureSearchIndex } from '@mp/indexer/search-index';
import { startIndexer, type RunningIndexer } from '@mp/indexer/worker';
import { migrateToLatest } from '@mp/migrations/migrator';
import { createScratchDatabase, type ScratchDatabase } from '@mp/migrations/scratch-database';
import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { cardProviderConfig, startTestCardSimulator, tokeniseCard } from '@mp/test-support/card-simulator';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { waitForMails } from '@mp/test-support/mail-sink';
import { buildProfileInput } from '@mp/test-support/profile-factory';
import { startCommerceWorker, type RunningCommerceWorker } from '../../jobs/worker';
import { ASSESSMENT_QUESTIONS } from './assessment-questions';
import { dropSearchIndices } from '@mp/test-support/search-index';

// The assessment end to end on real services: a card payment through the simulator, 36 answers through the
// API, the result job in the commerce worker (BullMQ), the profile service's outbox, the indexer and
// Elasticsearch, until a search by the new personality finds the consultant; the Basic package's mail arrives.

const alias = `it-assessment-${randomUUID().slice(0, 8)}`;
let scratch: ScratchDatabase;
let indexer: RunningIndexer;
let commerce: RunningCommerceWorker;
let simulator: CardSimulator;
let app: FastifyInstance;
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });

beforeAll(async () => {
  scratch = await createScratchDatabase('marketplace_assessment');
  await migrateToLatest(scratch.db);
  await ensureSearchIndex(es, alias);
  const queuePrefix = `it-${alias}`;
  indexer = await startIndexer(
    loadIndexerConfig({
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: scratch.url,
      SEARCH_INDEX_ALIAS: alias,
      QUEUE_PREFIX: queuePrefix,
      RELAY_INTERVAL_MS: '100',
    }),
  );
  simulator = await startTestCardSimulator();
  app = await buildTestApp({
    DATABASE_URL: scratch.url,
    SEARCH_INDEX_ALIAS: alias,
    QUEUE_PREFIX: queuePrefix,
    ...cardProviderConfig(simulator),
  });
  commerce = await startCommerceWorker(app.config);
});

afterAll(async () => {
  await commerce?.close();
  await app?.close();
  await indexer?.close();
  await simulator?.close();
  await dropSearchIndices(es, alias);
  await es.close();
  await scratch?.drop();
});

const word = () =>
  `quorbix${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

type Card = { userId: string; personality: string | null; personalitySource: string | null };
async function searchResponse(criteria: object) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/search/v3',
    payload: { availableAt: null, facets: true, pageSize: 50, ...criteria },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: Card[]; facets: Record<string, { value: string; count: number }[]> }>();
}
const searchCards = async (criteria: object) =>
  (await searchResponse(criteria)).results.map(({ userId, personality, personalitySource }) => ({
    userId,
    personality,
    personalitySource,
  }));
const searchFacets = async (criteria: object) => (await searchResponse(criteria)).facets;

describe('assessment purchase to a searchable result', () => {
  it('goes not purchased -> purchased -> taken -> a DISC type on the profile that search finds, and mails it', async () => {
    const user = await createUser(app.db, app.config, { locale: 'en', firstName: 'Alva' });
    const headers = { authorization: await createSessionToken(app, user.id), 'accept-language': 'en' };
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    // A self-assessed profile first: picked by hand as analyser.
    const unique = word();
    const {
      firstName: _f,
      lastName: _l,
      isSearchable: _s,
      ...input
    } = buildProfileInput({
      shortDescription: `Konsult inom ${unique}.`,
      discType: 'analyser',
    });
    expect((await call('PUT', '/api/profile', input)).statusCode).toBe(200);
    // Indexed as self-assessed: found by its type, shown with its source, left out by the assessed-only filter.
    await expect
      .poll(() => searchCards({ searchTerm: unique, personalities: ['analyser'] }), { timeout: 10_000 })
      .toEqual([{ userId: user.id, personality: 'analyser', personalitySource: 'self' }]);
    expect(await searchCards({ searchTerm: unique, assessedPersonality: true })).toEqual([]);
    expect((await searchFacets({ searchTerm: unique, assessedPersonality: true })).personalitySource).toEqual(
      [
        { value: 'self', count: 1 },
        { value: 'assessment', count: 0 },
      ],
    );
    expect((await call('GET', '/api/assessment')).json()).toMatchObject({
      status: 'not_purchased',
      total: 36,
    });
    expect((await call('PUT', '/api/assessment/answers/1', { value: 3 })).json().code).toBe(
      'ASSESSMENT_NOT_PURCHASED',
    );

    // Purchase with a card from the hosted form.
    const token = await tokeniseCard(simulator.url, '4242424242424242');
    expect((await call('POST', '/api/payment/cards', { token })).statusCode).toBe(200);
    const bought = await call('POST', '/api/assessment/purchase', { package: 'basic' });
    expect(bought.json()).toMatchObject({ status: 'succeeded' });
    expect((await call('GET', '/api/assessment')).json()).toMatchObject({
      status: 'purchased',
      package: 'basic',
    });
    const again = await call('POST', '/api/assessment/purchase', { package: 'full_coach' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe('You have already purchased the assessment');

    // 36 questions in the request's language.
    const en = (await call('GET', '/api/assessment/questions')).json().questions;
    const sv = (
      await app.inject({ url: '/api/assessment/questions', headers: { ...headers, 'accept-language': 'sv' } })
    ).json().questions;
    expect(en).toHaveLength(36);
    expect(sv[0].text).not.toBe(en[0].text);

    // Strong D and I, the rest low: a Persuader. The last answer is left for after a "reload".
    const valueOf = (n: number) => {
      const q = ASSESSMENT_QUESTIONS[n - 1]!;
      return q.kind === 'statement' ? (q.factor === 'D' || q.factor === 'I' ? 5 : 1) : 5;
    };
    for (let n = 1; n <= 35; n++) {
      expect((await call('PUT', `/api/assessment/answers/${n}`, { value: valueOf(n) })).statusCode).toBe(200);
    }
    const early = await call('POST', '/api/assessment/submit');
    expect(early.statusCode).toBe(400);
    expect(early.json().errorMessage).toBe('Answer all 36 questions before you submit');
    const resumed = (await call('GET', '/api/assessment')).json();
    expect(Object.keys(resumed.answers)).toHaveLength(35);
    expect((await call('PUT', '/api/assessment/answers/37', { value: 3 })).statusCode).toBe(400);
    await call('PUT', '/api/assessment/answers/36', { value: valueOf(36) });
    expect((await call('POST', '/api/assessment/submit')).json()).toEqual({ status: 'taken' });
    expect((await call('PUT', '/api/assessment/answers/1', { value: 1 })).json().code).toBe(
      'ASSESSMENT_ALREADY_TAKEN',
    );

    // The result job scores it and puts it on the profile; search by the personality finds the consultant.
    const started = performance.now();
    await expect
      .poll(async () => (await call('GET', '/api/assessment')).json().status, { timeout: 15_000 })
      .toBe('completed');
    const state = (await call('GET', '/api/assessment')).json();
    expect(state.result).toMatchObject({ discType: 'persuader', discTypeName: 'Persuader' });
    expect(state.result.drivingForces).toHaveLength(4);
    expect(state.result.strengths.length).toBeGreaterThan(0);
    const search = async (personalities: string[]) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/search/v3',
          payload: { searchTerm: unique, personalities, availableAt: null, facets: false, pageSize: 50 },
        })
      )
        .json<{ results: { userId: string }[] }>()
        .results.map((r) => r.userId);
    await expect.poll(() => search(['persuader']), { timeout: 10_000 }).toContain(user.id);
    expect(await search(['analyser'])).not.toContain(user.id);
    // The assessment's result replaced the self-picked type: now verified, and found by the assessed-only filter.
    expect(await searchCards({ searchTerm: unique, assessedPersonality: true })).toEqual([
      { userId: user.id, personality: 'persuader', personalitySource: 'assessment' },
    ]);
    const publicProfile = await app.inject({ url: `/api/profile/${user.id}`, headers });
    expect(publicProfile.json()).toMatchObject({ discType: 'persuader', discSource: 'assessment' });
    console.log(
      `assessment result searchable ${Math.round(performance.now() - started)} ms after submit (under load)`,
    );

    const profile = await app.db
      .selectFrom('profiles')
      .select(['disc_type', 'disc_source'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ disc_type: 'persuader', disc_source: 'assessment' });
    const mails = await waitForMails(user.email!, 2);
    expect(mails.map((m) => m.Subject)).toEqual(expect.arrayContaining(['Your result: Persuader']));
  });
});
