import { describe, expect, it } from 'vitest';
import { createPersonalNumber } from '@mp/test-support/factories';
import { useTestApp } from '@mp/test-support/test-app';

const api = useTestApp();
const { call } = api;
const loggedIn = api.createLoggedInUser;

const details = (overrides: Record<string, unknown> = {}) => ({
  businessName: 'Fjällkonsult AB',
  businessType: 'limited_company',
  organisationNumber: '556677-8899',
  vatNumber: 'SE556677889901',
  website: 'fjallkonsult.se',
  address: 'Storgatan 1, 111 22 Stockholm',
  ...overrides,
});

interface Company {
  id: string;
  businessName: string;
  role: string;
  permissions: string[];
  memberCount: number;
}

async function createCompany(token: string, overrides: Record<string, unknown> = {}): Promise<Company> {
  const response = await call('POST', '/api/companies', token, details(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { company: Company }).company;
}

async function joinAsMember(companyId: string, adminToken: string) {
  const member = await loggedIn();
  const link = (await call('GET', `/api/company/${companyId}/link`, adminToken)).json() as { link: string };
  const joined = await call('POST', `/api/company/link/${link.link}`, member.token);
  expect(joined.statusCode, joined.body).toBe(200);
  return member;
}

function issueOf(response: { json(): unknown }, field: string) {
  const body = response.json() as { data?: { issues: { field?: string; message: string }[] } };
  return body.data?.issues.find((issue) => issue.field === field)?.message;
}

describe('company details validation', () => {
  it.each([
    ['organisationNumber', '556677-8898', 'Invalid organisation number', 'Ogiltigt organisationsnummer'],
    ['organisationNumber', '55667-8899', 'Invalid organisation number', 'Ogiltigt organisationsnummer'],
    ['vatNumber', 'SE556677889801', 'Invalid VAT Number', 'Ogiltigt momsregistreringsnummer'],
    ['vatNumber', 'DE136695978', 'Invalid VAT Number', 'Ogiltigt momsregistreringsnummer'],
    ['vatNumber', 'SE5566778899', 'Invalid VAT Number', 'Ogiltigt momsregistreringsnummer'],
    ['website', 'not a website', 'Invalid website format', 'Ogiltigt format på webbadressen'],
    ['businessName', '   ', 'Cannot contain only spaces', 'Får inte bara innehålla mellanslag'],
  ])('refuses %s %j in English and Swedish', async (field, value, english, swedish) => {
    const { token } = await loggedIn();
    const en = await call('POST', '/api/companies', token, details({ [field]: value }), 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(issueOf(en, field)).toBe(english);
    const sv = await call('POST', '/api/companies', token, details({ [field]: value }), 'sv');
    expect(issueOf(sv, field)).toBe(swedish);
  });

  it.each([
    ['businessName', 200],
    ['address', 500],
  ])('says the limit of a %s over %i characters at the field, in English and Swedish', async (field, max) => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const tooLong = details({ [field]: 'Å'.repeat(max + 1) });
    for (const [language, message] of [
      ['en', `Cannot be longer than ${max} characters`],
      ['sv', `Får inte vara längre än ${max} tecken`],
    ] as const) {
      const refusal = {
        code: 'VALIDATION_FAILED',
        errorMessage: message,
        data: { issues: [{ field, code: 'validation.maxLength', message }] },
      };
      const created = await call('POST', '/api/companies', admin.token, tooLong, language);
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json()).toEqual(refusal);
      const updated = await call('POST', `/api/company/${company.id}/update`, admin.token, tooLong, language);
      expect(updated.statusCode, updated.body).toBe(400);
      expect(updated.json()).toEqual(refusal);
    }
    const longest = await call('POST', '/api/companies', admin.token, details({ [field]: 'Å'.repeat(max) }));
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it.each([
    ['Swedish without prefix', '556677889901'],
    ['German', 'DE136695976'],
    ['French', 'FR40303265045'],
    ['Dutch', 'NL004495445B01'],
    ['none', ''],
  ])('accepts a %s VAT number', async (_case, vatNumber) => {
    const { token } = await loggedIn();
    const company = await createCompany(token, { vatNumber, organisationNumber: '16556677-8899' });
    expect(company.businessName).toBe('Fjällkonsult AB');
  });
});

describe('companies', () => {
  it('creates a company with the creator as admin, lists, reads and updates it', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    expect(company).toMatchObject({ role: 'admin', memberCount: 1 });
    expect(company.permissions).toEqual([
      'manage_members',
      'manage_projects',
      'manage_contracts',
      'view_billing',
    ]);

    const list = (await call('GET', '/api/companies', admin.token)).json() as {
      adminForCompanies: Company[];
      memberInCompanies: Company[];
    };
    expect(list.adminForCompanies.map((c) => c.id)).toEqual([company.id]);
    expect(list.memberInCompanies).toEqual([]);

    const updated = await call(
      'POST',
      `/api/company/${company.id}/update`,
      admin.token,
      details({ businessName: 'Fjäll AB' }),
      'sv',
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      company: { businessName: 'Fjäll AB' },
      message: 'Företaget har sparats',
    });
    const read = await call('GET', `/api/company/${company.id}`, admin.token);
    expect(read.json()).toMatchObject({ company: { businessName: 'Fjäll AB', vatNumber: 'SE556677889901' } });
  });

  it('needs a verified user to create one', async () => {
    const { token } = await loggedIn({ verified: false });
    const response = await call('POST', '/api/companies', token, details());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'NOT_VERIFIED' });
  });

  it('lets only admins update details', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const member = await joinAsMember(company.id, admin.token);
    const response = await call('POST', `/api/company/${company.id}/update`, member.token, details());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'COMPANY_ADMIN_REQUIRED',
      errorMessage: "Only the company's administrators can do this",
    });
    const list = (await call('GET', '/api/companies', member.token)).json() as {
      memberInCompanies: Company[];
    };
    expect(list.memberInCompanies.map((c) => c.id)).toEqual([company.id]);
  });
});

describe('members and permissions', () => {
  it('shows members, changes permissions and removes a member', async () => {
    const admin = await loggedIn({ firstName: 'Anna' });
    const company = await createCompany(admin.token);
    const member = await joinAsMember(company.id, admin.token);

    expect((await call('GET', `/api/company/${company.id}/users`, member.token)).statusCode).toBe(403);

    const changed = await call('POST', `/api/company/${company.id}/users/${member.id}`, admin.token, {
      permissions: ['manage_members', 'manage_projects'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const users = (changed.json() as { users: { userId: string; role: string; permissions: string[] }[] })
      .users;
    expect(users.map((u) => [u.userId, u.role])).toEqual([
      [admin.id, 'admin'],
      [member.id, 'member'],
    ]);
    expect(users[1]?.permissions).toEqual(['manage_members', 'manage_projects']);
    // Who may approve time (premium) is shown, so a hire does not name an approver who cannot approve.
    expect(users.map((u) => (u as { canApproveTime?: boolean }).canApproveTime)).toEqual([false, false]);
    await api.app.db.updateTable('users').set({ is_premium: true }).where('id', '=', member.id).execute();
    const listed = (await call('GET', `/api/company/${company.id}/users`, admin.token)).json() as {
      users: { userId: string; canApproveTime: boolean }[];
    };
    expect(listed.users.map((u) => [u.userId, u.canApproveTime])).toEqual([
      [admin.id, false],
      [member.id, true],
    ]);

    // A member who may manage members sees them, but cannot touch an admin or make one.
    expect((await call('GET', `/api/company/${company.id}/users`, member.token)).statusCode).toBe(200);
    const promote = await call('POST', `/api/company/${company.id}/users/${member.id}`, member.token, {
      role: 'admin',
    });
    expect(promote.json()).toMatchObject({ code: 'COMPANY_ADMIN_REQUIRED' });
    const removeAdmin = await call('DELETE', `/api/company/${company.id}/users/${admin.id}`, member.token);
    expect(removeAdmin.statusCode).toBe(403);

    // Nor grant anyone, themselves included, a permission they lack; what they hold they may pass on.
    const other = await joinAsMember(company.id, admin.token);
    const members = `/api/company/${company.id}/users`;
    for (const target of [member.id, other.id]) {
      const grab = await call('POST', `${members}/${target}`, member.token, {
        permissions: ['manage_members', 'view_billing'],
      });
      expect(grab.statusCode).toBe(403);
      expect(grab.json()).toMatchObject({
        code: 'COMPANY_PERMISSION_REQUIRED',
        data: { permission: 'view_billing' },
      });
    }
    const passOn = await call('POST', `${members}/${other.id}`, member.token, {
      permissions: ['manage_projects'],
    });
    expect(passOn.statusCode, passOn.body).toBe(200);
    const after = (passOn.json() as { users: { userId: string; permissions: string[] }[] }).users;
    expect(after.find((u) => u.userId === member.id)?.permissions).toEqual([
      'manage_members',
      'manage_projects',
    ]);
    expect(after.find((u) => u.userId === other.id)?.permissions).toEqual(['manage_projects']);

    const removed = await call('DELETE', `/api/company/${company.id}/users/${member.id}`, admin.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/api/company/${company.id}`, member.token)).statusCode).toBe(404);
  });

  it('never leaves a company without an admin', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const member = await joinAsMember(company.id, admin.token);

    const leave = await call(
      'DELETE',
      `/api/company/${company.id}/users/${admin.id}`,
      admin.token,
      undefined,
      'sv',
    );
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toEqual({
      code: 'LAST_COMPANY_ADMIN',
      errorMessage: 'Ett företag måste ha minst en administratör',
    });
    const demote = await call('POST', `/api/company/${company.id}/users/${admin.id}`, admin.token, {
      role: 'member',
    });
    expect(demote.json()).toMatchObject({ code: 'LAST_COMPANY_ADMIN' });

    // With a second admin, the first may step down and leave.
    expect(
      (await call('POST', `/api/company/${company.id}/users/${member.id}`, admin.token, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/company/${company.id}/users/${admin.id}`, admin.token)).statusCode,
    ).toBe(200);
    const last = await call('DELETE', `/api/company/${company.id}/users/${member.id}`, member.token);
    expect(last.json()).toMatchObject({ code: 'LAST_COMPANY_ADMIN' });
  });
});

describe('deleted accounts and memberships', () => {
  const deleteAccount = (user: { token: string; password: string | null }, locale?: 'sv' | 'en') =>
    call('POST', '/api/user/delete', user.token, { confirmation: 'delete', password: user.password }, locale);
  const listMembers = async (companyId: string, token: string) =>
    ((await call('GET', `/api/company/${companyId}/users`, token)).json() as { users: { userId: string }[] })
      .users;

  it('ends the memberships of a deleted account: never listed, counted, made admin, nor an admin to lean on', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const member = await joinAsMember(company.id, admin.token);

    const deleted = await deleteAccount(member);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await api.app.db
        .selectFrom('company_memberships')
        .select('id')
        .where('user_id', '=', member.id)
        .execute(),
    ).toEqual([]);
    expect((await listMembers(company.id, admin.token)).map((u) => u.userId)).toEqual([admin.id]);
    expect((await call('GET', `/api/company/${company.id}`, admin.token)).json()).toMatchObject({
      company: { memberCount: 1 },
    });
    const promote = await call('POST', `/api/company/${company.id}/users/${member.id}`, admin.token, {
      role: 'admin',
    });
    expect(promote.statusCode).toBe(404);
    expect(promote.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const leave = await call('DELETE', `/api/company/${company.id}/users/${admin.id}`, admin.token);
    expect(leave.json()).toMatchObject({ code: 'LAST_COMPANY_ADMIN' });
  });

  it('never lists or counts a deleted account whose membership is still there', async () => {
    // Accounts deleted before their memberships ended with the deletion: a deleted admin is no admin.
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const gone = await joinAsMember(company.id, admin.token);
    expect(
      (await call('POST', `/api/company/${company.id}/users/${gone.id}`, admin.token, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
    await joinAsMember(company.id, admin.token);
    await api.app.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();

    expect((await listMembers(company.id, admin.token)).map((u) => u.userId)).not.toContain(gone.id);
    expect((await call('GET', `/api/company/${company.id}`, admin.token)).json()).toMatchObject({
      company: { memberCount: 2 },
    });
    const leave = await call('DELETE', `/api/company/${company.id}/users/${admin.id}`, admin.token);
    expect(leave.json()).toMatchObject({ code: 'LAST_COMPANY_ADMIN' });
    const demote = await call('POST', `/api/company/${company.id}/users/${admin.id}`, admin.token, {
      role: 'member',
    });
    expect(demote.json()).toMatchObject({ code: 'LAST_COMPANY_ADMIN' });
    const change = await call('POST', `/api/company/${company.id}/users/${gone.id}`, admin.token, {
      role: 'member',
    });
    expect(change.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
  });

  it('refuses to delete the last admin of a company with other members, in Swedish and English', async () => {
    const admin = await loggedIn({ personalNumber: createPersonalNumber() });
    const company = await createCompany(admin.token, { businessName: 'Ensam Admin AB' });
    const member = await joinAsMember(company.id, admin.token);

    const sv = await deleteAccount(admin, 'sv');
    expect(sv.statusCode).toBe(409);
    expect(sv.json()).toEqual({
      code: 'ACCOUNT_LAST_COMPANY_ADMIN',
      errorMessage:
        'Du är den enda administratören för Ensam Admin AB. Gör en annan medlem till administratör, eller ta bort de andra medlemmarna, innan du tar bort ditt konto',
      data: { companies: [{ id: company.id, businessName: 'Ensam Admin AB' }] },
    });
    const en = await deleteAccount(admin, 'en');
    expect(en.json().errorMessage).toBe(
      'You are the only administrator of Ensam Admin AB. Make another member an administrator, or remove the other members, before you delete your account',
    );
    // Before anyone opens BankID, too.
    const bankId = await call('POST', '/api/user/delete/bankid', admin.token);
    expect(bankId.json()).toMatchObject({ code: 'ACCOUNT_LAST_COMPANY_ADMIN' });
    // Nothing happened: still there, still the admin.
    expect((await call('GET', '/api/user', admin.token)).statusCode).toBe(200);
    expect((await listMembers(company.id, admin.token)).map((u) => u.userId)).toEqual([admin.id, member.id]);

    // Once the other member is gone, the company's only member may go (and the company has no members left).
    expect(
      (await call('DELETE', `/api/company/${company.id}/users/${member.id}`, admin.token)).statusCode,
    ).toBe(200);
    expect((await deleteAccount(admin)).statusCode).toBe(200);
    expect(
      await api.app.db
        .selectFrom('company_memberships')
        .select('id')
        .where('company_id', '=', company.id)
        .execute(),
    ).toEqual([]);
  });

  it('deletes an admin once another member is admin', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const member = await joinAsMember(company.id, admin.token);
    expect(
      (await call('POST', `/api/company/${company.id}/users/${member.id}`, admin.token, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
    expect((await deleteAccount(admin)).statusCode).toBe(200);
    expect((await listMembers(company.id, member.token)).map((u) => u.userId)).toEqual([member.id]);
    const leave = await call('DELETE', `/api/company/${company.id}/users/${member.id}`, member.token);
    expect(leave.json()).toMatchObject({ code: 'LAST_COMPANY_ADMIN' });
  });
});

describe('invite links', () => {
  it('shows the company by its link, joins, and stops working when regenerated', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token, { businessName: 'Länk AB' });
    const first = (
      await call('GET', `/api/company/${company.id}/link`, admin.token, undefined, 'sv')
    ).json() as {
      link: string;
      url: string;
    };
    expect(first.url).toMatch(new RegExp(`/sv/join/${first.link}$`));
    expect((await call('GET', `/api/company/${company.id}/link`, admin.token)).json()).toMatchObject({
      link: first.link,
    });

    const shown = await call('GET', `/api/company/link/${first.link}`, null);
    expect(shown.json()).toMatchObject({
      company: { id: company.id, businessName: 'Länk AB' },
      alreadyMember: false,
    });

    const regenerated = (await call('POST', `/api/company/${company.id}/link`, admin.token)).json() as {
      link: string;
    };
    expect(regenerated.link).not.toBe(first.link);
    const joiner = await loggedIn();
    const old = await call('POST', `/api/company/link/${first.link}`, joiner.token);
    expect(old.statusCode).toBe(410);
    expect(old.json()).toMatchObject({ code: 'INVITE_LINK_REVOKED' });
    expect((await call('GET', `/api/company/link/${first.link}`, null)).json()).toMatchObject({
      code: 'INVITE_LINK_REVOKED',
    });

    const joined = await call('POST', `/api/company/link/${regenerated.link}`, joiner.token);
    expect(joined.json()).toMatchObject({ alreadyMember: false });
    const again = await call('POST', `/api/company/link/${regenerated.link}`, joiner.token);
    expect(again.json()).toMatchObject({ alreadyMember: true });
    expect((await call('GET', `/api/company/${company.id}`, joiner.token)).json()).toMatchObject({
      company: { role: 'member', permissions: [], memberCount: 2 },
    });
  });

  it('refuses an expired or unknown link and an unverified joiner', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const { link } = (await call('GET', `/api/company/${company.id}/link`, admin.token)).json() as {
      link: string;
    };
    const unverified = await loggedIn({ verified: false });
    expect((await call('POST', `/api/company/link/${link}`, unverified.token)).statusCode).toBe(403);

    await api.app.db
      .updateTable('company_invite_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', link)
      .execute();
    const expired = await call('GET', `/api/company/link/${link}`, null, undefined, 'en');
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'INVITE_LINK_EXPIRED',
      errorMessage: 'This invite link has expired. Ask the company for a new link',
    });
    // The admin's next look issues a fresh link.
    const fresh = (await call('GET', `/api/company/${company.id}/link`, admin.token)).json() as {
      link: string;
    };
    expect(fresh.link).not.toBe(link);

    const unknown = await call('GET', '/api/company/link/no-such-link', null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'INVITE_LINK_NOT_FOUND' });
  });
});

describe('projects', () => {
  it('creates, renames, lists last modified first and deletes', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const member = await joinAsMember(company.id, admin.token);
    const create = (name: string) =>
      call('POST', `/api/company/${company.id}/projects`, admin.token, { name });
    const alpha = ((await create('Alfa')).json() as { project: { id: string } }).project;
    const beta = ((await create('Beta')).json() as { project: { id: string } }).project;
    const renamed = await call('PUT', `/api/company/${company.id}/projects/${alpha.id}`, admin.token, {
      name: 'Alfa 2',
    });
    expect(renamed.json()).toMatchObject({ project: { name: 'Alfa 2' } });

    const listed = (await call('GET', `/api/company/${company.id}/projects`, member.token)).json() as {
      projects: { name: string; modifiedAt: string }[];
    };
    expect(listed.projects.map((p) => p.name)).toEqual(['Alfa 2', 'Beta']);

    expect(
      (await call('POST', `/api/company/${company.id}/projects`, member.token, { name: 'X' })).statusCode,
    ).toBe(403);
    const blank = await call('POST', `/api/company/${company.id}/projects`, admin.token, { name: '' }, 'sv');
    expect(issueOf(blank, 'name')).toBe('Fältet är obligatoriskt');

    expect(
      (await call('DELETE', `/api/company/${company.id}/projects/${beta.id}`, admin.token)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/company/${company.id}/projects/${beta.id}`, admin.token)).statusCode,
    ).toBe(404);
  });

  it('says the limit of a project name over 100 characters at the field, in English and Swedish, also on rename', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const projects = `/api/company/${company.id}/projects`;
    const created = (await call('POST', projects, admin.token, { name: 'Kortnamn' })).json() as {
      project: { id: string };
    };
    for (const [language, message] of [
      ['en', 'Cannot be longer than 100 characters'],
      ['sv', 'Får inte vara längre än 100 tecken'],
    ] as const) {
      const refusal = {
        code: 'VALIDATION_FAILED',
        errorMessage: message,
        data: { issues: [{ field: 'name', code: 'validation.maxLength', message }] },
      };
      const create = await call('POST', projects, admin.token, { name: 'P'.repeat(101) }, language);
      expect(create.statusCode, create.body).toBe(400);
      expect(create.json()).toEqual(refusal);
      const rename = await call(
        'PUT',
        `${projects}/${created.project.id}`,
        admin.token,
        { name: 'Ö'.repeat(101) },
        language,
      );
      expect(rename.statusCode, rename.body).toBe(400);
      expect(rename.json()).toEqual(refusal);
    }
    // Trailing spaces are trimmed before the length counts.
    const longest = await call('POST', projects, admin.token, { name: `${'P'.repeat(100)}  ` });
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it('refuses a second project of the same name, case and spaces aside, also on rename; other companies may use it', async () => {
    const admin = await loggedIn();
    const company = await createCompany(admin.token);
    const projects = `/api/company/${company.id}/projects`;
    const portal = (await call('POST', projects, admin.token, { name: 'Kundportalen' })).json() as {
      project: { id: string };
    };
    for (const name of ['Kundportalen', '  kundportalen ', 'KUNDPORTALEN']) {
      const again = await call('POST', projects, admin.token, { name });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({
        code: 'PROJECT_NAME_TAKEN',
        errorMessage: 'The company already has a project with this name',
      });
    }
    const sv = await call('POST', projects, admin.token, { name: 'Kundportalen' }, 'sv');
    expect(sv.json().errorMessage).toBe('Företaget har redan ett projekt med det här namnet');

    const other = (await call('POST', projects, admin.token, { name: 'Intranätet' })).json() as {
      project: { id: string };
    };
    const renamed = await call('PUT', `${projects}/${other.project.id}`, admin.token, {
      name: 'kundportalen ',
    });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().code).toBe('PROJECT_NAME_TAKEN');
    // A project may keep its own name or change its case.
    const recased = await call('PUT', `${projects}/${portal.project.id}`, admin.token, {
      name: 'KundPortalen',
    });
    expect(recased.statusCode, recased.body).toBe(200);
    const listed = (await call('GET', projects, admin.token)).json() as { projects: { name: string }[] };
    expect(listed.projects.map((p) => p.name).sort()).toEqual(['Intranätet', 'KundPortalen']);
    // Two requests at once still make one project.
    const racing = await Promise.all(
      [1, 2].map(() => call('POST', projects, admin.token, { name: 'Parallellt' })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const elsewhere = await createCompany(admin.token, { organisationNumber: '16556677-8899' });
    const same = await call('POST', `/api/company/${elsewhere.id}/projects`, admin.token, {
      name: 'Kundportalen',
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});
