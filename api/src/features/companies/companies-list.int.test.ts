import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@mp/test-support/test-app';

const api = useTestApp();
const { call, createLoggedInUser } = api;

describe('the own companies list', () => {
  it('lists companies: empty until memberships exist, then split by role', async () => {
    const user = await createLoggedInUser();
    expect((await call('GET', '/api/companies', user.token)).json()).toEqual({
      adminForCompanies: [],
      memberInCompanies: [],
    });
    const [own, other] = await api.app.db
      .insertInto('companies')
      .values([
        { business_name: `Eget AB ${randomUUID().slice(0, 6)}` },
        { business_name: `Annat AB ${randomUUID().slice(0, 6)}` },
      ])
      .returning(['id', 'business_name'])
      .execute();
    await api.app.db
      .insertInto('company_memberships')
      .values([
        { company_id: own!.id, user_id: user.id, role: 'admin' },
        { company_id: other!.id, user_id: user.id, role: 'member', permissions: ['manage_projects'] },
      ])
      .execute();
    const listed = (await call('GET', '/api/companies', user.token)).json();
    expect(listed.adminForCompanies).toEqual([
      expect.objectContaining({ id: own!.id, businessName: own!.business_name }),
    ]);
    expect(listed.memberInCompanies).toEqual([
      expect.objectContaining({ id: other!.id, permissions: ['manage_projects'] }),
    ]);
  });
});
