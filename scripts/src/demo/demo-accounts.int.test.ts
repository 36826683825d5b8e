import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import {
  assertDemoEnvironment,
  createDemoAccounts,
  DEMO_ACCOUNTS,
  DEMO_COACH_SLOTS,
  DEMO_COMPANY,
} from './demo-accounts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const demo = () =>
  createDemoAccounts({
    db: app.db,
    pictures: { API_BASE_URL: 'http://127.0.0.1:3000/api' },
    log: app.log,
  });

async function countsOf(ids: Awaited<ReturnType<typeof demo>>) {
  const count = async (table: 'saved_searches' | 'favorite_groups', userId: string) =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const projects = await app.db
    .selectFrom('projects')
    .innerJoin('companies', 'companies.id', 'projects.company_id')
    .innerJoin('company_memberships', 'company_memberships.company_id', 'companies.id')
    .select('projects.name')
    .where('companies.organisation_number', '=', DEMO_COMPANY.organisationNumber)
    .where('companies.business_name', '=', DEMO_COMPANY.businessName)
    .where('company_memberships.user_id', '=', ids.companyAdmin)
    .execute();
  const coachSlots = await app.db
    .selectFrom('coach_session_slots')
    .select('id')
    .where('created_by_user_id', '=', ids.admin)
    .where('starts_at', '>', new Date())
    .execute();
  return {
    coachSlots: coachSlots.length,
    savedSearches: await count('saved_searches', ids.premiumBuyer),
    lists: await count('favorite_groups', ids.premiumBuyer),
    projects: projects.map((project) => project.name).sort(),
  };
}

describe('demo accounts', () => {
  it('creates the four accounts ready to log in, and a second run changes nothing', async () => {
    const ids = await demo();
    const first = await countsOf(ids);
    expect(first).toEqual({
      coachSlots: DEMO_COACH_SLOTS,
      savedSearches: 3,
      lists: 2,
      projects: [...DEMO_COMPANY.projects].sort(),
    });

    for (const account of DEMO_ACCOUNTS) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(login.statusCode, account.email).toBe(200);
      const user = login.json().user;
      expect(user, account.role).toMatchObject({
        verified: true,
        firstName: account.firstName,
        terms: { accepted: true },
        isPremium: account.role === 'premiumBuyer',
        isAdmin: account.role === 'admin',
      });
      const session = { authorization: login.json().authorization as string };
      if (account.role === 'consultant') {
        const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: session });
        expect(profile.json()).toMatchObject({ completion: 100, isSearchable: true });
      }
      if (account.role === 'companyAdmin') {
        const companies = await app.inject({ method: 'GET', url: '/api/companies', headers: session });
        expect(JSON.stringify(companies.json().adminForCompanies)).toContain(DEMO_COMPANY.businessName);
      }
      if (account.role === 'premiumBuyer') {
        const lists = await app.inject({ method: 'GET', url: '/api/favorites', headers: session });
        const favourites = lists.json().groups.find((g: { name: string }) => g.name === 'Favoriter');
        expect(favourites.members).toContain(ids.consultant);
      }
    }

    const again = await demo();
    expect(again).toEqual(ids);
    expect(await countsOf(again)).toEqual(first);

    // Days later the first offered time has passed: the next run tops the times ahead up again.
    const [earliest] = await app.db
      .selectFrom('coach_session_slots')
      .select('id')
      .where('created_by_user_id', '=', ids.admin)
      .where('starts_at', '>', new Date())
      .orderBy('starts_at')
      .limit(1)
      .execute();
    await app.db
      .updateTable('coach_session_slots')
      .set({ starts_at: new Date(Date.now() - 3_600_000), ends_at: new Date(Date.now() - 60_000) })
      .where('id', '=', earliest!.id)
      .execute();
    await demo();
    expect(await countsOf(ids)).toEqual(first);
  });

  it('refuses to run outside development', () => {
    expect(() => assertDemoEnvironment({ NODE_ENV: 'production' })).toThrow(/local development only/);
    expect(() => assertDemoEnvironment({ NODE_ENV: 'test' })).toThrow(/local development only/);
    expect(() => assertDemoEnvironment({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => assertDemoEnvironment({})).not.toThrow();
  });

  it('runs as `npm run demo:accounts` does, with NODE_ENV unset (the API config must not refuse it)', () => {
    const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: TEST_DATABASE_URL };
    delete env.NODE_ENV;
    const run = spawnSync(
      path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
      [path.join(repoRoot, 'scripts/src/demo/demo-accounts.cli.ts')],
      { cwd: repoRoot, env, encoding: 'utf8' },
    );
    expect(run.stderr).not.toMatch(/Unsafe configuration/);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('demo: accounts ready');
  });
});
