import type { FastifyInstance } from 'fastify';
import { createSessionToken, createUser } from './factories';
import { createCaller } from './inject';

// Real rows for time-reporting and billing tests: a buyer company with a premium admin, a project, a signed
// contract per hired consultant and assignments created through the API.

/** Calls the app as a browser would (the shared caller of test-support). */
export const caller = createCaller;

export async function loggedIn(app: FastifyInstance, options: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(app.db, app.config, options);
  return { ...user, token: await createSessionToken(app, user.id) };
}

export type LoggedIn = Awaited<ReturnType<typeof loggedIn>>;

/** A buyer company (organisation and VAT numbers) whose premium admin approves time, with one project. */
export async function createBuyerCompany(app: FastifyInstance, name = 'Köparbolaget Åkesson AB') {
  const admin = await loggedIn(app, { isPremium: true, firstName: 'Åsa', lastName: 'Ström' });
  const company = await app.db
    .insertInto('companies')
    .values({
      business_name: name,
      business_type: 'limited_company',
      organisation_number: '556677-8899',
      vat_number: 'SE556677889901',
      address: 'Storgatan 1, 411 38 Göteborg',
      created_by_user_id: admin.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('company_memberships')
    .values({ company_id: company.id, user_id: admin.id, role: 'admin' })
    .execute();
  const project = await app.db
    .insertInto('projects')
    .values({ company_id: company.id, name: 'Plattformsbygget' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { admin, companyId: company.id, projectId: project.id };
}

/**
 * A contract the consultant signed with the company (as the signing flow would leave it), now or at
 * `signedAt` (an assignment starts at the earliest in the month before the contract was signed).
 */
export async function createSignedContract(
  app: FastifyInstance,
  companyId: string,
  projectId: string,
  consultantId: string,
  delegateId: string,
  signedAt = new Date(),
) {
  const contract = await app.db
    .insertInto('contracts')
    .values({
      company_id: companyId,
      project_id: projectId,
      name: 'Konsultavtal',
      status: 'signed',
      signer_user_id: consultantId,
      delegate_user_id: delegateId,
      sent_at: signedAt,
      signed_at: signedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return contract.id;
}

export interface AssignmentOptions {
  hourlyFee?: number;
  overtimeFee?: number;
  startDate?: string;
  endDate?: string | null;
}

/**
 * The signing time of a contract for an assignment starting on `startDate`: noon that day (in Sweden, too), or
 * now for a start still ahead. A test's assignment in a month gone by then has a contract signed in its time.
 */
export function signedOnStart(startDate: string): Date {
  const noon = new Date(`${startDate}T12:00:00Z`);
  return noon < new Date() ? noon : new Date();
}

/** Hires the consultant on the company's project through the API; returns the assignment id. */
export async function hire(
  app: FastifyInstance,
  buyer: Awaited<ReturnType<typeof createBuyerCompany>>,
  consultant: LoggedIn,
  options: AssignmentOptions = {},
): Promise<string> {
  const startDate = options.startDate ?? '2026-01-01';
  const contractId = await createSignedContract(
    app,
    buyer.companyId,
    buyer.projectId,
    consultant.id,
    buyer.admin.id,
    signedOnStart(startDate),
  );
  const response = await caller(app)(
    'POST',
    `/api/company/${buyer.companyId}/assignments`,
    buyer.admin.token,
    {
      contractId,
      approverUserId: buyer.admin.id,
      hourlyFee: options.hourlyFee ?? 950,
      overtimeFee: options.overtimeFee ?? 1400,
      startDate,
      endDate: options.endDate ?? null,
    },
  );
  if (response.statusCode !== 200) throw new Error(`hire: ${response.statusCode} ${response.body}`);
  return (response.json() as { assignment: { id: string } }).assignment.id;
}

/** One day of reported time (hours and overtime as the API takes them). */
export interface ReportedDay {
  date: string;
  hours: number;
  overtimeHours?: number;
}

/** Reports the days on the assignment as the consultant and submits the month; throws on any refusal. */
export async function submittedMonth(
  app: FastifyInstance,
  consultant: LoggedIn,
  assignmentId: string,
  month: string,
  days: readonly ReportedDay[],
): Promise<void> {
  const call = createCaller(app);
  for (const day of days) {
    const reported = await call('POST', '/api/time-reports', consultant.token, { assignmentId, ...day });
    if (reported.statusCode !== 200) throw new Error(`reporting ${day.date} failed: ${reported.body}`);
  }
  const submit = await call(
    'POST',
    `/api/assignments/${assignmentId}/months/${month}/submit`,
    consultant.token,
  );
  if (submit.statusCode !== 200) throw new Error(`submitting ${month} failed: ${submit.body}`);
}

/**
 * Reports the days, submits the month and lets the buyer company's admin (the approver `hire` sets) approve
 * it; returns the id of the bill the approval issued.
 */
export async function approvedMonth(
  app: FastifyInstance,
  buyer: Awaited<ReturnType<typeof createBuyerCompany>>,
  consultant: LoggedIn,
  assignmentId: string,
  month: string,
  days: readonly ReportedDay[],
): Promise<string> {
  await submittedMonth(app, consultant, assignmentId, month, days);
  const approved = await createCaller(app)(
    'POST',
    `/api/assignments/${assignmentId}/months/${month}/approve`,
    buyer.admin.token,
  );
  if (approved.statusCode !== 200) throw new Error(`approving ${month} failed: ${approved.body}`);
  return (approved.json() as { month: { billId: string } }).month.billId;
}
