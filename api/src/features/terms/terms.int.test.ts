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
      expect(accepted.json()).toEqual({ accepted: true, version });
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
});
