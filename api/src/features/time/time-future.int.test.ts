import { addDays, addMonths, monthOf, swedishDayOf } from '@mp/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken } from '@mp/test-support/factories';
import { caller, createBuyerCompany, hire, loggedIn } from '@mp/test-support/time-fixtures';

// Time is reported for work done: no day after today (the Swedish calendar day), and no month submitted
// before it has begun. The current month may be submitted before it ends.

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await app?.close();
});

const report = (token: string, assignmentId: string, date: string, hours = 8, language = 'en') =>
  call('POST', '/api/time-reports', token, { assignmentId, date, hours, overtimeHours: 0 }, language);

/** A consultant hired from 40 days ago, with no end date. */
async function hiredConsultant() {
  const buyer = await createBuyerCompany(app);
  const consultant = await loggedIn(app);
  const assignmentId = await hire(app, buyer, consultant, {
    startDate: addDays(swedishDayOf(new Date()), -40),
  });
  return { buyer, consultant, assignmentId };
}

/** A report written straight to the table, as the API let through before days after today were refused. */
async function insertReport(userId: string, assignmentId: string, date: string) {
  const assignment = await app.db
    .selectFrom('assignments')
    .select(['contract_id', 'project_id'])
    .where('id', '=', assignmentId)
    .executeTakeFirstOrThrow();
  const row = await app.db
    .insertInto('time_reports')
    .values({
      user_id: userId,
      assignment_id: assignmentId,
      contract_id: assignment.contract_id,
      project_id: assignment.project_id,
      work_date: date,
      hours: 8,
      overtime_hours: 0,
      note: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('reporting days that have not come yet', () => {
  it('refuses a day after today in both languages; today and earlier days are fine', async () => {
    const { consultant, assignmentId } = await hiredConsultant();
    const today = swedishDayOf(new Date());

    const tomorrow = await report(consultant.token, assignmentId, addDays(today, 1));
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json()).toMatchObject({
      code: 'TIME_REPORT_IN_FUTURE',
      errorMessage: 'You cannot report time for a day that has not come yet',
    });
    const farAway = await report(consultant.token, assignmentId, '2099-01-05', 8, 'sv');
    expect(farAway.statusCode).toBe(400);
    expect(farAway.json()).toMatchObject({
      code: 'TIME_REPORT_IN_FUTURE',
      errorMessage: 'Du kan inte rapportera tid för en dag som inte har kommit ännu',
    });
    const stored = await app.db
      .selectFrom('time_reports')
      .select('work_date')
      .where('assignment_id', '=', assignmentId)
      .execute();
    expect(stored).toEqual([]);

    expect((await report(consultant.token, assignmentId, today)).statusCode).toBe(200);
    expect((await report(consultant.token, assignmentId, addDays(today, -1))).statusCode).toBe(200);
  });

  it('judges today on the Swedish calendar, not by UTC', async () => {
    const { consultant, assignmentId } = await hiredConsultant();
    const tomorrow = addDays(swedishDayOf(new Date()), 1);
    // Half an hour into tomorrow in Stockholm, while it is still today in UTC (Sweden is UTC+1 or +2).
    const halfPastMidnight = [1, 2]
      .map((hours) => new Date(Date.parse(`${tomorrow}T00:30:00Z`) - hours * 3_600_000))
      .find(
        (instant) =>
          swedishDayOf(instant) === tomorrow &&
          swedishDayOf(new Date(instant.getTime() - 3_600_000)) !== tomorrow,
      )!;
    expect(halfPastMidnight.toISOString().slice(0, 10)).not.toBe(tomorrow);
    vi.useFakeTimers({ toFake: ['Date'], now: halfPastMidnight });
    // A session of that moment: in the last hour of a UTC day Stockholm is past midnight already, `tomorrow` is
    // more than a day away, and the session made a moment ago would have expired by then (401).
    const token = await createSessionToken(app, consultant.id);

    expect((await report(token, assignmentId, tomorrow)).statusCode).toBe(200);
    const dayAfter = await report(token, assignmentId, addDays(tomorrow, 1));
    expect(dayAfter.json().code).toBe('TIME_REPORT_IN_FUTURE');
  });

  it('refuses to change a report of a day after today, but lets it be deleted', async () => {
    const { consultant, assignmentId } = await hiredConsultant();
    const reportId = await insertReport(consultant.id, assignmentId, '2099-01-05');

    const changed = await call('PUT', `/api/time-reports/${reportId}`, consultant.token, {
      hours: 4,
      overtimeHours: 0,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().code).toBe('TIME_REPORT_IN_FUTURE');

    const deleted = await call('DELETE', `/api/time-reports/${reportId}`, consultant.token);
    expect(deleted.statusCode).toBeLessThan(300);
  });
});

describe('submitting a month that has not begun', () => {
  it('submits the current month before it ends, but not a later month', async () => {
    const { consultant, assignmentId } = await hiredConsultant();
    const thisMonth = monthOf(swedishDayOf(new Date()));
    const nextMonth = addMonths(thisMonth, 1);
    // Hours in next month and in 2099, as the API let through before such days were refused.
    await insertReport(consultant.id, assignmentId, `${nextMonth}-01`);
    await insertReport(consultant.id, assignmentId, '2099-01-05');
    const submit = (month: string, language = 'en') =>
      call(
        'POST',
        `/api/assignments/${assignmentId}/months/${month}/submit`,
        consultant.token,
        undefined,
        language,
      );

    const later = await submit(nextMonth);
    expect(later.statusCode).toBe(409);
    expect(later.json()).toMatchObject({
      code: 'TIME_MONTH_NOT_STARTED',
      errorMessage: 'You cannot submit a month that has not started yet',
    });
    const farAway = await submit('2099-01', 'sv');
    expect(farAway.statusCode).toBe(409);
    expect(farAway.json()).toMatchObject({
      code: 'TIME_MONTH_NOT_STARTED',
      errorMessage: 'Du kan inte skicka in en månad som inte har börjat ännu',
    });
    const month = await call('GET', `/api/assignments/${assignmentId}/months/2099-01`, consultant.token);
    expect(month.json().month.status).toBe('open');

    expect((await report(consultant.token, assignmentId, swedishDayOf(new Date()))).statusCode).toBe(200);
    const current = await submit(thisMonth);
    expect(current.statusCode).toBe(200);
    expect(current.json().month).toMatchObject({ month: thisMonth, status: 'submitted' });
  });
});
