import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { buildProfileInput } from '@mp/test-support/profile-factory';
import type { OwnProfile } from '@mp/api-contract/profile-view.schema';

// The whole-profile save (PUT /api/profile) from a page that is not the latest: experiences it leaves out
// stay with their references, and a save made from an older version is refused without changing anything.

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

const CHANGED = {
  en:
    'Your profile was changed in another tab or on another device. Reload the page to see the latest ' +
    'version; what you typed here is kept until then.',
  sv:
    'Din profil har ändrats i en annan flik eller på en annan enhet. Ladda om sidan för att se den senaste ' +
    'versionen. Det du har skrivit här finns kvar tills dess.',
};

/** A consultant with a session and a saved profile (one experience, Volvo Cars), as the editor loads it. */
async function createConsultant() {
  const user = await createUser(app.db, app.config, { firstName: 'Tove', lastName: 'Berg' });
  const headers = { authorization: await createSessionToken(app, user.id), 'accept-language': 'en' };
  const { firstName: _f, lastName: _l, isSearchable: _s, ...input } = buildProfileInput();
  const saved = await app.inject({ method: 'PUT', url: '/api/profile', headers, payload: input });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...user, headers, input };
}

async function call(
  headers: Record<string, string>,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers, payload });
}

async function getOwn(headers: Record<string, string>): Promise<OwnProfile> {
  const response = await call(headers, 'GET', '/api/profile');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OwnProfile;
}

/** What the editor's form sends: every part it holds, and no experiences. */
function formBody(profile: OwnProfile, changes: Record<string, unknown> = {}) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    shortDescription: profile.shortDescription,
    jobTitles: profile.jobTitles.map((title) => title.name),
    skills: profile.skills.map(({ name, yearsOfExperience, lastUsedYear, starred }) => ({
      name,
      yearsOfExperience,
      lastUsedYear,
      starred,
    })),
    languages: profile.languages.map(({ code, level }) => ({ code, level })),
    educations: profile.educations.map(({ level, fieldOfStudy, degree, school, startYear, endYear }) => ({
      level,
      fieldOfStudy,
      degree,
      school,
      startYear,
      endYear,
    })),
    locations: profile.locations,
    drivingLicences: profile.drivingLicences,
    availability: profile.availability,
    discType: profile.discType,
    drivingForces: profile.drivingForces,
    ...changes,
  };
}

async function addExperience(headers: Record<string, string>, company: string) {
  const added = await call(headers, 'POST', '/api/profile/experiences', {
    company,
    jobTitle: 'Backend developer',
    startYear: 2014,
    endYear: 2018,
    employmentForm: 'employee',
  });
  expect(added.statusCode, added.body).toBe(200);
  return (added.json() as OwnProfile).experiences.find((x) => x.company === company)!;
}

async function outboxRows(userId: string): Promise<number> {
  const { count } = await app.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('aggregate_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function addApprovedReference(experienceId: string) {
  await app.db
    .insertInto('experience_references')
    .values({
      experience_id: experienceId,
      first_name: 'Per',
      last_name: 'Ek',
      email: 'per@example.se',
      token_hash: `hash-approved-${experienceId}`,
      status: 'approved',
      rating: 5,
      review: 'Mycket bra',
      requested_at: new Date(),
      responded_at: new Date(),
    })
    .execute();
}

describe('PUT /api/profile without experiences', () => {
  it('leaves the experiences and their approved references as they are, also ones added since the page loaded', async () => {
    const c = await createConsultant();
    const stale = await getOwn(c.headers);
    // Another tab adds an experience and its referee approves.
    const spotify = await addExperience(c.headers, 'Spotify');
    await addApprovedReference(spotify.id);

    const saved = await call(
      c.headers,
      'PUT',
      '/api/profile',
      formBody(stale, { shortDescription: 'New text' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = saved.json() as OwnProfile;
    expect(profile.shortDescription).toBe('New text');
    expect(profile.experiences.map((x) => x.company)).toEqual(['Volvo Cars', 'Spotify']);
    expect(profile.experiences[1]!.id).toBe(spotify.id);
    expect(profile.experiences[1]!.approvedReferences.approvedCount).toBe(1);
    expect(profile.references.approvedCount).toBe(1);

    // A list, when one is given, is still what the experiences become.
    const cleared = await call(c.headers, 'PUT', '/api/profile', { ...c.input, experiences: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((cleared.json() as OwnProfile).experiences).toEqual([]);
  });

  it('saves after an experience the page still shows was deleted elsewhere, keeping the others', async () => {
    const c = await createConsultant();
    const spotify = await addExperience(c.headers, 'Spotify');
    const stale = await getOwn(c.headers);
    const volvo = stale.experiences.find((x) => x.company === 'Volvo Cars')!;
    const removed = await call(c.headers, 'DELETE', `/api/profile/experiences/${volvo.id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    const saved = await call(
      c.headers,
      'PUT',
      '/api/profile',
      formBody(stale, { shortDescription: 'Again' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as OwnProfile).experiences.map((x) => x.id)).toEqual([spotify.id]);
  });
});

describe('PUT /api/profile with expectedVersion', () => {
  it('refuses a save made from an older version in English and Swedish, changing nothing; the current version saves', async () => {
    const c = await createConsultant();
    const stale = await getOwn(c.headers);
    // Another tab adds a skill.
    const other = await call(c.headers, 'PUT', '/api/profile/skills', {
      skills: [...formBody(stale).skills, { name: 'Rust' }],
    });
    expect(other.statusCode, other.body).toBe(200);
    const latest = other.json() as OwnProfile;
    expect(latest.version).toBe(stale.version + 1);
    const outboxBefore = await outboxRows(c.id);

    for (const language of ['en', 'sv'] as const) {
      const refused = await call(
        { ...c.headers, 'accept-language': language },
        'PUT',
        '/api/profile',
        formBody(stale, { shortDescription: 'From the old tab', expectedVersion: stale.version }),
      );
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ code: 'PROFILE_CHANGED', errorMessage: CHANGED[language] });
    }
    expect(await getOwn(c.headers)).toEqual(latest);
    expect(await outboxRows(c.id)).toBe(outboxBefore);

    // From the latest version it saves, and the answer's version is the one the next save sends.
    const first = await call(
      c.headers,
      'PUT',
      '/api/profile',
      formBody(latest, { shortDescription: 'First', expectedVersion: latest.version }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const once = first.json() as OwnProfile;
    expect(once).toMatchObject({ shortDescription: 'First', version: latest.version + 1 });
    expect(once.skills.map((skill) => skill.name)).toContain('Rust');
    const second = await call(
      c.headers,
      'PUT',
      '/api/profile',
      formBody(once, { shortDescription: 'Second', expectedVersion: once.version }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ shortDescription: 'Second', version: latest.version + 2 });
  });

  it('checks the first save of a profile never saved against version 0', async () => {
    const user = await createUser(app.db, app.config, { firstName: 'Nils', lastName: 'Nyman' });
    const headers = { authorization: await createSessionToken(app, user.id) };
    const empty = await getOwn(headers);
    expect(empty.version).toBe(0);
    const saved = await call(headers, 'PUT', '/api/profile', { shortDescription: 'Hej', expectedVersion: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ shortDescription: 'Hej', version: 1 });
    const again = await call(headers, 'PUT', '/api/profile', { shortDescription: 'Då', expectedVersion: 0 });
    expect(again.statusCode, again.body).toBe(409);
    expect((await getOwn(headers)).shortDescription).toBe('Hej');
  });

  it('lets only one of two saves from the same version through', async () => {
    const c = await createConsultant();
    const loaded = await getOwn(c.headers);
    const answers = await Promise.all(
      ['Tab A', 'Tab B'].map((text) =>
        call(
          c.headers,
          'PUT',
          '/api/profile',
          formBody(loaded, { shortDescription: text, expectedVersion: loaded.version }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json() as OwnProfile;
    expect(await getOwn(c.headers)).toMatchObject({
      shortDescription: winner.shortDescription,
      version: loaded.version + 1,
    });
  });
});
