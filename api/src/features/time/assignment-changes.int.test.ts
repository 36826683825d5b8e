import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears, swedishDayOf } from '@mp/domain';
import { buildTestApp } from '@mp/test-support/build-test-app';
import {
  caller,
  createBuyerCompany,
  createSignedContract,
  hire,
  loggedIn,
  signedOnStart,
  type LoggedIn,
} from '@mp/test-support/time-fixtures';

// Changing an assignment's approver and ending an assignment (manage_contracts; docs/time-and-billing.md), and
// what happens to an assignment whose approver leaves the company or deletes their account.

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});

afterAll(async () => {
  await app?.close();
});

type Buyer = Awaited<ReturnType<typeof createBuyerCompany>>;

async function addMember(buyer: Buyer, permissions: string[] = [], options = { isPremium: true }) {
  const member = await loggedIn(app, { ...options, firstName: 'Bodil', lastName: 'Ek' });
  await app.db
    .insertInto('company_memberships')
    .values({ company_id: buyer.companyId, user_id: member.id, role: 'member', permissions })
    .execute();
  return member;
}

const report = (consultant: LoggedIn, assignmentId: string, date: string, hours = 8, language = 'en') =>
  call(
    'POST',
    '/api/time-reports',
    consultant.token,
    { assignmentId, date, hours, overtimeHours: 0 },
    language,
  );

const approverUrl = (buyer: Buyer, assignmentId: string) =>
  `/api/company/${buyer.companyId}/assignments/${assignmentId}/approver`;
const endUrl = (buyer: Buyer, assignmentId: string) =>
  `/api/company/${buyer.companyId}/assignments/${assignmentId}/end`;

/** A day as the language writes it in running text ('1 April 2026', '1 april 2026'). */
const longDate = (day: string, locale: 'en-GB' | 'sv-SE') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

async function auditOf(assignmentId: string) {
  return app.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id', 'data'])
    .where('subject_id', '=', assignmentId)
    .where('action', 'like', 'assignment.%')
    .orderBy('id')
    .execute();
}

async function approverOf(assignmentId: string) {
  const row = await app.db
    .selectFrom('assignments')
    .select('approver_user_id')
    .where('id', '=', assignmentId)
    .executeTakeFirstOrThrow();
  return row.approver_user_id;
}

describe("changing an assignment's approver", () => {
  it('is for those who manage the company’s contracts: a manager picks a member or themselves', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-03-02' });
    const manager = await addMember(buyer, ['manage_contracts']);
    const plain = await addMember(buyer, ['view_billing']);
    const outsider = await loggedIn(app, { isPremium: true });

    // A member without manage_contracts: 403; an outsider and the consultant (no member): 404 for the company.
    const forbidden = await call('POST', approverUrl(buyer, assignmentId), plain.token, {
      approverUserId: plain.id,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('COMPANY_PERMISSION_REQUIRED');
    for (const stranger of [outsider, consultant]) {
      const hidden = await call('POST', endUrl(buyer, assignmentId), stranger.token, {
        endDate: '2026-03-31',
      });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().code).toBe('COMPANY_NOT_FOUND');
    }
    // Another company's assignment, or no assignment at all, through this company: not found.
    const other = await createBuyerCompany(app, 'Annat Bolag AB');
    const elsewhere = await hire(app, other, await loggedIn(app), { startDate: '2026-03-02' });
    for (const id of [elsewhere, 'not-a-uuid']) {
      const missing = await call('POST', approverUrl(buyer, id), manager.token, {
        approverUserId: manager.id,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('ASSIGNMENT_NOT_FOUND');
    }

    // The manager makes themselves the approver, then a colleague; the answer is the assignment as it is now.
    const self = await call('POST', approverUrl(buyer, assignmentId), manager.token, {
      approverUserId: manager.id,
    });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json().assignment).toMatchObject({
      id: assignmentId,
      approver: { userId: manager.id, name: 'Bodil Ek' },
      isApprover: true,
      canManage: true,
    });
    const colleague = await call('POST', approverUrl(buyer, assignmentId), manager.token, {
      approverUserId: plain.id,
    });
    expect(colleague.json().assignment).toMatchObject({ approver: { userId: plain.id }, isApprover: false });
    // The same approver again changes nothing and is not audited twice.
    expect(
      (await call('POST', approverUrl(buyer, assignmentId), buyer.admin.token, { approverUserId: plain.id }))
        .statusCode,
    ).toBe(200);

    expect(await auditOf(assignmentId)).toEqual([
      expect.objectContaining({ action: 'assignment.create' }),
      {
        action: 'assignment.approver_change',
        actor_user_id: manager.id,
        data: { companyId: buyer.companyId, from: buyer.admin.id, to: manager.id },
      },
      {
        action: 'assignment.approver_change',
        actor_user_id: manager.id,
        data: { companyId: buyer.companyId, from: manager.id, to: plain.id },
      },
    ]);
  });

  it('refuses a former member, a deleted account and an outsider as the new approver, in both languages', async () => {
    const buyer = await createBuyerCompany(app);
    const assignmentId = await hire(app, buyer, await loggedIn(app), { startDate: '2026-03-02' });
    const former = await addMember(buyer);
    expect(
      (await call('DELETE', `/api/company/${buyer.companyId}/users/${former.id}`, former.token)).statusCode,
    ).toBe(200);
    // A membership left behind by an account deleted before deletions ended memberships.
    const deleted = await addMember(buyer);
    await app.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();
    const outsider = await loggedIn(app);

    for (const candidate of [former, deleted, outsider]) {
      const refused = await call('POST', approverUrl(buyer, assignmentId), buyer.admin.token, {
        approverUserId: candidate.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'APPROVER_NOT_MEMBER',
        errorMessage: 'The approver must be a member of the company',
      });
    }
    const sv = await call(
      'POST',
      approverUrl(buyer, assignmentId),
      buyer.admin.token,
      { approverUserId: former.id },
      'sv',
    );
    expect(sv.json().errorMessage).toBe('Den som godkänner måste vara medlem i företaget');
    const malformed = await call('POST', approverUrl(buyer, assignmentId), buyer.admin.token, {
      approverUserId: 'someone',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await approverOf(assignmentId)).toBe(buyer.admin.id);
    // Nor can a deleted account be hired as an approver.
    const hired = await call('POST', `/api/company/${buyer.companyId}/assignments`, buyer.admin.token, {
      contractId: (
        await app.db
          .selectFrom('assignments')
          .select('contract_id')
          .where('id', '=', assignmentId)
          .executeTakeFirstOrThrow()
      ).contract_id,
      approverUserId: deleted.id,
      hourlyFee: 900,
      overtimeFee: 1200,
      startDate: '2027-01-01',
    });
    expect(hired.json().code).toBe('APPROVER_NOT_MEMBER');
  });

  it('an approver who leaves leaves the assignment without one; the new approver approves the waiting month', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const approver = await addMember(buyer);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-03-02' });
    await call('POST', approverUrl(buyer, assignmentId), buyer.admin.token, { approverUserId: approver.id });
    expect((await report(consultant, assignmentId, '2026-03-02')).statusCode).toBe(200);
    const monthUrl = `/api/assignments/${assignmentId}/months/2026-03`;
    expect((await call('POST', `${monthUrl}/submit`, consultant.token)).statusCode).toBe(200);

    // The approver leaves: the assignment has no approver, which everyone who sees it is told.
    expect(
      (await call('DELETE', `/api/company/${buyer.companyId}/users/${approver.id}`, approver.token))
        .statusCode,
    ).toBe(200);
    expect(await approverOf(assignmentId)).toBeNull();
    const seen = await call('GET', '/api/assignments', buyer.admin.token);
    expect(seen.json().assignments).toEqual([
      expect.objectContaining({ id: assignmentId, approver: null, canManage: true }),
    ]);
    const mine = await call('GET', '/api/assignments', consultant.token);
    expect(mine.json().assignments).toEqual([
      expect.objectContaining({ id: assignmentId, approver: null, canManage: false }),
    ]);
    // The former approver can no longer decide, nor see it; nobody's inbox has the month.
    expect((await call('POST', `${monthUrl}/approve`, approver.token)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/time-months?status=submitted&role=approver', approver.token)).json().months,
    ).toEqual([]);
    // Nobody approves until one is chosen, which the refusal says (QA12 F16), in both languages.
    const noApprover = await call('POST', `${monthUrl}/approve`, buyer.admin.token);
    expect(noApprover.statusCode).toBe(409);
    expect(noApprover.json()).toMatchObject({
      code: 'ASSIGNMENT_NO_APPROVER',
      errorMessage:
        'The assignment has no approver. Someone who manages the company’s contracts must choose one under Contracts',
    });
    const noApproverSv = await call('POST', `${monthUrl}/return`, buyer.admin.token, { comment: 'x' }, 'sv');
    expect(noApproverSv.json()).toMatchObject({
      code: 'ASSIGNMENT_NO_APPROVER',
      errorMessage:
        'Uppdraget har ingen som godkänner tid. Någon som hanterar företagets avtal måste välja en under Avtal',
    });

    // A contract manager picks a new approver, whose inbox now holds the waiting month, and who approves it.
    const successor = await addMember(buyer, [], { isPremium: true });
    const picked = await call('POST', approverUrl(buyer, assignmentId), buyer.admin.token, {
      approverUserId: successor.id,
    });
    expect(picked.json().assignment.approver).toEqual({ userId: successor.id, name: 'Bodil Ek' });
    const inbox = await call('GET', '/api/time-months?status=submitted&role=approver', successor.token);
    expect(inbox.json().months).toEqual([
      expect.objectContaining({ assignmentId, month: '2026-03', status: 'submitted' }),
    ]);
    const approved = await call('POST', `${monthUrl}/approve`, successor.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().month).toMatchObject({
      status: 'approved',
      billId: expect.any(String),
      decidedBy: { userId: successor.id, name: 'Bodil Ek' },
    });

    expect((await auditOf(assignmentId)).map((row) => [row.action, row.data])).toEqual([
      ['assignment.create', expect.anything()],
      ['assignment.approver_change', expect.objectContaining({ to: approver.id })],
      ['assignment.approver_removed', { companyId: buyer.companyId, userId: approver.id, reason: 'left' }],
      ['assignment.approver_change', { companyId: buyer.companyId, from: null, to: successor.id }],
    ]);
  });

  it('an approver removed from the company, or who deletes their account, leaves their assignments without one', async () => {
    const buyer = await createBuyerCompany(app);
    const removed = await addMember(buyer);
    const first = await hire(app, buyer, await loggedIn(app), { startDate: '2026-03-02' });
    await call('POST', approverUrl(buyer, first), buyer.admin.token, { approverUserId: removed.id });
    expect(
      (await call('DELETE', `/api/company/${buyer.companyId}/users/${removed.id}`, buyer.admin.token))
        .statusCode,
    ).toBe(200);
    expect(await approverOf(first)).toBeNull();
    expect((await auditOf(first)).at(-1)).toMatchObject({
      action: 'assignment.approver_removed',
      actor_user_id: buyer.admin.id,
      data: { userId: removed.id, reason: 'removed' },
    });

    const leaving = await addMember(buyer);
    const second = await hire(app, buyer, await loggedIn(app), { startDate: '2026-03-02' });
    await call('POST', approverUrl(buyer, second), buyer.admin.token, { approverUserId: leaving.id });
    const deleted = await call('POST', '/api/user/delete', leaving.token, {
      confirmation: 'delete',
      password: leaving.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await approverOf(second)).toBeNull();
    expect((await auditOf(second)).at(-1)).toMatchObject({
      action: 'assignment.approver_removed',
      data: { userId: leaving.id, reason: 'account_deleted' },
    });
    // Another member's assignments keep their approver.
    expect(await approverOf(await hire(app, buyer, await loggedIn(app)))).toBe(buyer.admin.id);
  });
});

describe('a consultant who leaves the company or is removed from it (QA12 F6)', () => {
  it('ends their running assignments of the company today, named beforehand; reported time stays, audited', async () => {
    const today = swedishDayOf(new Date());
    const buyer = await createBuyerCompany(app);
    const consultant = await addMember(buyer);
    const running = await hire(app, buyer, consultant, { startDate: '2026-03-02' });
    const later = addDays(today, 20);
    const notStarted = await hire(app, buyer, consultant, { startDate: later });
    const ended = await hire(app, buyer, consultant, { startDate: '2026-01-05', endDate: '2026-01-30' });
    // Another company's assignment of the same consultant is not this company's to end.
    const other = await createBuyerCompany(app);
    const elsewhere = await hire(app, other, consultant, { startDate: '2026-03-02' });
    expect((await report(consultant, running, '2026-03-02')).statusCode).toBe(200);

    // The member list names what a removal would end: the running and the coming one, not the ended one.
    const members = await call('GET', `/api/company/${buyer.companyId}/users`, buyer.admin.token);
    const listed = members.json().users.find((user: { userId: string }) => user.userId === consultant.id);
    expect(listed.runningAssignments.map((a: { assignmentId: string }) => a.assignmentId).sort()).toEqual(
      [running, notStarted].sort(),
    );
    expect(listed.runningAssignments[0].name).toEqual(expect.any(String));

    const removed = await call(
      'DELETE',
      `/api/company/${buyer.companyId}/users/${consultant.id}`,
      buyer.admin.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const periods = await app.db
      .selectFrom('assignments')
      .select(['id', 'end_date'])
      .where('id', 'in', [running, notStarted, ended, elsewhere])
      .execute();
    const endOf = (id: string) => periods.find((row) => row.id === id)!.end_date;
    expect(endOf(running)).toBe(today);
    expect(endOf(notStarted)).toBe(later);
    expect(endOf(ended)).toBe('2026-01-30');
    expect(endOf(elsewhere)).toBeNull();

    // Reported time stays and its month can be approved; no day after today can be reported on it.
    expect((await report(consultant, running, addDays(today, 1))).statusCode).toBe(400);
    const month = `/api/assignments/${running}/months/2026-03`;
    expect((await call('POST', `${month}/submit`, consultant.token)).statusCode).toBe(200);
    expect((await call('POST', `${month}/approve`, buyer.admin.token)).statusCode).toBe(200);
    expect((await auditOf(running)).at(-1)).toMatchObject({
      action: 'assignment.end',
      actor_user_id: buyer.admin.id,
      data: { from: null, to: today, consultantUserId: consultant.id, reason: 'removed' },
    });
  });
});

describe('nobody approves their own time', () => {
  it('a consultant who is also a member of the company is refused as approver, at hire and later', async () => {
    const buyer = await createBuyerCompany(app);
    // The consultant belongs to the hiring company (with manage_contracts, even): still not their own approver.
    const consultant = await addMember(buyer, ['manage_contracts'], { isPremium: true });
    const contractId = await createSignedContract(
      app,
      buyer.companyId,
      buyer.projectId,
      consultant.id,
      buyer.admin.id,
      signedOnStart('2026-03-02'),
    );
    const hireBody = {
      contractId,
      approverUserId: consultant.id,
      hourlyFee: 900,
      overtimeFee: 1200,
      startDate: '2026-03-02',
    };
    for (const [language, errorMessage] of [
      ['en', 'The consultant cannot approve their own time. Choose another member'],
      ['sv', 'Konsulten kan inte godkänna sin egen tid. Välj en annan medlem'],
    ] as const) {
      for (const hirer of [buyer.admin, consultant]) {
        const refused = await call(
          'POST',
          `/api/company/${buyer.companyId}/assignments`,
          hirer.token,
          hireBody,
          language,
        );
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'APPROVER_IS_CONSULTANT', errorMessage });
      }
    }
    expect(
      await app.db.selectFrom('assignments').select('id').where('contract_id', '=', contractId).execute(),
    ).toEqual([]);

    const hired = await call('POST', `/api/company/${buyer.companyId}/assignments`, buyer.admin.token, {
      ...hireBody,
      approverUserId: buyer.admin.id,
    });
    expect(hired.statusCode, hired.body).toBe(200);
    const assignmentId = hired.json().assignment.id as string;
    for (const changer of [buyer.admin, consultant]) {
      const refused = await call('POST', approverUrl(buyer, assignmentId), changer.token, {
        approverUserId: consultant.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('APPROVER_IS_CONSULTANT');
    }
    expect(await approverOf(assignmentId)).toBe(buyer.admin.id);
    expect((await auditOf(assignmentId)).map((row) => row.action)).toEqual(['assignment.create']);
  });

  it('an assignment from before the rule whose approver is its consultant: its months cannot be decided by them', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await addMember(buyer, [], { isPremium: true });
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-03-02' });
    // As a hire before the rule could leave it.
    await app.db
      .updateTable('assignments')
      .set({ approver_user_id: consultant.id })
      .where('id', '=', assignmentId)
      .execute();
    expect((await report(consultant, assignmentId, '2026-03-02')).statusCode).toBe(200);
    const monthUrl = `/api/assignments/${assignmentId}/months/2026-03`;
    expect((await call('POST', `${monthUrl}/submit`, consultant.token)).statusCode).toBe(200);

    const approve = await call('POST', `${monthUrl}/approve`, consultant.token, undefined, 'sv');
    expect(approve.statusCode).toBe(403);
    expect(approve.json()).toMatchObject({
      code: 'OWN_TIME_DECISION',
      errorMessage:
        'Du kan inte godkänna eller skicka tillbaka din egen tid. Någon som hanterar företagets avtal måste välja en annan som godkänner',
    });
    const returned = await call('POST', `${monthUrl}/return`, consultant.token, { comment: 'Fel timmar' });
    expect(returned.statusCode).toBe(403);
    expect(returned.json().code).toBe('OWN_TIME_DECISION');
    const month = await call('GET', monthUrl, consultant.token);
    expect(month.json().month).toMatchObject({ status: 'submitted', billId: null });
    expect(
      await app.db.selectFrom('bills').select('id').where('assignment_id', '=', assignmentId).execute(),
    ).toEqual([]);

    // A contract manager picks someone else, who decides.
    const picked = await call('POST', approverUrl(buyer, assignmentId), buyer.admin.token, {
      approverUserId: buyer.admin.id,
    });
    expect(picked.statusCode).toBe(200);
    expect((await call('POST', `${monthUrl}/approve`, buyer.admin.token)).statusCode).toBe(200);
  });
});

describe('ending an assignment', () => {
  it('stops reporting after the last day; what is reported stays and its months are approved as before', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-03-02' });
    const manager = await addMember(buyer, ['manage_contracts']);
    // No time before the first day.
    const beforeFirst = await report(consultant, assignmentId, '2026-03-01');
    expect(beforeFirst.statusCode).toBe(400);
    expect(beforeFirst.json()).toMatchObject({
      code: 'DATE_OUTSIDE_ASSIGNMENT',
      errorMessage: 'The assignment starts on 2 March 2026. Time before it cannot be reported',
    });
    expect((await report(consultant, assignmentId, '2026-02-27', 8, 'sv')).json().errorMessage).toBe(
      'Uppdraget börjar 2 mars 2026. Tid före den dagen kan inte rapporteras',
    );
    expect((await report(consultant, assignmentId, '2026-03-16')).statusCode).toBe(200);
    expect((await report(consultant, assignmentId, '2026-04-01')).statusCode).toBe(200);

    // Not before a reported day, nor before the start; a member without the permission gets 403.
    const early = await call('POST', endUrl(buyer, assignmentId), manager.token, { endDate: '2026-03-20' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'ASSIGNMENT_TIME_AFTER_END',
      errorMessage: 'Time is reported up to 1 April 2026. The assignment cannot end before that day',
    });
    const earlySv = await call(
      'POST',
      endUrl(buyer, assignmentId),
      manager.token,
      { endDate: '2026-03-20' },
      'sv',
    );
    expect(earlySv.json().errorMessage).toBe(
      'Det finns tid rapporterad till och med 1 april 2026. Uppdraget kan inte sluta före den dagen',
    );
    // Before its start: said at the field, in both languages.
    for (const [language, message] of [
      ['en', 'The end date cannot be before the start date'],
      ['sv', 'Slutdatumet kan inte vara före startdatumet'],
    ] as const) {
      const beforeStart = await call(
        'POST',
        endUrl(buyer, assignmentId),
        manager.token,
        { endDate: '2026-03-01' },
        language,
      );
      expect(beforeStart.statusCode).toBe(400);
      expect(beforeStart.json()).toEqual({
        code: 'VALIDATION_FAILED',
        errorMessage: message,
        data: { issues: [{ field: 'endDate', code: 'validation.validityOrder', message }] },
      });
    }
    const badDate = await call('POST', endUrl(buyer, assignmentId), manager.token, { endDate: '2026-04-31' });
    expect(badDate.statusCode).toBe(400);
    // Nor more than three years ahead: year 2999 is a typing mistake, said at the field in both languages.
    const latest = addYears(swedishDayOf(new Date()), 3);
    for (const [language, message] of [
      ['en', `The last day can be ${longDate(latest, 'en-GB')} at the latest`],
      ['sv', `Sista dagen kan vara senast ${longDate(latest, 'sv-SE')}`],
    ] as const) {
      const farAhead = await call(
        'POST',
        endUrl(buyer, assignmentId),
        manager.token,
        { endDate: '2999-12-31' },
        language,
      );
      expect(farAhead.statusCode).toBe(400);
      expect(farAhead.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errorMessage: message,
        data: { issues: [{ field: 'endDate', message }] },
      });
    }
    expect(
      (await call('POST', endUrl(buyer, assignmentId), manager.token, { endDate: addDays(latest, 1) }))
        .statusCode,
    ).toBe(400);
    const plain = await addMember(buyer);
    expect(
      (await call('POST', endUrl(buyer, assignmentId), plain.token, { endDate: '2026-04-10' })).json().code,
    ).toBe('COMPANY_PERMISSION_REQUIRED');

    const ended = await call('POST', endUrl(buyer, assignmentId), manager.token, { endDate: '2026-04-10' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().assignment).toMatchObject({ id: assignmentId, endDate: '2026-04-10' });

    // Up to and including the last day, time is reported; after it, not, with the reason in both languages.
    expect((await report(consultant, assignmentId, '2026-04-10')).statusCode).toBe(200);
    const after = await report(consultant, assignmentId, '2026-04-13');
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({
      code: 'DATE_OUTSIDE_ASSIGNMENT',
      errorMessage: "The assignment's last day is 10 April 2026. Time after it cannot be reported",
    });
    const afterSv = await report(consultant, assignmentId, '2026-05-04', 8, 'sv');
    expect(afterSv.json().errorMessage).toBe(
      'Uppdragets sista dag är 10 april 2026. Tid efter den kan inte rapporteras',
    );
    const stored = await app.db
      .selectFrom('time_reports')
      .select('work_date')
      .where('assignment_id', '=', assignmentId)
      .orderBy('work_date')
      .execute();
    expect(stored.map((row) => row.work_date)).toEqual(['2026-03-16', '2026-04-01', '2026-04-10']);

    // The end cannot move later (that would extend it); an earlier one still can, up to the last reported day.
    const later = await call('POST', endUrl(buyer, assignmentId), manager.token, { endDate: '2026-04-30' });
    expect(later.statusCode).toBe(409);
    expect(later.json()).toMatchObject({
      code: 'ASSIGNMENT_ALREADY_ENDS',
      errorMessage: 'The assignment already ends on 10 April 2026',
    });
    expect(
      (await call('POST', endUrl(buyer, assignmentId), manager.token, { endDate: '2026-04-10' })).statusCode,
    ).toBe(200);

    // The months of the assignment are submitted and approved as before.
    for (const month of ['2026-03', '2026-04']) {
      const monthUrl = `/api/assignments/${assignmentId}/months/${month}`;
      expect((await call('POST', `${monthUrl}/submit`, consultant.token)).statusCode).toBe(200);
      expect((await call('POST', `${monthUrl}/approve`, buyer.admin.token)).statusCode).toBe(200);
    }
    expect((await auditOf(assignmentId)).map((row) => [row.action, row.actor_user_id, row.data])).toEqual([
      ['assignment.create', buyer.admin.id, expect.anything()],
      ['assignment.end', manager.id, { companyId: buyer.companyId, from: null, to: '2026-04-10' }],
    ]);
  });
});

describe('the month machine says what happened to the month', () => {
  it('in both languages', async () => {
    const buyer = await createBuyerCompany(app);
    const consultant = await loggedIn(app);
    const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-03-02' });
    const monthUrl = `/api/assignments/${assignmentId}/months/2026-03`;
    const answer = async (action: 'submit' | 'approve' | 'return', who: LoggedIn, language = 'en') => {
      const response = await call(
        'POST',
        `${monthUrl}/${action}`,
        who.token,
        action === 'return' ? { comment: 'Kolla måndagen' } : undefined,
        language,
      );
      return {
        status: response.statusCode,
        ...(response.json() as { code?: string; errorMessage?: string }),
      };
    };
    const conflict = (errorMessage: string) => ({
      status: 409,
      code: 'TIME_MONTH_STATUS_CONFLICT',
      errorMessage,
    });
    const { admin } = buyer;
    const reportId = (await report(consultant, assignmentId, '2026-03-02')).json().report.id as string;

    expect(await answer('approve', admin)).toMatchObject(conflict('The month has not been submitted yet'));
    expect(await answer('return', admin, 'sv')).toMatchObject(conflict('Månaden har inte skickats in ännu'));
    await answer('submit', consultant);
    expect(await answer('submit', consultant)).toMatchObject(
      conflict('The month has already been submitted'),
    );
    expect(await answer('submit', consultant, 'sv')).toMatchObject(conflict('Månaden har redan skickats in'));
    const locked = await call('PUT', `/api/time-reports/${reportId}`, consultant.token, { hours: 6 });
    expect(locked.json()).toMatchObject({
      code: 'TIME_MONTH_LOCKED',
      errorMessage: 'The month has been submitted and can be changed again only if the approver returns it',
    });
    await answer('return', admin);
    expect(await answer('return', admin)).toMatchObject(
      conflict('The month has already been returned to the consultant'),
    );
    expect(await answer('approve', admin)).toMatchObject(
      conflict('The month was returned to the consultant and has not been submitted again yet'),
    );
    expect(await answer('approve', admin, 'sv')).toMatchObject(
      conflict('Månaden skickades tillbaka till konsulten och har inte skickats in igen ännu'),
    );
    await answer('submit', consultant);
    expect((await answer('approve', admin)).status).toBe(200);
    expect(await answer('approve', admin)).toMatchObject(conflict('The month has already been approved'));
    expect(await answer('approve', admin, 'sv')).toMatchObject(conflict('Månaden har redan godkänts'));
    expect(await answer('submit', consultant)).toMatchObject(
      conflict('The month is approved and can no longer be changed'),
    );
    expect(await answer('return', admin, 'sv')).toMatchObject(
      conflict('Månaden är godkänd och kan inte längre ändras'),
    );
    const lockedSv = await call('DELETE', `/api/time-reports/${reportId}`, consultant.token, undefined, 'sv');
    expect(lockedSv.json()).toMatchObject({
      code: 'TIME_MONTH_LOCKED',
      errorMessage: 'Månaden är godkänd och kan inte längre ändras',
    });
  });
});
