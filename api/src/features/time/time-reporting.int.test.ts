import { addDays, addMonths, addYears, firstDayOfMonth, monthOf, swedishDayOf } from '@mp/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppWithMailDown } from '@mp/test-support/build-test-app';
import { createPersonalNumber, registerWithPassword } from '@mp/test-support/factories';
import { outboxRowsTo, sweepMailsAt, waitForTriedMails } from '@mp/test-support/mail-outbox';
import { extractLink, findMails, waitForMails, type SinkMessage } from '@mp/test-support/mail-sink';
import {
  caller,
  createBuyerCompany,
  createSignedContract,
  hire,
  loggedIn,
  signedOnStart,
} from '@mp/test-support/time-fixtures';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});

afterAll(async () => {
  await app?.close();
});

const report = (
  token: string,
  assignmentId: string,
  date: string,
  hours: number,
  overtimeHours = 0,
  language = 'en',
) => call('POST', '/api/time-reports', token, { assignmentId, date, hours, overtimeHours }, language);

/** A buyer company with a contract signed by a new consultant, and the request that hires them. */
async function contractToHire(startDate: string) {
  const buyer = await createBuyerCompany(app);
  const consultant = await loggedIn(app);
  const contractId = await createSignedContract(
    app,
    buyer.companyId,
    buyer.projectId,
    consultant.id,
    buyer.admin.id,
    signedOnStart(startDate),
  );
  const url = `/api/company/${buyer.companyId}/assignments`;
  const body = { contractId, approverUserId: buyer.admin.id, hourlyFee: 900, overtimeFee: 1200, startDate };
  return { buyer, consultant, contractId, url, body };
}

describe('assignments', () => {
  it('caps the fees at 100,000 and 200,000 SEK per hour with the spec wording in both languages', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const contractId = await createSignedContract(
      app,
      buyer.companyId,
      buyer.projectId,
      consultant.id,
      buyer.admin.id,
      signedOnStart('2026-01-01'),
    );
    const body = {
      contractId,
      approverUserId: buyer.admin.id,
      hourlyFee: 100_000,
      overtimeFee: 200_000,
      startDate: '2026-01-01',
    };
    const url = `/api/company/${buyer.companyId}/assignments`;

    const tooHigh = await call('POST', url, buyer.admin.token, { ...body, hourlyFee: 100_000.01 });
    expect(tooHigh.statusCode).toBe(400);
    // A body field's issue: the spec's words, after the field's name in errorMessage.
    expect(tooHigh.json().errorMessage).toBe('Fee cannot be more than 100,000 SEK per hour');
    expect(tooHigh.json().data.issues[0]).toMatchObject({
      field: 'hourlyFee',
      message: 'Fee cannot be more than 100,000 SEK per hour',
    });
    const tooHighSv = await call('POST', url, buyer.admin.token, { ...body, hourlyFee: 100_001 }, 'sv');
    expect(tooHighSv.json().data.issues[0].message).toBe(
      'Arvodet får inte vara högre än 100 000 kr per timme',
    );

    const overtime = await call('POST', url, buyer.admin.token, { ...body, overtimeFee: 200_001 });
    expect(overtime.statusCode).toBe(400);
    expect(overtime.json().data.issues[0].message).toBe(
      'Overtime fee cannot be more than 200,000 SEK per hour',
    );
    const overtimeSv = await call('POST', url, buyer.admin.token, { ...body, overtimeFee: 250_000 }, 'sv');
    expect(overtimeSv.json().data.issues[0].message).toBe(
      'Övertidsarvodet får inte vara högre än 200 000 kr per timme',
    );

    // Fees are to the öre: a third decimal would be rounded away without a word.
    const tooFine = await call('POST', url, buyer.admin.token, { ...body, hourlyFee: 987.655 });
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().errorMessage).toBe('Use at most two decimals');
    const tooFineSv = await call('POST', url, buyer.admin.token, { ...body, overtimeFee: 1200.001 }, 'sv');
    expect(tooFineSv.json().errorMessage).toBe('Använd högst två decimaler');

    const atTheCaps = await call('POST', url, buyer.admin.token, body);
    expect(atTheCaps.statusCode).toBe(200);
    const { assignment } = atTheCaps.json();
    expect(assignment).toMatchObject({
      hourlyFeeOre: 10_000_000,
      overtimeFeeOre: 20_000_000,
      consultant: { userId: consultant.id },
      approver: { userId: buyer.admin.id },
      isApprover: true,
    });
    // The consultant sees it too, as the consultant.
    const mine = await call('GET', '/api/assignments', consultant.token);
    expect(mine.json().assignments).toEqual([
      expect.objectContaining({ id: assignment.id, isConsultant: true }),
    ]);
  });

  it('needs premium, a signed contract and an approver from the company', async () => {
    const { buyer, consultant, contractId, url, body } = await contractToHire('2026-02-01');

    await app.db.updateTable('users').set({ is_premium: false }).where('id', '=', buyer.admin.id).execute();
    const notPremium = await call('POST', url, buyer.admin.token, body);
    expect(notPremium.statusCode).toBe(403);
    expect(notPremium.json().code).toBe('PREMIUM_REQUIRED');
    await app.db.updateTable('users').set({ is_premium: true }).where('id', '=', buyer.admin.id).execute();

    const outsiderApprover = await call('POST', url, buyer.admin.token, {
      ...body,
      approverUserId: consultant.id,
    });
    expect(outsiderApprover.json().code).toBe('APPROVER_NOT_MEMBER');

    await app.db
      .updateTable('contracts')
      .set({ status: 'sent', signed_at: null })
      .where('id', '=', contractId)
      .execute();
    const unsigned = await call('POST', url, buyer.admin.token, body);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().code).toBe('CONTRACT_NOT_SIGNED');

    const stranger = await loggedIn(app, { isPremium: true });
    expect((await call('POST', url, stranger.token, body)).statusCode).toBe(404);
  });

  it("shows a company's assignments and fees to its admins and to members who hire or see bills, not to others", async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-04-01' });
    const member = async (permissions: string[]) => {
      const user = await loggedIn(app);
      await app.db
        .insertInto('company_memberships')
        .values({ company_id: buyer.companyId, user_id: user.id, role: 'member', permissions })
        .execute();
      return user;
    };
    const sees = async (token: string) => {
      const listed = (await call('GET', '/api/assignments', token)).json().assignments as { id: string }[];
      const one = await call('GET', `/api/assignments/${assignmentId}/months/2026-04`, token);
      return { listed: listed.some((a) => a.id === assignmentId), one: one.statusCode };
    };
    for (const permissions of [['manage_contracts'], ['view_billing']]) {
      expect(await sees((await member(permissions)).token), permissions[0]).toEqual({
        listed: true,
        one: 200,
      });
    }
    // A member without those (just joined through the invite link, or managing projects) sees no fees.
    for (const permissions of [[], ['manage_projects', 'manage_members']]) {
      expect(await sees((await member(permissions)).token), permissions.join()).toEqual({
        listed: false,
        one: 404,
      });
    }
    expect(await sees(buyer.admin.token)).toEqual({ listed: true, one: 200 });
    expect(await sees(consultant.token)).toEqual({ listed: true, one: 200 });
  });

  it('refuses a second assignment under a contract for days the first one covers, in both languages', async () => {
    const hiring = await contractToHire('2026-03-01');
    const { buyer, contractId, url } = hiring;
    const body = { ...hiring.body, endDate: '2026-03-31' };
    expect((await call('POST', url, buyer.admin.token, body)).statusCode).toBe(200);

    for (const period of [
      { startDate: '2026-03-31', endDate: '2026-04-30' },
      { startDate: '2026-02-01', endDate: '2026-03-01' },
      { startDate: '2026-03-10', endDate: '2026-03-11' },
      { startDate: '2026-02-01', endDate: null },
    ]) {
      const overlapping = await call('POST', url, buyer.admin.token, { ...body, ...period });
      expect(overlapping.statusCode, JSON.stringify(period)).toBe(409);
      expect(overlapping.json()).toMatchObject({
        code: 'ASSIGNMENT_OVERLAPS',
        errorMessage: 'The consultant is already hired under this contract for part of that period',
      });
    }
    const sv = await call('POST', url, buyer.admin.token, { ...body, startDate: '2026-03-15' }, 'sv');
    expect(sv.json().errorMessage).toBe(
      'Konsulten är redan anlitad enligt det här avtalet under en del av den perioden',
    );

    // After the first one ends, the contract's signer can be hired again, open-ended; then no more.
    const next = await call('POST', url, buyer.admin.token, {
      ...body,
      startDate: '2026-04-01',
      endDate: null,
    });
    expect(next.statusCode).toBe(200);
    const later = await call('POST', url, buyer.admin.token, {
      ...body,
      startDate: '2027-01-01',
      endDate: null,
    });
    expect(later.json().code).toBe('ASSIGNMENT_OVERLAPS');
    const assignments = await app.db
      .selectFrom('assignments')
      .select('start_date')
      .where('contract_id', '=', contractId)
      .execute();
    expect(assignments).toHaveLength(2);
  });
});

describe("an assignment's period", () => {
  const longDate = (day: string, locale: 'en-GB' | 'sv-SE') =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );

  it('starts no earlier than the month before the contract was signed, and not years ahead, said at the field', async () => {
    // The contract is signed today; the QA pass hired from 2 November 1026, and a bill followed.
    const today = swedishDayOf(new Date());
    const { buyer, url, body, contractId } = await contractToHire(today);
    const earliest = firstDayOfMonth(addMonths(monthOf(today), -1));
    for (const [language, locale, expected] of [
      [
        'en',
        'en-GB',
        `The assignment cannot start before ${longDate(earliest, 'en-GB')}: the contract was signed on ${longDate(today, 'en-GB')}`,
      ],
      [
        'sv',
        'sv-SE',
        `Uppdraget kan inte börja före ${longDate(earliest, 'sv-SE')}: avtalet signerades ${longDate(today, 'sv-SE')}`,
      ],
    ] as const) {
      for (const startDate of ['1026-11-02', addDays(earliest, -1)]) {
        const refused = await call('POST', url, buyer.admin.token, { ...body, startDate }, language);
        expect(refused.statusCode, `${startDate} ${locale}`).toBe(400);
        expect(refused.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          errorMessage: expected,
          data: { issues: [{ field: 'startDate', message: expected }] },
        });
      }
    }

    // A year ahead at most for the start, three for the last day; both said at once, each at its field.
    const latestStart = addYears(today, 1);
    const latestEnd = addYears(today, 3);
    const farAhead = await call(
      'POST',
      url,
      buyer.admin.token,
      { ...body, startDate: addDays(latestStart, 1), endDate: '2999-12-31' },
      'sv',
    );
    expect(farAhead.statusCode).toBe(400);
    expect(farAhead.json().data.issues).toEqual([
      expect.objectContaining({
        field: 'startDate',
        message: `Uppdraget måste börja senast ${longDate(latestStart, 'sv-SE')}`,
      }),
      expect.objectContaining({
        field: 'endDate',
        message: `Sista dagen kan vara senast ${longDate(latestEnd, 'sv-SE')}`,
      }),
    ]);
    const endTooLate = await call('POST', url, buyer.admin.token, {
      ...body,
      endDate: addDays(latestEnd, 1),
    });
    expect(endTooLate.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errorMessage: `The last day can be ${longDate(latestEnd, 'en-GB')} at the latest`,
    });
    expect(
      await app.db.selectFrom('assignments').select('id').where('contract_id', '=', contractId).execute(),
    ).toEqual([]);

    // The bounds themselves are fine.
    const hired = await call('POST', url, buyer.admin.token, {
      ...body,
      startDate: earliest,
      endDate: latestEnd,
    });
    expect(hired.statusCode, hired.body).toBe(200);
    expect(hired.json().assignment).toMatchObject({ startDate: earliest, endDate: latestEnd });
  });
});

describe('time reports and the caps', () => {
  it('refuses more than 24 hours a day, counted across two assignments, in both languages', async () => {
    const consultant = await loggedIn(app);
    const first = await hire(app, await createBuyerCompany(app), consultant);
    const second = await hire(app, await createBuyerCompany(app, 'Andra Köparen AB'), consultant);

    expect((await report(consultant.token, first, '2026-03-10', 14, 2)).statusCode).toBe(200);
    const over = await report(consultant.token, second, '2026-03-10', 8, 0.25);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'TOO_MANY_HOURS_PER_DAY',
      errorMessage: 'Cannot report more than 24 hours per day',
    });
    const overSv = await report(consultant.token, second, '2026-03-10', 9, 0, 'sv');
    expect(overSv.json().errorMessage).toBe('Det går inte att rapportera mer än 24 timmar per dag');
    expect((await report(consultant.token, second, '2026-03-10', 8)).statusCode).toBe(200);

    // One row alone: the body's own check, same wording.
    const single = await report(consultant.token, first, '2026-03-11', 20, 5);
    expect(single.statusCode).toBe(400);
    expect(single.json().data.issues[0]).toMatchObject({
      field: 'overtimeHours',
      message: 'Cannot report more than 24 hours per day',
    });

    // Raising a report past the day's room is refused as well.
    const day = await call('GET', '/api/time-reports?from=2026-03-09&to=2026-03-15', consultant.token);
    const firstReport = day.json().reports.find((r: { assignmentId: string }) => r.assignmentId === first);
    const raised = await call('PUT', `/api/time-reports/${firstReport.id}`, consultant.token, {
      hours: 17,
      overtimeHours: 0,
    });
    expect(raised.json().errorMessage).toBe('Cannot report more than 24 hours per day');
    expect(
      (
        await call('PUT', `/api/time-reports/${firstReport.id}`, consultant.token, {
          hours: 16,
          overtimeHours: 0,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses more than 744 hours a month, counted across two assignments, in both languages', async () => {
    const consultant = await loggedIn(app);
    const first = await hire(app, await createBuyerCompany(app), consultant, { startDate: '2026-01-01' });
    const second = await hire(app, await createBuyerCompany(app, 'Månadsköparen AB'), consultant, {
      startDate: '2026-01-01',
    });
    // January has 31 days: 12 + 12 hours every day on the two assignments is 744 hours.
    for (let day = 0; day < 31; day += 1) {
      const date = addDays('2026-01-01', day);
      expect((await report(consultant.token, first, date, 10, 2)).statusCode).toBe(200);
      expect((await report(consultant.token, second, date, 12)).statusCode).toBe(200);
    }
    const month = await call('GET', `/api/assignments/${first}/months/2026-01`, consultant.token);
    expect(month.json().month).toMatchObject({ hours: 310, overtimeHours: 62, status: 'open' });

    const [reportId] = (
      await app.db
        .selectFrom('time_reports')
        .select('id')
        .where('assignment_id', '=', first)
        .where('work_date', '=', '2026-01-31')
        .execute()
    ).map((r) => r.id);
    // Taking half an hour from the last day and adding it back elsewhere: the month is full.
    expect(
      (await call('PUT', `/api/time-reports/${reportId}`, consultant.token, { hours: 9.5, overtimeHours: 2 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/time-reports/${reportId}`, consultant.token, { hours: 10, overtimeHours: 2 }))
        .statusCode,
    ).toBe(200);
    const over = await call('PUT', `/api/time-reports/${reportId}`, consultant.token, {
      hours: 10.25,
      overtimeHours: 2,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'TOO_MANY_HOURS_PER_MONTH',
      errorMessage: 'Cannot report more than 744 hours per month',
    });
    const third = await hire(app, await createBuyerCompany(app, 'Tredje Köparen AB'), consultant, {
      startDate: '2026-01-01',
    });
    const overSv = await report(consultant.token, third, '2026-01-15', 1, 0, 'sv');
    expect(overSv.statusCode).toBe(400);
    expect(overSv.json().errorMessage).toBe('Det går inte att rapportera mer än 744 timmar per månad');
    // February is a new month.
    expect((await report(consultant.token, third, '2026-02-01', 8)).statusCode).toBe(200);
  });

  it('only the consultant reports, inside the assignment period; others get 403 or 404', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, {
      startDate: '2026-04-01',
      endDate: '2026-04-30',
    });
    expect((await report(buyer.admin.token, assignmentId, '2026-04-02', 8)).statusCode).toBe(403);
    const stranger = await loggedIn(app);
    expect((await report(stranger.token, assignmentId, '2026-04-02', 8)).json().code).toBe(
      'ASSIGNMENT_NOT_FOUND',
    );
    const outside = await report(consultant.token, assignmentId, '2026-05-02', 8);
    expect(outside.json().code).toBe('DATE_OUTSIDE_ASSIGNMENT');
    expect((await report(consultant.token, assignmentId, '2026-04-02', 8)).statusCode).toBe(200);
    expect((await report(consultant.token, assignmentId, '2026-04-02', 1)).json().code).toBe(
      'TIME_REPORT_EXISTS',
    );
  });

  it('says a date that does not exist is an invalid date, in both languages (QA12 F10)', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-04-01' });
    const impossible = await report(consultant.token, assignmentId, '2026-04-31', 8);
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().errorMessage).toContain('Invalid date');
    expect(impossible.json().errorMessage).not.toContain('format');
    const impossibleSv = await report(consultant.token, assignmentId, '2026-04-31', 8, 0, 'sv');
    expect(impossibleSv.json().errorMessage).toContain('Ogiltigt datum');
    expect(impossibleSv.json().errorMessage).not.toContain('format');
    // Another shape is still a wrong format.
    const shape = await report(consultant.token, assignmentId, '2026-4-2', 8);
    expect(shape.json().errorMessage).toContain('Invalid date format. Should be YYYY-MM-DD');
  });

  it('refuses a report of 0 hours and 0 overtime, new or edited, in both languages (QA12 F9)', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-04-01' });
    const empty = await report(consultant.token, assignmentId, '2026-04-02', 0, 0);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorMessage).toContain('Enter hours or overtime. To clear a day, delete its report');
    const emptySv = await report(consultant.token, assignmentId, '2026-04-02', 0, 0, 'sv');
    expect(emptySv.json().errorMessage).toContain(
      'Ange timmar eller övertid. Ta bort rapporten för att tömma dagen',
    );
    // Nothing was stored: the day can be reported, and overtime alone is a report.
    const saved = await report(consultant.token, assignmentId, '2026-04-02', 0, 2);
    expect(saved.statusCode, saved.body).toBe(200);
    const reportId = saved.json().report.id as string;
    const emptied = await call('PUT', `/api/time-reports/${reportId}`, consultant.token, {
      hours: 0,
      overtimeHours: 0,
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errorMessage).toContain('Enter hours or overtime');
    expect((await call('DELETE', `/api/time-reports/${reportId}`, consultant.token)).statusCode).toBe(204);
  });
});

describe('month approval', () => {
  it('submit locks the month, return reopens it with a comment, approval locks it for good; all audited', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-05-04' });
    const monthUrl = `/api/assignments/${assignmentId}/months/2026-05`;

    const nothing = await call('POST', `${monthUrl}/submit`, consultant.token);
    expect(nothing.json().code).toBe('NOTHING_TO_SUBMIT');
    const created = await report(consultant.token, assignmentId, '2026-05-04', 8);
    const reportId = created.json().report.id as string;
    expect((await report(consultant.token, assignmentId, '2026-05-05', 7.5, 1)).statusCode).toBe(200);

    const submitted = await call('POST', `${monthUrl}/submit`, consultant.token);
    expect(submitted.json()).toMatchObject({
      month: { status: 'submitted', hours: 15.5, overtimeHours: 1 },
      message: 'The month was submitted for approval',
    });
    const lockedEdit = await call('PUT', `/api/time-reports/${reportId}`, consultant.token, { hours: 6 });
    expect(lockedEdit.statusCode).toBe(409);
    expect(lockedEdit.json()).toMatchObject({
      code: 'TIME_MONTH_LOCKED',
      errorMessage: 'The month has been submitted and can be changed again only if the approver returns it',
    });

    // The approver's inbox lists it; only the approver may decide.
    const inbox = await call('GET', '/api/time-months?status=submitted&role=approver', buyer.admin.token);
    expect(inbox.json().months).toEqual([
      expect.objectContaining({ assignmentId, month: '2026-05', status: 'submitted' }),
    ]);
    expect((await call('POST', `${monthUrl}/approve`, consultant.token)).json().code).toBe(
      'APPROVER_REQUIRED',
    );
    expect((await call('POST', `${monthUrl}/return`, buyer.admin.token, { comment: '   ' })).statusCode).toBe(
      400,
    );

    const returned = await call('POST', `${monthUrl}/return`, buyer.admin.token, {
      comment: 'Den 5 maj var en helgdag?',
    });
    expect(returned.json().month).toMatchObject({ status: 'returned', comment: 'Den 5 maj var en helgdag?' });
    const seen = await call('GET', monthUrl, consultant.token);
    expect(seen.json().month).toMatchObject({ status: 'returned', comment: 'Den 5 maj var en helgdag?' });
    expect(
      (await call('PUT', `/api/time-reports/${reportId}`, consultant.token, { hours: 7 })).statusCode,
    ).toBe(200);
    // Submitted again: the return comment is no longer the month's (the audit log keeps it).
    const resubmitted = await call('POST', `${monthUrl}/submit`, consultant.token);
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().month).toMatchObject({ status: 'submitted', comment: null });
    expect((await call('GET', monthUrl, buyer.admin.token)).json().month.comment).toBeNull();
    const returnAudit = await app.db
      .selectFrom('audit_log')
      .select('data')
      .where('subject_id', '=', assignmentId)
      .where('action', '=', 'time_month.returned')
      .executeTakeFirstOrThrow();
    expect(returnAudit.data).toMatchObject({ comment: 'Den 5 maj var en helgdag?' });

    const approved = await call('POST', `${monthUrl}/approve`, buyer.admin.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().month).toMatchObject({
      status: 'approved',
      hours: 14.5,
      billId: expect.any(String),
    });

    // Approved: no edit, no delete, no new day, no second approval.
    expect(
      (await call('PUT', `/api/time-reports/${reportId}`, consultant.token, { hours: 1 })).json().code,
    ).toBe('TIME_MONTH_LOCKED');
    expect((await call('DELETE', `/api/time-reports/${reportId}`, consultant.token)).json().code).toBe(
      'TIME_MONTH_LOCKED',
    );
    const added = await report(consultant.token, assignmentId, '2026-05-06', 1, 0, 'sv');
    expect(added.statusCode).toBe(409);
    expect(added.json().errorMessage).toBe('Månaden är godkänd och kan inte längre ändras');
    expect(
      (await call('POST', `${monthUrl}/submit`, consultant.token, undefined, 'sv')).json(),
    ).toMatchObject({
      code: 'TIME_MONTH_STATUS_CONFLICT',
      errorMessage: 'Månaden är godkänd och kan inte längre ändras',
    });
    expect((await call('POST', `${monthUrl}/return`, buyer.admin.token, { comment: 'x' })).json().code).toBe(
      'TIME_MONTH_STATUS_CONFLICT',
    );
    const stored = await app.db
      .selectFrom('time_reports')
      .select('hours')
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.hours)).toBe(7);

    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where((eb) => eb.or([eb('subject_id', '=', assignmentId), eb('subject_id', '=', reportId)]))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'assignment.create',
      'time_report.create',
      'time_month.submitted',
      'time_month.returned',
      'time_report.update',
      'time_month.submitted',
      'time_month.approved',
    ]);
  });

  it('the week view lists the reports and the status of the months they touch', async () => {
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, await createBuyerCompany(app), consultant, {
      startDate: '2026-06-01',
    });
    await report(consultant.token, assignmentId, '2026-06-29', 8);
    await report(consultant.token, assignmentId, '2026-07-02', 6, 1);
    const week = await call('GET', '/api/time-reports?from=2026-06-29&to=2026-07-05', consultant.token);
    expect(week.statusCode).toBe(200);
    expect(week.json().reports.map((r: { date: string }) => r.date)).toEqual(['2026-06-29', '2026-07-02']);
    expect(
      week.json().months.map((m: { month: string; status: string }) => `${m.month}:${m.status}`),
    ).toEqual(['2026-06:open', '2026-07:open']);
    expect(
      (await call('GET', '/api/time-reports?from=2026-01-01&to=2026-06-01', consultant.token)).statusCode,
    ).toBe(400);
    const twoMonths = await call('GET', '/api/time-reports?from=2026-06-29&to=2026-08-29', consultant.token);
    expect(twoMonths.json().months.map((m: { month: string }) => m.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
    ]);
  });

  it('the week view lists only the months within each assignment, and any outside it that has reports', async () => {
    const consultant = await loggedIn(app);
    const buyer = await createBuyerCompany(app);
    const april = await hire(app, buyer, consultant, { startDate: '2026-04-15', endDate: '2026-05-10' });
    const june = await hire(app, buyer, consultant, { startDate: '2026-06-01' });
    const monthsOf = async (from: string, to: string) => {
      const response = await call('GET', `/api/time-reports?from=${from}&to=${to}`, consultant.token);
      expect(response.statusCode).toBe(200);
      return (response.json().months as { assignmentId: string; month: string }[]).map(
        (m) =>
          `${m.assignmentId === april ? 'april' : m.assignmentId === june ? 'june' : 'other'}:${m.month}`,
      );
    };
    // A week across March and April: the assignment starts on 15 April, so March is not its month.
    expect(await monthsOf('2026-03-30', '2026-04-05')).toEqual(['april:2026-04']);
    expect(await monthsOf('2026-04-27', '2026-05-03')).toEqual(['april:2026-04', 'april:2026-05']);
    // Its end on 10 May: June belongs to the other assignment only.
    expect(await monthsOf('2026-05-25', '2026-06-07')).toEqual(['april:2026-05', 'june:2026-06']);
    // A report outside the period (the service refuses one; a row from before that rule may exist) keeps its month.
    await app.db
      .insertInto('time_reports')
      .values({ user_id: consultant.id, assignment_id: april, work_date: '2026-03-31', hours: 2 })
      .execute();
    expect(await monthsOf('2026-03-30', '2026-04-05')).toEqual(['april:2026-03', 'april:2026-04']);
  });
});

describe('people without a name', () => {
  it('assignments, months and the approval inbox name them by e-mail address; contracts carry it beside the name', async () => {
    const buyer = await createBuyerCompany(app);
    // Both signed up with e-mail and password before the form asked for a name, and never gave one.
    const consultant = await registerWithPassword(app, { nameless: true });
    const approver = await registerWithPassword(app, { locale: 'en', nameless: true });
    await app.db.updateTable('users').set({ is_premium: true }).where('id', '=', approver.id).execute();
    await app.db
      .insertInto('company_memberships')
      .values({ company_id: buyer.companyId, user_id: approver.id, role: 'member', permissions: [] })
      .execute();
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-06-01' });
    const changed = await call(
      'POST',
      `/api/company/${buyer.companyId}/assignments/${assignmentId}/approver`,
      buyer.admin.token,
      { approverUserId: approver.id },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const named = {
      consultant: { userId: consultant.id, name: consultant.email },
      approver: { userId: approver.id, name: approver.email },
    };
    expect(changed.json().assignment).toMatchObject(named);
    // The contract's views carry the e-mail address beside the name, which the web shows in its place.
    const contracts = await call('GET', '/api/contracts', consultant.token);
    expect(contracts.json().contracts).toEqual([
      expect.objectContaining({
        signer: { userId: consultant.id, email: consultant.email, name: null },
        delegate: { userId: buyer.admin.id, email: buyer.admin.email, name: 'Åsa Ström' },
      }),
    ]);

    for (const reader of [buyer.admin, consultant, approver]) {
      const listed = await call('GET', '/api/assignments', reader.token);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().assignments.find((a: { id: string }) => a.id === assignmentId)).toMatchObject(
        named,
      );
    }

    expect((await report(consultant.token, assignmentId, '2026-06-01', 8)).statusCode).toBe(200);
    const monthUrl = `/api/assignments/${assignmentId}/months/2026-06`;
    expect((await call('POST', `${monthUrl}/submit`, consultant.token)).statusCode).toBe(200);
    const inbox = await call('GET', '/api/time-months?status=submitted&role=approver', approver.token);
    expect(inbox.json().months).toEqual([
      expect.objectContaining({ assignmentId, assignment: expect.objectContaining(named) }),
    ]);
    const returned = await call('POST', `${monthUrl}/return`, approver.token, { comment: 'Fel dag' });
    expect(returned.statusCode, returned.body).toBe(200);
    const seen = await call('GET', monthUrl, consultant.token);
    expect(seen.json()).toMatchObject({
      month: { status: 'returned', decidedBy: { userId: approver.id, name: approver.email } },
      assignment: named,
    });
  });
});

describe('month mails', () => {
  /** The mail with this subject among the recipient's, once `count` mails have arrived for them. */
  const mailWithSubject = async (to: string, count: number, subject: string): Promise<SinkMessage> => {
    const mails = await waitForMails(to, count);
    expect(mails).toHaveLength(count);
    const mail = mails.find((m) => m.Subject === subject);
    if (!mail) throw new Error(`no mail "${subject}" to ${to}: ${mails.map((m) => m.Subject).join(' | ')}`);
    return mail;
  };
  /** The link to the time page in the mail's language, as a full URL of the web app: its path and query. */
  const timeLink = (mail: SinkMessage, language: 'sv' | 'en') => {
    const { url } = extractLink(mail, `/${language}/app/time`);
    expect(new URL(url).origin).toBe(new URL(app.config.PUBLIC_URL).origin);
    expect(mail.HTML).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
    return `${new URL(url).pathname}${new URL(url).search}`;
  };

  it('tell the approver of a submission and the consultant of a return and an approval, each in their own language', async () => {
    const buyer = await createBuyerCompany(app);
    // The approver (Åsa Ström) reads Swedish; the consultant English, whatever language the requests carry.
    const consultant = await loggedIn(app, { locale: 'en', firstName: 'Anna', lastName: 'Lindqvist' });
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-05-04' });
    const monthUrl = `/api/assignments/${assignmentId}/months/2026-05`;
    expect((await report(consultant.token, assignmentId, '2026-05-04', 8)).statusCode).toBe(200);
    expect((await report(consultant.token, assignmentId, '2026-05-05', 7.5, 1)).statusCode).toBe(200);

    const submitted = await call('POST', `${monthUrl}/submit`, consultant.token, undefined, 'en');
    expect(submitted.statusCode, submitted.body).toBe(200);
    const toApprover = await mailWithSubject(
      buyer.admin.email!,
      1,
      'Anna Lindqvist har skickat in maj 2026 för godkännande',
    );
    expect(toApprover.Text).toContain('Hej Åsa!');
    expect(toApprover.Text).toContain(
      'Anna Lindqvist har skickat in sin tid för maj 2026 på uppdraget Konsultavtal (Plattformsbygget) – Köparbolaget Åkesson AB för godkännande.',
    );
    expect(toApprover.Text).toContain('Rapporterad tid: 15,5 tim och 1 tim övertid.');
    expect(timeLink(toApprover, 'sv')).toBe('/sv/app/time');

    const comment = 'Den 5 maj var en helgdag?';
    const returned = await call('POST', `${monthUrl}/return`, buyer.admin.token, { comment }, 'sv');
    expect(returned.statusCode, returned.body).toBe(200);
    const returnMail = await mailWithSubject(consultant.email!, 1, 'May 2026 was returned for correction');
    expect(returnMail.Text).toContain('Hello Anna,');
    expect(returnMail.Text).toContain(
      'Åsa Ström has returned your time for May 2026 on the assignment Konsultavtal (Plattformsbygget) – Köparbolaget Åkesson AB for correction.',
    );
    expect(returnMail.Text).toContain(`Comment from Åsa Ström: “${comment}”`);
    expect(returnMail.Text).toContain('Reported time: 15.5 h and 1 h overtime.');
    expect(timeLink(returnMail, 'en')).toBe(`/en/app/time?assignment=${assignmentId}&month=2026-05`);

    // Corrected and sent again: a second mail to the approver, with the new hours; then the approval.
    expect((await report(consultant.token, assignmentId, '2026-05-06', 6)).statusCode).toBe(200);
    expect((await call('POST', `${monthUrl}/submit`, consultant.token)).statusCode).toBe(200);
    const again = (await waitForMails(buyer.admin.email!, 2)).map((m) => m.Text);
    expect(again).toHaveLength(2);
    expect(
      again.filter((text) => text.includes('Rapporterad tid: 21,5 tim och 1 tim övertid.')),
    ).toHaveLength(1);

    const approved = await call('POST', `${monthUrl}/approve`, buyer.admin.token, undefined, 'sv');
    expect(approved.statusCode, approved.body).toBe(200);
    const approveMail = await mailWithSubject(consultant.email!, 2, 'May 2026 has been approved');
    expect(approveMail.Text).toContain(
      'Åsa Ström has approved your time for May 2026 on the assignment Konsultavtal (Plattformsbygget) – Köparbolaget Åkesson AB.',
    );
    expect(approveMail.Text).toContain('Approved time: 21.5 h and 1 h overtime.');
    expect(timeLink(approveMail, 'en')).toBe(`/en/app/time?assignment=${assignmentId}&month=2026-05`);
    // Nobody is mailed about their own step: the approver got the two submissions and, as a reader of the
    // company's bills, the bill; no mail about the approval itself.
    const approverSubjects = (await waitForMails(buyer.admin.email!, 3)).map((m) => m.Subject);
    expect(approverSubjects.filter((subject) => subject.includes('för godkännande'))).toHaveLength(2);
    expect(approverSubjects.filter((subject) => subject.startsWith('Faktura'))).toHaveLength(1);
  });

  it('name people without a name by e-mail address, and speak English to an English approver', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app, { locale: 'sv' });
    const approver = await loggedIn(app, { locale: 'en', isPremium: true });
    await app.db
      .updateTable('users')
      .set({ first_name: null, last_name: null })
      .where('id', 'in', [consultant.id, approver.id])
      .execute();
    await app.db
      .insertInto('company_memberships')
      .values({ company_id: buyer.companyId, user_id: approver.id, role: 'member', permissions: [] })
      .execute();
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-06-01' });
    await app.db
      .updateTable('projects')
      .set({ name: 'Integrationen' })
      .where('id', '=', buyer.projectId)
      .execute();
    const changed = await call(
      'POST',
      `/api/company/${buyer.companyId}/assignments/${assignmentId}/approver`,
      buyer.admin.token,
      { approverUserId: approver.id },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await report(consultant.token, assignmentId, '2026-06-01', 8)).statusCode).toBe(200);
    const monthUrl = `/api/assignments/${assignmentId}/months/2026-06`;

    expect((await call('POST', `${monthUrl}/submit`, consultant.token, undefined, 'sv')).statusCode).toBe(
      200,
    );
    const toApprover = await mailWithSubject(
      approver.email!,
      1,
      `${consultant.email} has submitted June 2026 for approval`,
    );
    expect(toApprover.Text).toContain('Hello,');
    expect(toApprover.Text).toContain(
      'on the assignment Konsultavtal (Integrationen) – Köparbolaget Åkesson AB for approval.',
    );
    expect(toApprover.Text).toContain('Reported time: 8 h.');
    expect(timeLink(toApprover, 'en')).toBe('/en/app/time');

    const returned = await call('POST', `${monthUrl}/return`, approver.token, { comment: 'Fel dag' }, 'en');
    expect(returned.statusCode, returned.body).toBe(200);
    const toConsultant = await mailWithSubject(
      consultant.email!,
      1,
      'Juni 2026 har skickats tillbaka för rättning',
    );
    expect(toConsultant.Text).toContain('Hej!');
    expect(toConsultant.Text).toContain(`Kommentar från ${approver.email}: ”Fel dag”`);
    expect(toConsultant.Text).toContain('Rapporterad tid: 8 tim.');
    expect(timeLink(toConsultant, 'sv')).toBe(`/sv/app/time?assignment=${assignmentId}&month=2026-06`);
    // The buyer's admin, no longer the approver, is told nothing.
    expect(await findMails(buyer.admin.email!)).toHaveLength(0);
  });

  it('mails nobody when the assignment has no approver or the recipient has no e-mail address', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app, { email: null, personalNumber: createPersonalNumber() });
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-07-01' });
    expect((await report(consultant.token, assignmentId, '2026-07-01', 8)).statusCode).toBe(200);
    const monthUrl = `/api/assignments/${assignmentId}/months/2026-07`;
    // Mails are written to the outbox in the step's transaction: its rows tell who was mailed. (Rows of this
    // test's people only: other test files write rows too.)
    const templatesTo = async (to: string) => (await outboxRowsTo(app, [to])).map((row) => row.template);
    await app.db
      .updateTable('assignments')
      .set({ approver_user_id: null })
      .where('id', '=', assignmentId)
      .execute();
    expect((await call('POST', `${monthUrl}/submit`, consultant.token)).statusCode).toBe(200);
    expect(await templatesTo(buyer.admin.email!)).toEqual([]);

    // With the approver back, the approver hears of the next submission; the consultant, without an
    // address, hears of nothing.
    await app.db
      .updateTable('assignments')
      .set({ approver_user_id: buyer.admin.id })
      .where('id', '=', assignmentId)
      .execute();
    expect(
      (await call('POST', `${monthUrl}/return`, buyer.admin.token, { comment: 'Kolla igen' })).statusCode,
    ).toBe(200);
    expect((await call('POST', `${monthUrl}/submit`, consultant.token)).statusCode).toBe(200);
    expect((await call('POST', `${monthUrl}/approve`, buyer.admin.token)).statusCode).toBe(200);
    // The approver reads the company's bills, so the approval's bill is mailed to them too.
    expect(await templatesTo(buyer.admin.email!)).toEqual(['timeMonthSubmitted', 'billIssued']);
    expect((await waitForMails(buyer.admin.email!, 2)).map((mail) => mail.Subject).sort()).toEqual([
      expect.stringContaining('Faktura'),
      expect.stringContaining('för godkännande'),
    ]);
  });

  it('a mail server that is down fails no transition: each answers 200, its mail waits in the outbox and is sent once the server is back', async () => {
    // The real app against a mail server that refuses connections.
    const { app: offline } = await buildTestAppWithMailDown();
    try {
      const offlineCall = caller(offline);
      const buyer = await createBuyerCompany(offline);
      const consultant = await loggedIn(offline, { locale: 'en' });
      const assignmentId = await hire(offline, buyer, consultant, { startDate: '2026-08-03' });
      const monthUrl = `/api/assignments/${assignmentId}/months/2026-08`;
      const reported = await offlineCall('POST', '/api/time-reports', consultant.token, {
        assignmentId,
        date: '2026-08-03',
        hours: 8,
        overtimeHours: 0,
      });
      expect(reported.statusCode).toBe(200);
      const status = async () =>
        (
          await offline.db
            .selectFrom('time_report_months')
            .select('status')
            .where('assignment_id', '=', assignmentId)
            .executeTakeFirstOrThrow()
        ).status;

      const submitted = await offlineCall('POST', `${monthUrl}/submit`, consultant.token);
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json()).toMatchObject({
        month: { status: 'submitted', hours: 8 },
        message: 'The month was submitted for approval',
      });
      expect(await status()).toBe('submitted');

      const returned = await offlineCall('POST', `${monthUrl}/return`, buyer.admin.token, { comment: 'Nej' });
      expect(returned.statusCode, returned.body).toBe(200);
      expect(await status()).toBe('returned');
      expect((await offlineCall('POST', `${monthUrl}/submit`, consultant.token)).statusCode).toBe(200);
      const approved = await offlineCall('POST', `${monthUrl}/approve`, buyer.admin.token);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().month).toMatchObject({ status: 'approved', billId: expect.any(String) });
      expect(await status()).toBe('approved');
      // No mail is lost: each waits in the outbox, tried once and due again in a minute.
      const approver = buyer.admin.email!;
      // (The approver reads the company's bills, so the approval also wrote the bill's mail to them; the two
      // rows of one transaction have no order between them.)
      const tried = await waitForTriedMails(offline, [approver, consultant.email!], 5);
      const rows = tried.map((row) => [row.template, row.recipient, row.status, row.attempts]);
      expect(rows.slice(0, 3)).toEqual([
        ['timeMonthSubmitted', approver, 'pending', 1],
        ['timeMonthReturned', consultant.email, 'pending', 1],
        ['timeMonthSubmitted', approver, 'pending', 1],
      ]);
      expect(rows.slice(3)).toEqual(
        expect.arrayContaining([
          ['timeMonthApproved', consultant.email, 'pending', 1],
          ['billIssued', approver, 'pending', 1],
        ]),
      );
      expect(tried.every((row) => row.last_error && row.next_attempt_at > new Date())).toBe(true);
      expect(await findMails(consultant.email!)).toHaveLength(0);

      // The mail server is back: the worker's sweep sends each mail once, in its recipient's language.
      await sweepMailsAt(app, new Date(Date.now() + 2 * 60_000));
      const toConsultant = await waitForMails(consultant.email!, 2);
      expect(toConsultant.map((mail) => mail.Subject).sort()).toEqual([
        expect.stringContaining('August 2026 has been approved'),
        expect.stringContaining('August 2026 was returned for correction'),
      ]);
      expect((await waitForMails(approver, 3)).map((mail) => mail.Subject).sort()).toEqual([
        expect.stringContaining('Faktura'),
        expect.stringContaining('har skickat in augusti 2026 för godkännande'),
        expect.stringContaining('har skickat in augusti 2026 för godkännande'),
      ]);
      expect((await outboxRowsTo(offline, [approver, consultant.email!])).map((row) => row.status)).toEqual([
        'sent',
        'sent',
        'sent',
        'sent',
        'sent',
      ]);
      await sweepMailsAt(app, new Date(Date.now() + 3 * 24 * 3600_000));
      expect(await findMails(consultant.email!)).toHaveLength(2);
      expect(await findMails(approver)).toHaveLength(3);
    } finally {
      await offline.close();
    }
  });
});
