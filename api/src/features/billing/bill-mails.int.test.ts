import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppWithMailDown } from '@mp/test-support/build-test-app';
import { createPersonalNumber } from '@mp/test-support/factories';
import { outboxRowsTo, sweepMailsAt, waitForTriedMails } from '@mp/test-support/mail-outbox';
import { extractLink, findMails, waitForMails, type SinkMessage } from '@mp/test-support/mail-sink';
import { caller, createBuyerCompany, hire, loggedIn, type LoggedIn } from '@mp/test-support/time-fixtures';

let app: FastifyInstance;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});

afterAll(async () => {
  await app?.close();
});

const MAIL_SINK_URL = process.env.MAIL_SINK_URL ?? 'http://127.0.0.1:8025';

/** The names of the PDF files a mail carries, from its raw message. */
async function pdfAttachments(mail: SinkMessage): Promise<string[]> {
  const raw = await (await fetch(`${MAIL_SINK_URL}/api/v1/message/${mail.ID}/raw`)).text();
  const parts = raw.split(/\r?\n--/).filter((part) => /content-type:\s*application\/pdf/i.test(part));
  return parts.map((part) => /filename="?([^"\r\n;]+)"?/i.exec(part)?.[1] ?? '');
}

async function addMember(
  app: FastifyInstance,
  companyId: string,
  user: LoggedIn,
  role: 'admin' | 'member',
  permissions: string[],
) {
  await app.db
    .insertInto('company_memberships')
    .values({ company_id: companyId, user_id: user.id, role, permissions })
    .execute();
}

/** A hired consultant's month of 15.5 hours and 1 hour of overtime, submitted for the buyer's admin to approve. */
async function submittedMonth(
  app: FastifyInstance,
  buyer: Awaited<ReturnType<typeof createBuyerCompany>>,
  month: string,
) {
  const consultant = await loggedIn(app);
  const assignmentId = await hire(app, buyer, consultant, { startDate: `${month}-04` });
  const appCall = caller(app);
  for (const [date, hours, overtimeHours] of [
    [`${month}-04`, 8, 0],
    [`${month}-05`, 7.5, 1],
  ] as const) {
    const reported = await appCall('POST', '/api/time-reports', consultant.token, {
      assignmentId,
      date,
      hours,
      overtimeHours,
    });
    expect(reported.statusCode, reported.body).toBe(200);
  }
  const monthUrl = `/api/assignments/${assignmentId}/months/${month}`;
  expect((await appCall('POST', `${monthUrl}/submit`, consultant.token)).statusCode).toBe(200);
  return { consultant, assignmentId, monthUrl };
}

describe('the bill mail', () => {
  it("tells the buyer's billing readers of an issued bill (the approver among them), each once in their own language, nobody else", async () => {
    const buyer = await createBuyerCompany(app);
    // A second admin (who also holds view_billing: one mail all the same), reading Swedish.
    const admin = await loggedIn(app, { locale: 'sv', firstName: 'Bengt', lastName: 'Berg' });
    await addMember(app, buyer.companyId, admin, 'admin', ['view_billing']);
    const reader = await loggedIn(app, { locale: 'en', firstName: 'Emma', lastName: 'Reed' });
    await addMember(app, buyer.companyId, reader, 'member', ['view_billing']);
    const plain = await loggedIn(app, { locale: 'sv' });
    await addMember(app, buyer.companyId, plain, 'member', ['manage_contracts']);
    const noAddress = await loggedIn(app, { email: null, personalNumber: createPersonalNumber() });
    await addMember(app, buyer.companyId, noAddress, 'member', ['view_billing']);
    const deleted = await loggedIn(app);
    await addMember(app, buyer.companyId, deleted, 'member', ['view_billing']);
    await app.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();

    const { consultant, monthUrl } = await submittedMonth(app, buyer, '2026-05');
    const approved = await call('POST', `${monthUrl}/approve`, buyer.admin.token, undefined, 'en');
    expect(approved.statusCode, approved.body).toBe(200);
    const billId = approved.json().month.billId as string;
    expect(billId).toEqual(expect.any(String));
    // The approval wrote the mails to the outbox: the consultant hears of the approval; of the bill only Bengt
    // and Emma, once each.
    const recipients = [consultant, admin, reader, plain, deleted].flatMap((user) => user.email ?? []);
    const written = await outboxRowsTo(app, recipients);
    expect(written.map((row) => [row.template, row.recipient]).sort()).toEqual(
      [
        ['billIssued', admin.email],
        ['billIssued', reader.email],
        ['timeMonthApproved', consultant.email],
      ].sort(),
    );

    const bill = (await call('GET', `/api/user/billing/${billId}`, admin.token)).json().bill as {
      invoiceNumber: number;
      ocrReference: string;
      totalOre: number;
      dueDate: string;
    };
    // 15.5 h × 950 + 1 h × 1400 + the buyer fee 2995, plus 25 % VAT.
    expect(bill.totalOre).toBe(2_390_000);
    const dueDay = new Date(`${bill.dueDate}T00:00:00Z`);

    const [sv] = await waitForMails(admin.email!, 1);
    expect(await findMails(admin.email!)).toHaveLength(1);
    expect(sv!.Subject).toBe(`Faktura ${bill.invoiceNumber} för maj 2026 från Konsultmarknaden`);
    expect(sv!.Text).toContain('Hej Bengt!');
    expect(sv!.Text).toContain(
      `Åsa Ström har godkänt tiden för maj 2026 på uppdraget Konsultavtal (Plattformsbygget) – Köparbolaget Åkesson AB, och faktura ${bill.invoiceNumber} har utfärdats.`,
    );
    const svDue = new Intl.DateTimeFormat('sv-SE', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(dueDay);
    expect(sv!.Text).toContain(`Att betala: 23\u00a0900,00\u00a0kr inklusive moms, senast ${svDue}.`);
    expect(sv!.Text).toContain(`ange OCR-nummer ${bill.ocrReference}.`);
    const svLink = extractLink(sv!, `/sv/app/user/billing/${billId}`).url;
    expect(new URL(svLink).origin).toBe(new URL(app.config.PUBLIC_URL).origin);
    expect(sv!.HTML).toContain(`href="${svLink}"`);
    expect(await pdfAttachments(sv!)).toEqual([`faktura-${bill.invoiceNumber}.pdf`]);

    const [en] = await waitForMails(reader.email!, 1);
    expect(await findMails(reader.email!)).toHaveLength(1);
    expect(en!.Subject).toBe(`Invoice ${bill.invoiceNumber} for May 2026 from Konsultmarknaden`);
    expect(en!.Text).toContain('Hello Emma,');
    expect(en!.Text).toContain(
      `Åsa Ström has approved the time for May 2026 on the assignment Konsultavtal (Plattformsbygget) – Köparbolaget Åkesson AB, and invoice ${bill.invoiceNumber} has been issued.`,
    );
    const enDue = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(dueDay);
    expect(en!.Text).toContain(`Amount due: SEK\u00a023,900.00 including VAT, by ${enDue}.`);
    expect(extractLink(en!, `/en/app/user/billing/${billId}`).url).toBe(
      `${new URL(app.config.PUBLIC_URL).origin}/en/app/user/billing/${billId}`,
    );
    expect(await pdfAttachments(en!)).toEqual([`invoice-${bill.invoiceNumber}.pdf`]);

    // The approver (the buyer's first admin) approved it themselves and reads the company's bills: they get the
    // invoice too (in a company with one admin, nobody else would); the plain member does not see bills.
    await waitForMails(buyer.admin.email!, 2);
    expect((await findMails(buyer.admin.email!)).map((mail) => mail.Subject).sort()).toEqual([
      expect.stringContaining('Faktura'),
      expect.stringContaining('har skickat in maj 2026 för godkännande'),
    ]);
    expect(await findMails(plain.email!)).toHaveLength(0);
    expect(await findMails(deleted.email!)).toHaveLength(0);
  });

  it('a mail server that is down fails no approval: the bill is issued, its mail waits in the outbox and is sent with its PDF once the server is back', async () => {
    // The real app against a mail server that refuses connections.
    const { app: offline } = await buildTestAppWithMailDown();
    try {
      const buyer = await createBuyerCompany(offline);
      const reader = await loggedIn(offline, { locale: 'en' });
      await addMember(offline, buyer.companyId, reader, 'member', ['view_billing']);
      const { assignmentId, monthUrl } = await submittedMonth(offline, buyer, '2026-08');

      const approved = await caller(offline)('POST', `${monthUrl}/approve`, buyer.admin.token);
      expect(approved.statusCode, approved.body).toBe(200);
      const billId = approved.json().month.billId as string;
      const bill = await offline.db
        .selectFrom('bills')
        .select(['status', 'assignment_id'])
        .where('id', '=', billId)
        .executeTakeFirstOrThrow();
      expect(bill).toEqual({ status: 'issued', assignment_id: assignmentId });
      const month = await offline.db
        .selectFrom('time_report_months')
        .select('status')
        .where('assignment_id', '=', assignmentId)
        .executeTakeFirstOrThrow();
      expect(month.status).toBe('approved');
      // No mail is lost: the reader's waits in the outbox, its PDF described (rendered when sent), not stored.
      const [waiting] = await waitForTriedMails(offline, [reader.email!], 1);
      expect(waiting).toMatchObject({
        template: 'billIssued',
        locale: 'en',
        status: 'pending',
        attempts: 1,
        attachments: [{ kind: 'billPdf', billId, locale: 'en' }],
      });
      expect(await findMails(reader.email!)).toHaveLength(0);

      // The mail server is back: the worker's sweep sends it once, with the PDF in the reader's language.
      await sweepMailsAt(app, new Date(Date.now() + 2 * 60_000));
      const [mail] = await waitForMails(reader.email!, 1);
      const invoiceNumber = (
        await offline.db
          .selectFrom('bills')
          .select('invoice_number')
          .where('id', '=', billId)
          .executeTakeFirstOrThrow()
      ).invoice_number;
      expect(mail!.Subject).toContain(String(invoiceNumber));
      expect(await pdfAttachments(mail!)).toEqual([`invoice-${invoiceNumber}.pdf`]);
      expect((await outboxRowsTo(offline, [reader.email!]))[0]).toMatchObject({ status: 'sent' });
      await sweepMailsAt(app, new Date(Date.now() + 3 * 24 * 3600_000));
      expect(await findMails(reader.email!)).toHaveLength(1);
    } finally {
      await offline.close();
    }
  });
});
