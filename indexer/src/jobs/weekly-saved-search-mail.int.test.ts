import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { changeProfile } from '@mp/api/features/profiles/profile.service';
import type { Locale } from '@mp/domain';
import { createDatabase } from '@mp/migrations/db';
import { criteriaSchema, type SearchCriteriaInput } from '@mp/search-schema';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { findMailHeaders, findMails, waitForMails, type SinkMessage } from '@mp/test-support/mail-sink';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import { loadIndexerConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { findProfileSources } from '../profile-source.repository';
import { QUEUES, WEEKLY_MAIL_JOB_OPTIONS, WEEKLY_SAVED_SEARCH_MAIL } from '../queues';
import { scheduleWeeklySavedSearchMail } from '../schedules';
import { ensureSearchIndex, writeProfiles } from '../search-index';
import { startIndexer } from '../worker';
import {
  handleWeeklySavedSearchMail,
  type WeeklySavedSearchMailDeps,
  type WeeklySavedSearchMailResult,
} from './weekly-saved-search-mail.job';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { dropSearchIndices } from '@mp/test-support/search-index';

const alias = `it-weekly-mail-${randomUUID().slice(0, 8)}`;
const PUBLIC_URL = 'https://konsultmarknaden.test';
const config = loadIndexerConfig({
  ...process.env,
  DATABASE_URL: TEST_DATABASE_URL,
  SEARCH_INDEX_ALIAS: alias,
  QUEUE_PREFIX: `it-${alias}`,
  PUBLIC_URL,
  WEEKLY_MAIL_PATTERN: '',
});
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 6 });
const es = new Client({ node: config.ELASTICSEARCH_URL });
const mailer = createMailer(config);
const deps: WeeklySavedSearchMailDeps = { db, search: es, alias, mailer, publicUrl: PUBLIC_URL };

// Mondays 07:00 in Stockholm of three weeks in a row (a future year, so no other data has mailed them).
const WEEK_1 = new Date('2031-03-03T06:00:00Z');
const WEEK_2 = new Date('2031-03-10T06:00:00Z');
const WEEK_3 = new Date('2031-03-17T06:00:00Z');
const WEEK_4 = new Date('2031-03-24T06:00:00Z');

async function index(userIds: string[]) {
  await writeProfiles(es, alias, await findProfileSources(db, userIds), { refresh: true });
}

async function createSubscriber(options: { premium: boolean; locale: Locale; firstName: string }) {
  const email = `subscriber-${randomUUID().slice(0, 12)}@example.se`;
  const row = await db
    .insertInto('users')
    .values({
      email,
      verified: true,
      is_premium: options.premium,
      locale: options.locale,
      first_name: options.firstName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

async function saveSearch(userId: string, name: string, criteria: SearchCriteriaInput, sendEmail: boolean) {
  const row = await db
    .insertInto('saved_searches')
    .values({
      user_id: userId,
      name,
      criteria: JSON.stringify(criteriaSchema.parse(criteria)),
      send_email: sendEmail,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const profileLinks = (mail: SinkMessage, locale: Locale) =>
  [...mail.Text.matchAll(new RegExp(`${PUBLIC_URL}/${locale}/profile/([0-9a-f-]{36})`, 'g'))]
    .map((m) => m[1]!)
    .sort();

async function mailingsOf(savedSearchId: string) {
  return db
    .selectFrom('saved_search_mailings')
    .select(['period', 'match_ids', 'sent_at'])
    .where('saved_search_id', '=', savedSearchId)
    .orderBy('period')
    .execute();
}

// Consultants: two TypeScript developers in Stockholm available now, a Java developer in Göteborg, and a
// TypeScript developer who is not available yet.
let ts1: string, ts2: string, java: string, later: string;
let swede: { id: string; email: string }, english: { id: string; email: string };
let basic: { id: string; email: string }, quiet: { id: string; email: string };
let swedeSearch: string, englishSearch: string, basicSearch: string, quietSearch: string;

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
  const consultants = await createConsultants(db, [
    buildProfileInput({ firstName: 'Tove', lastName: 'Ek' }),
    buildProfileInput({ firstName: 'Ture', lastName: 'Alm' }),
    buildProfileInput({
      firstName: 'Jens',
      locations: ['goteborg'],
      jobTitles: ['Javautvecklare'],
      skills: [{ name: 'Java', yearsOfExperience: 8, lastUsedYear: 2026, starred: true }],
      experiences: [],
    }),
    buildProfileInput({
      firstName: 'Lova',
      availability: { kind: 'not_available', date: null, withinDays: null },
    }),
  ]);
  [ts1, ts2, java, later] = consultants.map((c) => c.userId) as [string, string, string, string];
  await index(consultants.map((c) => c.userId));

  swede = await createSubscriber({ premium: true, locale: 'sv', firstName: 'Stina' });
  english = await createSubscriber({ premium: true, locale: 'en', firstName: 'Emily' });
  basic = await createSubscriber({ premium: false, locale: 'sv', firstName: 'Bo' });
  quiet = await createSubscriber({ premium: true, locale: 'sv', firstName: 'Tyra' });
  swedeSearch = await saveSearch(
    swede.id,
    'TypeScript i Stockholm',
    { skills: ['TypeScript'], locations: ['stockholm'] },
    true,
  );
  // Skill requirements and nice-to-haves are kept with the search and applied to the mail's matches (the
  // weeks are in 2031: Jens last used Java in 2026, five years before).
  englishSearch = await saveSearch(
    english.id,
    'Gothenburg',
    {
      locations: ['goteborg'],
      skillRequirements: [{ skill: 'Java', minYears: 5, usedWithinYears: 5 }],
      niceToHave: { languages: ['en'] },
    },
    true,
  );
  basicSearch = await saveSearch(basic.id, 'Utan premium', { skills: ['TypeScript'] }, true);
  quietSearch = await saveSearch(quiet.id, 'Utan mejl', { skills: ['TypeScript'] }, false);
});

afterAll(async () => {
  mailer.close();
  await dropSearchIndices(es, alias);
  await es.close();
  await db.destroy();
});

describe('the weekly saved-search e-mail', () => {
  it('mails each subscribed search exactly once a week, even when the job runs twice or races itself', async () => {
    const runs: WeeklySavedSearchMailResult[] = await Promise.all([
      handleWeeklySavedSearchMail(deps, {}, WEEK_1),
      handleWeeklySavedSearchMail(deps, {}, WEEK_1),
    ]);
    runs.push(await handleWeeklySavedSearchMail(deps, {}, WEEK_1));
    expect(runs.map((r) => r.period)).toEqual(['2031-W10', '2031-W10', '2031-W10']);
    expect(runs[2]!.sent).toBe(0);

    // Every run returned after its mails were sent, and the sink stores a mail before it acknowledges it: a
    // duplicate, if there were one, would be in the sink now.
    const [toSwede] = await waitForMails(swede.email, 1);
    expect(await findMails(swede.email)).toHaveLength(1);
    // The first mail of a search lists what matches now: nothing is "new since last week" yet.
    expect(toSwede!.Subject).toBe('2 konsulter matchar "TypeScript i Stockholm"');
    expect(toSwede!.Text).toContain('Hej Stina!');
    expect(toSwede!.Text).toContain(
      'Just nu matchar 2 konsulter din sparade sökning "TypeScript i Stockholm".',
    );
    expect(profileLinks(toSwede!, 'sv')).toEqual([ts1, ts2].sort());
    expect(toSwede!.Text).toContain('Tove Ek – Systemutvecklare');
    expect(toSwede!.Text).toContain(`${PUBLIC_URL}/sv/app/search?savedSearch=${swedeSearch}`);
    expect(toSwede!.HTML).toContain(`href="${PUBLIC_URL}/sv/profile/${ts1}"`);

    const englishMails = await waitForMails(english.email, 1);
    expect(englishMails).toHaveLength(1);
    expect(englishMails[0]!.Subject).toBe('1 consultant matches "Gothenburg"');
    expect(englishMails[0]!.Text).toContain('Jens Lindqvist – Java developer');
    expect(profileLinks(englishMails[0]!, 'en')).toEqual([java]);
    expect(englishMails[0]!.Text).toContain(`${PUBLIC_URL}/en/app/search?savedSearch=${englishSearch}`);

    // Not premium, or e-mail off: nothing, and no week claimed.
    expect(await findMails(basic.email)).toEqual([]);
    expect(await findMails(quiet.email)).toEqual([]);
    expect(await mailingsOf(basicSearch)).toEqual([]);
    expect(await mailingsOf(quietSearch)).toEqual([]);

    const [mailing] = await mailingsOf(swedeSearch);
    expect(mailing!.period).toBe('2031-W10');
    expect([...mailing!.match_ids].sort()).toEqual([ts1, ts2].sort());
    expect(mailing!.sent_at).toEqual(WEEK_1);
    const search = await db
      .selectFrom('saved_searches')
      .select('last_emailed_at')
      .where('id', '=', swedeSearch)
      .executeTakeFirstOrThrow();
    expect(search.last_emailed_at).toEqual(WEEK_1);
  });

  it('sends nothing the next week when nothing is new', async () => {
    const result = await handleWeeklySavedSearchMail(deps, {}, WEEK_2);
    expect(result.period).toBe('2031-W11');
    // The run returned after sending whatever it sent (see above).
    expect(await findMails(swede.email)).toHaveLength(1);
    expect(await findMails(english.email)).toHaveLength(1);
    expect(await mailingsOf(swedeSearch)).toEqual([
      expect.objectContaining({ period: '2031-W10' }),
      { period: '2031-W11', match_ids: [], sent_at: null },
    ]);
  });

  it('lists only consultants who are new or newly available since the last mail', async () => {
    // Lova becomes available, a new TypeScript developer signs up, and Tove edits her (already mailed) profile.
    await changeProfile(db, later, async (trx, profileId) => {
      await trx
        .updateTable('profiles')
        .set({ availability_kind: 'available_now' })
        .where('id', '=', profileId)
        .execute();
    });
    await changeProfile(db, ts1, async (trx, profileId) => {
      await trx
        .updateTable('profiles')
        .set({ short_description: 'Nu även Rust' })
        .where('id', '=', profileId)
        .execute();
    });
    const [newcomer] = await createConsultants(db, [buildProfileInput({ firstName: 'Nora' })]);
    await index([later, ts1, newcomer!.userId]);

    await handleWeeklySavedSearchMail(deps, {}, WEEK_3);
    await handleWeeklySavedSearchMail(deps, {}, WEEK_3);
    const mails = await waitForMails(swede.email, 2);
    expect(mails).toHaveLength(2);
    const latest = mails.find((m) => m.Text.includes(newcomer!.userId))!;
    expect(latest.Subject).toBe('2 nya konsulter matchar "TypeScript i Stockholm"');
    expect(profileLinks(latest, 'sv')).toEqual([later, newcomer!.userId].sort());
    expect(await findMails(english.email)).toHaveLength(1);
    const mailings = await mailingsOf(swedeSearch);
    expect([...mailings[2]!.match_ids].sort()).toEqual([ts1, ts2, later, newcomer!.userId].sort());
  });

  it('runs through BullMQ: the worker picks up the job and mails a new subscription', async () => {
    const skill = `Kvantkryptografi ${randomUUID().slice(0, 6)}`;
    const [specialist] = await createConsultants(db, [
      buildProfileInput({
        firstName: 'Quinn',
        skills: [{ name: skill, yearsOfExperience: 3, lastUsedYear: 2026, starred: true }],
      }),
    ]);
    await index([specialist!.userId]);
    const subscriber = await createSubscriber({ premium: true, locale: 'en', firstName: 'Quentin' });
    await saveSearch(subscriber.id, 'Quantum', { skills: [skill] }, true);

    const indexer = await startIndexer(config);
    const connection = { url: config.REDIS_URL, maxRetriesPerRequest: null };
    const queue = new Queue(QUEUES.savedSearchMail, { connection, prefix: config.QUEUE_PREFIX });
    const events = new QueueEvents(QUEUES.savedSearchMail, { connection, prefix: config.QUEUE_PREFIX });
    try {
      await events.waitUntilReady();
      const job = await queue.add(
        WEEKLY_SAVED_SEARCH_MAIL,
        { now: WEEK_4.toISOString() },
        WEEKLY_MAIL_JOB_OPTIONS,
      );
      const result = (await job.waitUntilFinished(events, 20_000)) as { period: string; sent: number };
      expect(result.period).toBe('2031-W13');
      const mails = await waitForMails(subscriber.email, 1);
      expect(mails).toHaveLength(1);
      expect(profileLinks(mails[0]!, 'en')).toEqual([specialist!.userId]);
    } finally {
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await indexer.close();
    }
  });
});

describe('a search with more matches than it tracks', () => {
  // A week of its own, after the ones above.
  const WEEK = new Date('2033-03-07T06:00:00Z');

  it('states how many match in all, not the tracking cap, in both languages', async () => {
    const skill = `Radarteknik ${randomUUID().slice(0, 6)}`;
    const consultants = await createConsultants(
      db,
      ['Ada', 'Bea', 'Cai', 'Dag'].map((firstName) =>
        buildProfileInput({
          firstName,
          skills: [{ name: skill, yearsOfExperience: 4, lastUsedYear: 2026, starred: true }],
        }),
      ),
    );
    await index(consultants.map((c) => c.userId));
    // The Swedish subscriber is one of the four: their own profile is neither listed nor counted.
    const own = consultants[3]!;
    await db
      .updateTable('users')
      .set({ is_premium: true, locale: 'sv', first_name: 'Dag' })
      .where('id', '=', own.userId)
      .execute();
    const english = await createSubscriber({ premium: true, locale: 'en', firstName: 'Rita' });
    const swedishSearch = await saveSearch(own.userId, 'Radar', { skills: [skill] }, true);
    await saveSearch(english.id, 'Radar', { skills: [skill] }, true);

    // The cap lowered to 2 stands for the 1000 of production.
    await handleWeeklySavedSearchMail({ ...deps, maxTrackedMatches: 2 }, {}, WEEK);
    const [toSwede] = await waitForMails(own.email, 1);
    expect(toSwede!.Subject).toBe('3 konsulter matchar "Radar"');
    expect(toSwede!.Text).toContain('Just nu matchar 3 konsulter din sparade sökning "Radar".');
    expect(toSwede!.Text).toContain('Här visas 2 av 3. Se alla i sökningen.');
    expect(profileLinks(toSwede!, 'sv')).toHaveLength(2);
    expect(profileLinks(toSwede!, 'sv')).not.toContain(own.userId);
    const [mailing] = await mailingsOf(swedishSearch);
    expect(mailing!.match_ids).toHaveLength(2);

    const [toEnglish] = await waitForMails(english.email, 1);
    expect(toEnglish!.Subject).toBe('4 consultants match "Radar"');
    expect(toEnglish!.Text).toContain('4 consultants match your saved search "Radar" right now.');
    expect(toEnglish!.Text).toContain('Showing 2 of 4. See them all in the search.');
  });
});

describe('turning the weekly mail off', () => {
  // Weeks of their own, after the ones above.
  const WEEK_A = new Date('2032-03-01T06:00:00Z');
  const WEEK_B = new Date('2032-03-08T06:00:00Z');
  const WEEK_C = new Date('2032-03-15T06:00:00Z');

  /** A consultant only the given subscriber's search finds, so every week has something new for it. */
  async function newSpecialist(skill: string) {
    const [consultant] = await createConsultants(db, [
      buildProfileInput({
        firstName: 'Sigrid',
        skills: [{ name: skill, yearsOfExperience: 4, lastUsedYear: 2026, starred: true }],
      }),
    ]);
    await index([consultant!.userId]);
  }

  it("unsubscribes with one click from the mail's header or its link, without a login", async () => {
    const skill = `Fotonik ${randomUUID().slice(0, 6)}`;
    await newSpecialist(skill);
    const subscriber = await createSubscriber({ premium: true, locale: 'sv', firstName: 'Ulla' });
    const savedSearch = await saveSearch(subscriber.id, 'Fotonik', { skills: [skill] }, true);
    const other = await saveSearch(subscriber.id, 'Fotonik igen', { skills: [skill] }, true);

    await handleWeeklySavedSearchMail(deps, {}, WEEK_A);
    const mails = await waitForMails(subscriber.email, 2);
    const mail = mails.find((m) => m.Subject.endsWith('"Fotonik"'))!;
    const headers = await findMailHeaders(mail);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(headers.get('list-unsubscribe') ?? '')![1]!);
    expect(`${oneClick.origin}${oneClick.pathname}`).toBe(`${PUBLIC_URL}/api/search/save/unsubscribe`);
    const link = new URL(/Avsluta veckomejlet för den här sökningen: (\S+)/.exec(mail.Text)![1]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/sv/unsubscribe`);
    expect(mail.HTML).toContain(`href="${link.toString().replaceAll('&', '&amp;')}"`);
    // The link and the header carry the same token; only its hash is stored.
    const token = link.searchParams.get('token')!;
    expect(oneClick.searchParams.get('token')).toBe(token);
    const stored = await db
      .selectFrom('saved_search_mailings')
      .select('unsubscribe_token_hash')
      .where('saved_search_id', '=', savedSearch)
      .executeTakeFirstOrThrow();
    expect(stored.unsubscribe_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.unsubscribe_token_hash).not.toContain(token);

    const app = await buildTestApp();
    try {
      // What a mail client does for RFC 8058: a form post of `List-Unsubscribe=One-Click` to the header's URL.
      const posted = await app.inject({
        method: 'POST',
        url: `${oneClick.pathname}${oneClick.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(posted.statusCode, posted.body).toBe(200);
      expect(posted.json()).toEqual({ name: 'Fotonik', sendEmail: false });
      // The page the link opens posts the same token (again: nothing changes, the answer is the same).
      const again = await app.inject({
        method: 'POST',
        url: `/api/search/save/unsubscribe?token=${encodeURIComponent(token)}`,
        payload: {},
      });
      expect(again.json()).toEqual({ name: 'Fotonik', sendEmail: false });
    } finally {
      await app.close();
    }

    // The next week has something new, but only the search still subscribed is mailed.
    await newSpecialist(skill);
    await handleWeeklySavedSearchMail(deps, {}, WEEK_B);
    const after = await waitForMails(subscriber.email, 3);
    expect(after).toHaveLength(3);
    expect(after.filter((m) => m.Subject.endsWith('"Fotonik"'))).toHaveLength(1);
    expect(await mailingsOf(savedSearch)).toHaveLength(1);
    expect(await mailingsOf(other)).toHaveLength(2);
  });

  it('sends nothing to a user who turned saved-search mails off in their settings', async () => {
    const skill = `Akustik ${randomUUID().slice(0, 6)}`;
    await newSpecialist(skill);
    const subscriber = await createSubscriber({ premium: true, locale: 'en', firstName: 'Otto' });
    const savedSearch = await saveSearch(subscriber.id, 'Acoustics', { skills: [skill] }, true);
    await db
      .updateTable('users')
      .set({ settings: JSON.stringify({ notifications: { marketing: false, savedSearches: false } }) })
      .where('id', '=', subscriber.id)
      .execute();

    await handleWeeklySavedSearchMail(deps, {}, WEEK_C);
    // The run returned after sending whatever it sent.
    expect(await findMails(subscriber.email)).toEqual([]);
    expect(await mailingsOf(savedSearch)).toEqual([]);
  });
});

describe('the weekly schedule', () => {
  it('is one BullMQ job scheduler however many workers register it', async () => {
    const connection = { url: config.REDIS_URL, maxRetriesPerRequest: null };
    const prefix = `it-schedule-${randomUUID().slice(0, 8)}`;
    const queues = [1, 2].map(() => new Queue(QUEUES.savedSearchMail, { connection, prefix }));
    const schedule = { WEEKLY_MAIL_PATTERN: '0 7 * * 1', WEEKLY_MAIL_TZ: 'Europe/Stockholm' };
    try {
      await Promise.all(queues.map((q) => scheduleWeeklySavedSearchMail(q, schedule)));
      await scheduleWeeklySavedSearchMail(queues[0]!, schedule);
      const schedulers = await queues[0]!.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({
        key: WEEKLY_SAVED_SEARCH_MAIL,
        name: WEEKLY_SAVED_SEARCH_MAIL,
        pattern: '0 7 * * 1',
        tz: 'Europe/Stockholm',
      });
      // The next run is a Monday 07:00 in Stockholm.
      const next = new Date(schedulers[0]!.next!);
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Stockholm',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next);
      expect(local).toBe('Monday 07:00');
      expect(await queues[0]!.getDelayedCount()).toBe(1);

      await scheduleWeeklySavedSearchMail(queues[1]!, { ...schedule, WEEKLY_MAIL_PATTERN: '' });
      expect(await queues[0]!.getJobSchedulersCount()).toBe(0);
    } finally {
      await queues[0]!.obliterate({ force: true });
      await Promise.all(queues.map((q) => q.close()));
    }
  });
});
