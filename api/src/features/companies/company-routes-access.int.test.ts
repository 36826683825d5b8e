import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createContractPdf } from '@mp/test-support/contract-fixtures';
import { multipartBody } from '@mp/test-support/multipart';
import { createEmail, createSessionToken, createUser } from '@mp/test-support/factories';

// Every company and contract route, read from the OpenAPI document, answers an outsider 404 (no existence
// leak) and a member without the permission it needs 403. A route added later is covered automatically; the
// lists below say which routes any member may use.

let app: FastifyInstance;
let admin: { id: string; token: string };
let member: { id: string; token: string };
let outsider: { id: string; token: string };
let ids: Record<string, string>;
let pdf: Buffer;

/** Routes every member may use (no permission needed); all others need one. */
const OPEN_TO_MEMBERS = new Set(['GET /api/company/{companyId}', 'GET /api/company/{companyId}/projects']);

/** Valid bodies, so the answer is about access and not about validation. */
const BODIES: Record<string, () => object> = {
  'POST /api/company/{companyId}/update': () => ({
    businessName: 'Ändrad AB',
    businessType: 'limited_company',
    organisationNumber: '556677-8899',
  }),
  'POST /api/company/{companyId}/users/{userId}': () => ({ permissions: ['manage_projects'] }),
  'POST /api/company/{companyId}/projects': () => ({ name: 'Nytt' }),
  'PUT /api/company/{companyId}/projects/{projectId}': () => ({ name: 'Omdöpt' }),
  'POST /api/company/{companyId}/assignments/{assignmentId}/approver': () => ({ approverUserId: admin.id }),
  'POST /api/company/{companyId}/assignments/{assignmentId}/end': () => ({ endDate: '2026-12-31' }),
  'POST /api/company/{companyId}/invites': () => ({ emails: [createEmail('invited')] }),
  'POST /api/company/{companyId}/contracts/{contractId}/update': () => ({
    name: 'Ändrat utkast',
    projectId: null,
    signerUserId: null,
    signerEmail: createEmail('signer'),
  }),
};

async function loggedIn(options: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(app.db, app.config, options);
  return { id: user.id, token: await createSessionToken(app, user.id) };
}

beforeAll(async () => {
  app = await buildTestApp();
  pdf = await createContractPdf();
  [admin, member, outsider] = await Promise.all([
    loggedIn({ isPremium: true }),
    loggedIn({ isPremium: true }),
    loggedIn({ isPremium: true }),
  ]);
  const created = await app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: { authorization: admin.token },
    payload: { businessName: 'Rutt AB', businessType: 'limited_company', organisationNumber: '556677-8899' },
  });
  const companyId = (created.json() as { company: { id: string } }).company.id;
  await app.db
    .insertInto('company_memberships')
    .values({ company_id: companyId, user_id: member.id, role: 'member' })
    .execute();
  const project = await app.db
    .insertInto('projects')
    .values({ company_id: companyId, name: 'P' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { payload, headers } = multipartBody(
    { signerEmail: createEmail() },
    { bytes: pdf, filename: 'a.pdf', contentType: 'application/pdf' },
  );
  const contract = await app.inject({
    method: 'POST',
    url: `/api/company/${companyId}/contracts`,
    payload,
    headers: { ...headers, authorization: admin.token },
  });
  expect(contract.statusCode, contract.body).toBe(200);
  // A consultant hired under a signed contract, for the assignment routes.
  const consultant = await loggedIn();
  const signed = await app.db
    .insertInto('contracts')
    .values({
      company_id: companyId,
      project_id: project.id,
      name: 'Undertecknat',
      status: 'signed',
      signer_user_id: consultant.id,
      delegate_user_id: admin.id,
      sent_at: new Date(),
      signed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assignment = await app.db
    .insertInto('assignments')
    .values({
      company_id: companyId,
      project_id: project.id,
      contract_id: signed.id,
      consultant_user_id: consultant.id,
      approver_user_id: admin.id,
      created_by_user_id: admin.id,
      hourly_fee_ore: 90_000,
      overtime_fee_ore: 120_000,
      start_date: '2026-01-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids = {
    companyId,
    userId: admin.id,
    projectId: project.id,
    contractId: (contract.json() as { contract: { id: string } }).contract.id,
    assignmentId: assignment.id,
  };
});

afterAll(async () => {
  await app?.close();
});

function companyAndContractRoutes(): { method: string; path: string }[] {
  const document = app.swagger() as OpenAPIV3.Document;
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'delete'] as const)
      .filter((method) => item?.[method])
      .map((method) => ({ method: method.toUpperCase(), path }))
      .filter(({ path: p }) => p.includes('{companyId}') || p.startsWith('/api/contracts/{contractId}')),
  );
}

function request(route: { method: string; path: string }, token: string) {
  const url = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => ids[name] ?? 'missing');
  const key = `${route.method} ${route.path}`;
  if (key === 'POST /api/company/{companyId}/contracts') {
    const { payload, headers } = multipartBody(
      { signerEmail: createEmail() },
      { bytes: pdf, filename: 'a.pdf', contentType: 'application/pdf' },
    );
    return app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: token } });
  }
  const body = BODIES[key]?.();
  return app.inject({
    method: route.method as 'GET',
    url,
    headers: { authorization: token, 'accept-language': 'en' },
    ...(body ? { payload: body } : {}),
  });
}

describe('company and contract routes from the OpenAPI document', () => {
  it('finds them', () => {
    const routes = companyAndContractRoutes().map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/company/{companyId}',
        'POST /api/company/{companyId}/update',
        'GET /api/company/{companyId}/users',
        'GET /api/company/{companyId}/link',
        'POST /api/company/{companyId}/invites',
        'POST /api/company/{companyId}/contracts',
        'POST /api/company/{companyId}/contracts/{contractId}/send',
        'POST /api/company/{companyId}/contracts/{contractId}/copy',
        'GET /api/contracts/{contractId}/signed-document',
        'POST /api/company/{companyId}/assignments/{assignmentId}/approver',
        'POST /api/company/{companyId}/assignments/{assignmentId}/end',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(19);
  });

  it('answer an outsider 404 without saying whether the company exists', async () => {
    for (const route of companyAndContractRoutes()) {
      const response = await request(route, outsider.token);
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(404);
    }
  });

  it('answer a member without the permission 403', async () => {
    for (const route of companyAndContractRoutes()) {
      const key = `${route.method} ${route.path}`;
      if (OPEN_TO_MEMBERS.has(key)) continue;
      const response = await request(route, member.token);
      expect(response.statusCode, `${key}: ${response.body}`).toBe(403);
      expect((response.json() as { code: string }).code, key).toMatch(
        /^COMPANY_(PERMISSION|ADMIN)_REQUIRED$/,
      );
    }
  });

  it('let a member use the routes open to every member', async () => {
    for (const key of OPEN_TO_MEMBERS) {
      const [method, path] = key.split(' ') as [string, string];
      expect((await request({ method, path }, member.token)).statusCode, key).toBe(200);
    }
  });
});
