import { describe, expect, it } from 'vitest';
import { useTestApp } from '@mp/test-support/test-app';

const api = useTestApp();
const { call, createLoggedInUser } = api;

describe('terms', () => {
  it('reports updated terms in GET user and accepts them once', async () => {
    const user = await createLoggedInUser();
    const latest = await api.app.db
      .selectFrom('terms_versions')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('kind', '=', 'users')
      .executeTakeFirst();
    const version = Number(latest?.v ?? 0) + 1;
    const published = new Date(Date.now() - 60_000);
    const terms = await api.app.db
      .insertInto('terms_versions')
      .values({
        kind: 'users',
        version,
        published_at: published,
        effective_at: new Date(published.getTime() + 30 * 86_400_000),
        body_sv: 'Villkor',
        body_en: 'Terms',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await call('GET', '/api/user', user.token)).json().terms).toMatchObject({
        accepted: false,
        version,
      });
      const accepted = await call('GET', '/api/terms/application/accept', user.token);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ accepted: true, version, kinds: ['users'] });
      expect((await call('GET', '/api/user', user.token)).json().terms).toMatchObject({
        accepted: true,
        version,
      });
      const again = await call('GET', '/api/terms/application/accept', user.token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        code: 'TERMS_ALREADY_ACCEPTED',
        errorMessage: 'Terms already accepted',
      });
      expect(
        (await call('GET', '/api/terms/application/accept', user.token, undefined, 'sv')).json().errorMessage,
      ).toBe('Villkoren är redan godkända');
    } finally {
      await api.app.db.deleteFrom('terms_acceptances').where('terms_version_id', '=', terms.id).execute();
      await api.app.db.deleteFrom('terms_versions').where('id', '=', terms.id).execute();
    }
  });

  it('serves the newest published text of a kind publicly, per language, and 404s when none is published', async () => {
    const notPublished = await call('GET', '/api/terms/cookies/current', null, undefined, 'sv');
    expect(notPublished.statusCode).toBe(404);
    expect(notPublished.json()).toEqual({
      code: 'TERMS_NOT_PUBLISHED',
      errorMessage: 'Ingen version av dokumentet har publicerats',
    });
    expect((await call('GET', '/api/terms/unknown/current', null)).statusCode).toBe(400);

    const { id, version, published, effective } = await publishVersion(
      'privacy',
      'Integritet v2',
      'Privacy v2',
    );
    try {
      const english = await call('GET', '/api/terms/privacy/current', null, undefined, 'en');
      expect(english.statusCode).toBe(200);
      expect(english.headers['cache-control']).toBe('public, max-age=300');
      expect(english.headers.vary).toContain('Accept-Language');
      expect(english.json()).toEqual({
        kind: 'privacy',
        version,
        language: 'en',
        body: 'Privacy v2',
        publishedAt: published.toISOString(),
        effectiveAt: effective.toISOString(),
        // Nothing was published before it: the built-in text applies until it takes effect.
        previous: null,
      });
      const swedish = await call('GET', '/api/terms/privacy/current', null, undefined, 'sv');
      expect(swedish.json()).toMatchObject({ language: 'sv', body: 'Integritet v2', version });
    } finally {
      await removeVersion(id);
    }
  });

  it('serves the version in force beside a newer one posted to take effect later', async () => {
    const first = await publishVersion('cookies', 'Kakor v1', 'Cookies v1');
    const inForceSince = new Date(Date.now() - 86_400_000);
    await api.app.db
      .updateTable('terms_versions')
      .set({ published_at: new Date(inForceSince.getTime() - 30 * 86_400_000), effective_at: inForceSince })
      .where('id', '=', first.id)
      .execute();
    const second = await publishVersion('cookies', 'Kakor v2', 'Cookies v2');
    try {
      const swedish = (await call('GET', '/api/terms/cookies/current', null, undefined, 'sv')).json();
      expect(swedish).toMatchObject({ version: second.version, body: 'Kakor v2' });
      expect(swedish.previous).toEqual({
        version: first.version,
        body: 'Kakor v1',
        publishedAt: new Date(inForceSince.getTime() - 30 * 86_400_000).toISOString(),
        effectiveAt: inForceSince.toISOString(),
      });
      // Once the new version is in force, nothing else is served.
      await api.app.db
        .updateTable('terms_versions')
        .set({ effective_at: new Date(Date.now() - 1000) })
        .where('id', '=', second.id)
        .execute();
      const later = (await call('GET', '/api/terms/cookies/current', null, undefined, 'en')).json();
      expect(later).toMatchObject({ version: second.version, body: 'Cookies v2', previous: null });
    } finally {
      await removeVersion(second.id);
      await removeVersion(first.id);
    }
  });

  it('names only the kinds that changed for the user, and accepting takes exactly those', async () => {
    const user = await createLoggedInUser();
    // Whatever other tests left published is accepted first: only this test's version is new.
    const before = (await call('GET', '/api/user', user.token)).json().terms;
    if (!before.accepted) await call('GET', '/api/terms/application/accept', user.token);
    const { id, version, effective } = await publishVersion('privacy', 'Integritet', 'Privacy');
    try {
      const terms = (await call('GET', '/api/user', user.token)).json().terms;
      expect(terms.accepted).toBe(false);
      expect(terms.pending).toEqual([
        expect.objectContaining({ kind: 'privacy', version, effectiveAt: effective.toISOString() }),
      ]);
      const accepted = await call('GET', '/api/terms/application/accept', user.token);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().kinds).toEqual(['privacy']);
      expect((await call('GET', '/api/user', user.token)).json().terms).toMatchObject({
        accepted: true,
        pending: [],
      });
    } finally {
      await removeVersion(id);
    }
  });
});

/** A published version of a kind, numbered after the others; other files share the database, so remove it. */
async function publishVersion(kind: 'users' | 'privacy' | 'cookies', bodySv: string, bodyEn: string) {
  const latest = await api.app.db
    .selectFrom('terms_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('kind', '=', kind)
    .executeTakeFirst();
  const version = Number(latest?.v ?? 0) + 1;
  const published = new Date(Date.now() - 60_000);
  const effective = new Date(published.getTime() + 30 * 86_400_000);
  const row = await api.app.db
    .insertInto('terms_versions')
    .values({
      kind,
      version,
      published_at: published,
      effective_at: effective,
      body_sv: bodySv,
      body_en: bodyEn,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, version, published, effective };
}

async function removeVersion(id: string) {
  await api.app.db.deleteFrom('terms_acceptances').where('terms_version_id', '=', id).execute();
  await api.app.db.deleteFrom('terms_versions').where('id', '=', id).execute();
}
