import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { buildProfileInput } from '@mp/test-support/profile-factory';
import type { OwnProfile, ViewedProfile } from '@mp/api-contract/profile-view.schema';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

/** A consultant with a session, a phone number and (by default) a complete saved profile. */
async function createConsultant(options: { locale?: 'sv' | 'en'; save?: boolean } = {}) {
  const user = await createUser(app.db, app.config, {
    firstName: 'Anna',
    lastName: 'Lindqvist',
    locale: options.locale,
  });
  await app.db.updateTable('users').set({ phone: '070-123 45 67' }).where('id', '=', user.id).execute();
  const token = await createSessionToken(app, user.id);
  const headers = { authorization: token, 'accept-language': 'en' };
  if (options.save !== false) {
    const { firstName: _f, lastName: _l, isSearchable: _s, ...input } = buildProfileInput();
    const saved = await app.inject({ method: 'PUT', url: '/api/profile', headers, payload: input });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { ...user, token, headers };
}

async function viewer(options: { isPremium?: boolean; isAdmin?: boolean; verified?: boolean } = {}) {
  const user = await createUser(app.db, app.config, options);
  return { authorization: await createSessionToken(app, user.id) };
}

const getOwn = async (headers: Record<string, string>) => {
  const response = await app.inject({ method: 'GET', url: '/api/profile', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OwnProfile;
};

describe('GET /api/profile (own)', () => {
  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(401);
  });

  it('returns an empty profile with the missing parts before the first save', async () => {
    const c = await createConsultant({ save: false });
    const own = await getOwn(c.headers);
    expect(own).toMatchObject({ userId: c.id, firstName: 'Anna', version: 0, completion: 15, skills: [] });
    expect(own.availability.kind).toBe('available_now');
    expect(own.missing).toEqual([
      'picture',
      'shortDescription',
      'jobTitles',
      'skills',
      'languages',
      'educations',
      'experiences',
      'locations',
      'personality',
    ]);
  });

  it('returns the complete profile with contact details, labels in the request language and completion', async () => {
    const c = await createConsultant();
    const own = await getOwn({ ...c.headers, 'accept-language': 'sv' });
    expect(own.email).toBe(c.email);
    expect(own.phone).toBe('070-123 45 67');
    expect(own.completion).toBe(90);
    expect(own.missing).toEqual(['picture']);
    expect(own.languages.map((l) => [l.code, l.name, l.level])).toEqual([
      ['sv', 'Svenska', 'native_or_bilingual'],
      ['en', 'Engelska', 'full_professional'],
    ]);
    expect(own.skills[0]).toMatchObject({ name: 'TypeScript', vocabularyId: 'typescript', starred: true });
    expect(own.experiences[0]).toMatchObject({ company: 'Volvo Cars', ongoing: true, references: [] });
    const row = await app.db
      .selectFrom('profiles')
      .select(['completion', 'version'])
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ completion: 90, version: own.version });
  });
});

describe('editing one part at a time', () => {
  it('replaces each part, bumps the version, records an outbox row and recomputes completion', async () => {
    const c = await createConsultant({ save: false });
    const put = async (url: string, payload: object) => {
      const response = await app.inject({ method: 'PUT', url, headers: c.headers, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json() as OwnProfile;
    };
    let p = await put('/api/profile/description', { shortDescription: '  Backend developer  ' });
    expect(p.shortDescription).toBe('Backend developer');
    expect(p.version).toBe(1);
    p = await put('/api/profile/job-titles', { jobTitles: ['Systemutvecklare', 'Architect'] });
    expect(p.jobTitles.map((t) => t.name)).toHaveLength(2);
    p = await put('/api/profile/skills', {
      skills: [
        { name: 'TypeScript', yearsOfExperience: 6, lastUsedYear: 2026, starred: true },
        { name: 'Go', yearsOfExperience: 1.5 },
        { name: 'Kubernetes' },
      ],
    });
    expect(p.skills.map((s) => s.name)).toEqual(['TypeScript', 'Go', 'Kubernetes']);
    expect(p.skills[1]!.yearsOfExperience).toBe(1.5);
    p = await put('/api/profile/languages', {
      languages: [
        { code: 'en', level: 'full_professional' },
        { code: 'Svenska', level: 'native_or_bilingual' },
      ],
    });
    expect(p.languages.map((l) => l.code)).toEqual(['en', 'sv']);
    p = await put('/api/profile/educations', {
      educations: [
        { level: 'masters', fieldOfStudy: 'Datavetenskap', school: 'KTH', startYear: 2010, endYear: 2015 },
      ],
    });
    expect(p.educations[0]).toMatchObject({ level: 'masters', school: 'KTH' });
    p = await put('/api/profile/locations', { locations: ['stockholm', 'distansarbete', 'stockholm'] });
    expect(p.locations).toEqual(['stockholm', 'distansarbete']);
    p = await put('/api/profile/availability', { kind: 'available_with_in', withinDays: 30 });
    expect(p.availability).toEqual({ kind: 'available_with_in', date: null, withinDays: 30 });
    // A day a year ahead: a date before today is refused.
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-15`;
    p = await put('/api/profile/availability', { kind: 'available_at', date: nextYear, withinDays: 5 });
    expect(p.availability).toEqual({ kind: 'available_at', date: nextYear, withinDays: null });
    p = await put('/api/profile/driving-licences', { drivingLicences: ['B', 'BE'] });
    expect(p.drivingLicences).toEqual(['B', 'BE']);
    p = await put('/api/profile/personality', {
      discType: 'relater',
      drivingForces: ['altruistic', 'structured'],
    });
    expect(p).toMatchObject({ discType: 'relater', drivingForces: ['altruistic', 'structured'] });
    p = await put('/api/profile/experiences', {
      experiences: [
        {
          company: 'Ericsson',
          jobTitle: 'Developer',
          startYear: 2015,
          endYear: 2019,
          employmentForm: 'employee',
        },
      ],
    });
    expect(p.experiences).toHaveLength(1);
    expect(p.completion).toBe(90);
    expect(p.missing).toEqual(['picture']);
    expect(p.version).toBe(11);

    const outbox = await app.db
      .selectFrom('outbox')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('aggregate_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(outbox.count)).toBe(11);
    const stored = await app.db
      .selectFrom('profiles')
      .select(['completion', 'version'])
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ completion: 90, version: 11 });
  });

  it('adds, edits, reorders and deletes experiences, keeping their references', async () => {
    const c = await createConsultant();
    const own = await getOwn(c.headers);
    const volvo = own.experiences[0]!;
    // A reference on the experience (the reference flow has its own tests).
    await app.db
      .insertInto('experience_references')
      .values({
        experience_id: volvo.id,
        first_name: 'Per',
        last_name: 'Ek',
        email: 'per@example.se',
        token_hash: `hash-${volvo.id}`,
        requested_at: new Date(),
      })
      .execute();
    const added = await app.inject({
      method: 'POST',
      url: '/api/profile/experiences',
      headers: c.headers,
      payload: {
        company: 'Spotify',
        jobTitle: 'Backend developer',
        startYear: 2014,
        endYear: 2018,
        employmentForm: 'employee',
        skills: ['Java'],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const spotify = (added.json() as OwnProfile).experiences[1]!;
    expect(spotify).toMatchObject({ company: 'Spotify', skills: [{ name: 'Java', vocabularyId: 'java' }] });

    const edited = await app.inject({
      method: 'PUT',
      url: `/api/profile/experiences/${volvo.id}`,
      headers: c.headers,
      payload: {
        company: 'Volvo Cars AB',
        jobTitle: 'Tech lead',
        startYear: 2019,
        ongoing: true,
        employmentForm: 'consultant',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as OwnProfile).experiences[0]).toMatchObject({
      company: 'Volvo Cars AB',
      references: [{ firstName: 'Per' }],
    });

    // The whole list in a new order: ids keep rows (and references), a new entry is added.
    const {
      id: _v,
      references: _r,
      approvedReferences: _a,
      refereeNotes: _n,
      skills: _s,
      ...volvoFields
    } = (edited.json() as OwnProfile).experiences[0]!;
    const reordered = await app.inject({
      method: 'PUT',
      url: '/api/profile/experiences',
      headers: c.headers,
      payload: {
        experiences: [
          {
            id: spotify.id,
            company: 'Spotify',
            jobTitle: 'Backend developer',
            startYear: 2014,
            endYear: 2018,
            employmentForm: 'employee',
          },
          { id: volvo.id, ...volvoFields },
          {
            company: 'IKEA',
            jobTitle: 'Consultant',
            startYear: 2012,
            endYear: 2013,
            employmentForm: 'consultant',
          },
        ],
      },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const list = (reordered.json() as OwnProfile).experiences;
    expect(list.map((x) => x.company)).toEqual(['Spotify', 'Volvo Cars AB', 'IKEA']);
    expect(list[1]!.references).toHaveLength(1);

    const unknown = await app.inject({
      method: 'PUT',
      url: `/api/profile/experiences/${c.id}`,
      headers: c.headers,
      payload: { company: 'X', jobTitle: 'Y', startYear: 2019, ongoing: true, employmentForm: 'consultant' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'EXPERIENCE_NOT_FOUND',
      errorMessage: 'The experience was not found',
    });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/profile/experiences/${volvo.id}`,
      headers: c.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as OwnProfile).experiences.map((x) => x.company)).toEqual(['Spotify', 'IKEA']);
    const references = await app.db
      .selectFrom('experience_references')
      .select('id')
      .where('experience_id', '=', volvo.id)
      .execute();
    expect(references).toEqual([]);
  });

  it('saves the whole profile without un-hiding it or dropping references of kept experiences', async () => {
    const c = await createConsultant();
    await app.inject({
      method: 'PUT',
      url: '/api/profile/searchable',
      headers: c.headers,
      payload: { isSearchable: false },
    });
    const own = await getOwn(c.headers);
    const { id, company, jobTitle, startYear, endYear, ongoing, employmentForm, description } =
      own.experiences[0]!;
    await app.db
      .insertInto('experience_references')
      .values({
        experience_id: id,
        first_name: 'Per',
        last_name: 'Ek',
        email: 'per@example.se',
        token_hash: `hash-w-${id}`,
        requested_at: new Date(),
      })
      .execute();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: c.headers,
      payload: {
        firstName: 'Annika',
        shortDescription: 'Updated',
        experiences: [{ id, company, jobTitle, startYear, endYear, ongoing, employmentForm, description }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as OwnProfile;
    expect(saved).toMatchObject({
      firstName: 'Annika',
      lastName: 'Lindqvist',
      isSearchable: false,
      shortDescription: 'Updated',
    });
    expect(saved.experiences[0]!.references).toHaveLength(1);
    // Parts left out of a whole-profile save are emptied, as the editor sends everything.
    expect(saved.skills).toEqual([]);
  });
});

describe('GET /api/profile/:id (public and full views)', () => {
  const identifying = (c: { email: string | null }) => ['Anna', 'Lindqvist', '070-123', 'pictures', c.email!];

  it('gives visitors the anonymous profile with nothing that identifies the person', async () => {
    const c = await createConsultant();
    await app.db
      .updateTable('users')
      .set({ picture_key: 'k.webp', picture_url: 'http://x/api/pictures/k.webp' })
      .where('id', '=', c.id)
      .execute();
    const response = await app.inject({ method: 'GET', url: `/api/profile/${c.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json() as ViewedProfile;
    expect(profile).toMatchObject({
      id: c.id,
      view: 'anonymous',
      firstName: null,
      lastName: null,
      picture: null,
      contact: null,
    });
    expect(profile.experiences[0]).toMatchObject({ company: 'Volvo Cars', jobTitle: 'Systemutvecklare' });
    expect(profile.skills.length).toBe(3);
    const text = JSON.stringify(profile);
    for (const value of identifying(c)) expect(text).not.toContain(value);
    expect(text).not.toMatch(/@/);
  });

  it('names the consultant to verified users without premium, as their search cards do, and gives premium users the full profile with contact details', async () => {
    const c = await createConsultant();
    await app.db
      .updateTable('users')
      .set({ picture_key: 'k.webp', picture_url: 'http://x/api/pictures/k.webp' })
      .where('id', '=', c.id)
      .execute();
    const plain = await app.inject({ method: 'GET', url: `/api/profile/${c.id}`, headers: await viewer() });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({
      view: 'named',
      firstName: 'Anna',
      lastName: 'Lindqvist',
      picture: { url: 'http://x/api/pictures/k.webp' },
      contact: null,
    });
    // The contact details are premium's.
    expect(plain.body).not.toContain('070-123');
    expect(plain.body).not.toContain(c.email!);

    const premium = await app.inject({
      method: 'GET',
      url: `/api/profile/${c.id}`,
      headers: await viewer({ isPremium: true }),
    });
    expect(premium.statusCode).toBe(200);
    expect(premium.json()).toMatchObject({
      view: 'full',
      firstName: 'Anna',
      lastName: 'Lindqvist',
      contact: { email: c.email, phone: '070-123 45 67' },
    });
  });

  it('gives an unverified session the anonymous profile, premium or not (issue 13 item 3)', async () => {
    const c = await createConsultant();
    const unverified = await app.inject({
      method: 'GET',
      url: `/api/profile/${c.id}`,
      headers: await viewer({ isPremium: true, verified: false }),
    });
    expect(unverified.statusCode).toBe(200);
    expect(unverified.json()).toMatchObject({ view: 'anonymous', contact: null, firstName: null });
  });

  it("answers 'Profile not available' for a hidden profile (except to its owner) and a missing one", async () => {
    const c = await createConsultant();
    const hide = await app.inject({
      method: 'PUT',
      url: '/api/profile/searchable',
      headers: c.headers,
      payload: { isSearchable: false },
    });
    expect(hide.json()).toMatchObject({ isSearchable: false });
    for (const headers of [{}, await viewer({ isPremium: true })]) {
      for (const lang of ['en', 'sv']) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/profile/${c.id}`,
          headers: { ...headers, 'accept-language': lang },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          code: 'PROFILE_NOT_AVAILABLE',
          errorMessage: lang === 'en' ? 'Profile not available' : 'Profilen är inte tillgänglig',
        });
      }
    }
    const own = await app.inject({ method: 'GET', url: `/api/profile/${c.id}`, headers: c.headers });
    expect(own.json()).toMatchObject({ view: 'full' });
    // However long: not cut off with a length error or the router's 404 (its parameter limit was 2048).
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      'x'.repeat(101),
      'x'.repeat(3000),
      'x'.repeat(12_000),
    ]) {
      const missing = await app.inject({ method: 'GET', url: `/api/profile/${id}` });
      expect(missing.statusCode, `${id.length} characters`).toBe(404);
      expect(missing.json().code).toBe('PROFILE_NOT_AVAILABLE');
    }
    await app.inject({
      method: 'PUT',
      url: '/api/profile/searchable',
      headers: c.headers,
      payload: { isSearchable: true },
    });
    expect((await app.inject({ method: 'GET', url: `/api/profile/${c.id}` })).statusCode).toBe(200);
  });

  it("answers 410 'Profile no longer exists' for a deleted account", async () => {
    const c = await createConsultant();
    await app.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', c.id).execute();
    for (const [lang, message] of [
      ['en', 'Profile no longer exists'],
      ['sv', 'Profilen finns inte längre'],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/profile/${c.id}`,
        headers: { 'accept-language': lang },
      });
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ code: 'PROFILE_NO_LONGER_EXISTS', errorMessage: message });
    }
  });
});
