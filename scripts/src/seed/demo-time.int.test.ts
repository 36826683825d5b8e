import { isValidOcrReference } from '@mp/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken } from '@mp/test-support/factories';
import { DEMO_COMPANY, DEMO_COMPANY_USERS, seedDemoCompanies } from './demo-companies.service';
import { seedDemoTimeReporting } from './demo-time.service';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * The test database outlives a run, and the seed leaves time reporting that is present alone: the demo company's
 * is removed first, so the bills are issued today and their ages (open, overdue) are today's, not a month old.
 */
async function forgetDemoTimeReporting(): Promise<void> {
  const company = app.db
    .selectFrom('companies')
    .select('id')
    .where('organisation_number', '=', DEMO_COMPANY.organisationNumber)
    .where('business_name', '=', DEMO_COMPANY.businessName);
  const assignments = app.db.selectFrom('assignments').select('id').where('company_id', 'in', company);
  await app.db.deleteFrom('bills').where('assignment_id', 'in', assignments).execute();
  await app.db.deleteFrom('time_report_months').where('assignment_id', 'in', assignments).execute();
  await app.db.deleteFrom('time_reports').where('assignment_id', 'in', assignments).execute();
  await app.db.deleteFrom('assignments').where('company_id', 'in', company).execute();
  await app.db
    .deleteFrom('contracts')
    .where('company_id', 'in', company)
    .where('name', 'like', 'Konsultavtal – %')
    .execute();
}

describe('demo time reporting', () => {
  it('gives the demo company months in every status and bills paid, overdue and open; a second run changes nothing', async () => {
    await seedDemoCompanies(app.db);
    await forgetDemoTimeReporting();
    expect(await seedDemoTimeReporting(app.db)).toBe('created');
    expect(await seedDemoTimeReporting(app.db)).toBe('present');

    // Each assignment runs under its own signed contract: the API refuses two at a time under one contract.
    const assignments = await app.db
      .selectFrom('assignments')
      .innerJoin('companies', 'companies.id', 'assignments.company_id')
      .innerJoin('contracts', 'contracts.id', 'assignments.contract_id')
      .select(['assignments.contract_id', 'contracts.status'])
      .where('companies.organisation_number', '=', DEMO_COMPANY.organisationNumber)
      .where('companies.business_name', '=', DEMO_COMPANY.businessName)
      .execute();
    expect(assignments.length).toBeGreaterThan(1);
    expect(new Set(assignments.map((assignment) => assignment.contract_id)).size).toBe(assignments.length);
    expect(assignments.every((assignment) => assignment.status === 'signed')).toBe(true);

    const admin = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_COMPANY_USERS[0].email)
      .executeTakeFirstOrThrow();
    const token = await createSessionToken(app, admin.id);
    const headers = { authorization: token, 'accept-language': 'sv' };

    const { bills } = (await app.inject({ method: 'GET', url: '/api/user/billing', headers })).json() as {
      bills: {
        id: string;
        status: string;
        ocrReference: string;
        totalOre: number;
        subtotalOre: number;
        vatOre: number;
      }[];
    };
    expect(new Set(bills.map((bill) => bill.status))).toEqual(new Set(['paid', 'overdue', 'open']));
    for (const bill of bills) {
      expect(isValidOcrReference(bill.ocrReference)).toBe(true);
      expect(bill.totalOre).toBe(bill.subtotalOre + bill.vatOre);
    }

    const { months } = (await app.inject({ method: 'GET', url: '/api/time-months', headers })).json() as {
      months: { status: string; comment: string | null }[];
    };
    expect(new Set(months.map((month) => month.status))).toEqual(
      new Set(['approved', 'returned', 'submitted']),
    );
    expect(months.find((month) => month.status === 'returned')?.comment).toBeTruthy();

    const economy = (await app.inject({ method: 'GET', url: '/api/time/economy', headers })).json() as {
      months: { revenueOre: number }[];
    };
    expect(economy.months.some((month) => month.revenueOre > 0)).toBe(true);
  });
});
