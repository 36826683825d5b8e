import { swedishDayOf } from '@mp/domain';
import type { CardSimulator } from '@mp/scripts/card-simulator/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import {
  addBuyerCard,
  answerChallenge,
  cardProviderConfig,
  relayWebhooks,
  startTestCardSimulator,
  type WebhookRelay,
} from '@mp/test-support/card-simulator';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { extractPdfText } from '@mp/test-support/pdf-text';
import {
  approvedMonth,
  caller,
  createBuyerCompany,
  hire,
  loggedIn,
  type LoggedIn,
} from '@mp/test-support/time-fixtures';

// Paying a bill (QA: nothing ever set bills.paid_at). A reader of the company's bills pays its total with VAT by
// card through the card simulator (hosted form, 3-D Secure, signed webhooks relayed into the app); the bill is
// then paid, its receipt is under Billing, and a second payment is refused with nothing charged. An admin records
// a bankgiro payment received outside the app, audited.

const CARDS = { success: '4242424242424242', threeDSecure: '4000002500003155' };

let app: FastifyInstance;
let simulator: CardSimulator;
let relay: WebhookRelay;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  simulator = await startTestCardSimulator();
  app = await buildTestApp({ ...cardProviderConfig(simulator) });
  relay = await relayWebhooks(simulator.url, app);
  call = caller(app);
});

afterAll(async () => {
  await app?.close();
  await relay?.close();
  await simulator?.close();
});

/** A bill issued to a new buyer company, whose admin has the card `card` on file. */
async function issuedBill(card = CARDS.success) {
  const buyer = await createBuyerCompany(app);
  const consultant = await loggedIn(app, { firstName: 'Ingrid' });
  const assignmentId = await hire(app, buyer, consultant, { startDate: '2026-03-02' });
  const billId = await approvedMonth(app, buyer, consultant, assignmentId, '2026-03', [
    { date: '2026-03-02', hours: 8 },
    { date: '2026-03-03', hours: 7.5 },
  ]);
  await addCard(buyer.admin, card);
  return { buyer, consultant, billId };
}

async function addCard(user: LoggedIn, card: string) {
  await addBuyerCard({ id: user.id, email: user.email!, auth: user.token, app }, simulator.url, card);
}

const billOf = async (billId: string, token: string, language = 'en') =>
  call('GET', `/api/user/billing/${billId}`, token, undefined, language);

const paymentsOf = (billId: string) =>
  app.db
    .selectFrom('payments')
    .select(['id', 'user_id', 'status', 'amount_ore', 'refund_due_at', 'provider_intent_id'])
    .where('bill_id', '=', billId)
    .orderBy('created_at')
    .execute();

describe('paying a bill by card', () => {
  it("charges the bill's total with VAT; the bill is paid, its receipt is under Billing", async () => {
    const { buyer, billId } = await issuedBill();
    const before = await billOf(billId, buyer.admin.token);
    expect(before.json()).toMatchObject({ canPay: true, bill: { status: 'open', paidAt: null } });
    const total = before.json().bill.totalOre as number;

    const paid = await call('POST', `/api/user/billing/${billId}/pay`, buyer.admin.token, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });

    const after = await billOf(billId, buyer.admin.token, 'sv');
    expect(after.json()).toMatchObject({ canPay: false, bill: { status: 'paid' } });
    expect(swedishDayOf(new Date(after.json().bill.paidAt))).toBe(swedishDayOf(new Date()));
    const payments = await paymentsOf(billId);
    expect(payments.map((p) => [p.status, Number(p.amount_ore), p.user_id])).toEqual([
      ['succeeded', total, buyer.admin.id],
    ]);
    // The provider took the bill's total.
    const intent = await fetch(`${simulator.url}/v1/payment_intents/${payments[0]!.provider_intent_id}`, {
      headers: { authorization: `Bearer sk_test_integration` },
    });
    expect(await intent.json()).toMatchObject({ amount: total, currency: 'sek', status: 'succeeded' });

    const receipts = await call('GET', '/api/payment/receipts', buyer.admin.token, undefined, 'sv');
    const invoiceNumber = after.json().bill.invoiceNumber as number;
    expect(receipts.json().receipts).toEqual([
      expect.objectContaining({ purpose: 'bill', invoiceNumber, amountOre: total, status: 'succeeded' }),
    ]);
    // The receipt names the invoice it paid.
    const receiptPdf = await call(
      'GET',
      `/api/payment/receipts/${payments[0]!.id}/pdf`,
      buyer.admin.token,
      undefined,
      'sv',
    );
    expect(receiptPdf.statusCode).toBe(200);
    // Made out to the bill's buyer, the company, as the invoice is; not to the person who paid (QA10 F8).
    const receiptText = await extractPdfText(receiptPdf.rawPayload);
    const billBuyer = after.json().bill.buyer as { name: string; organisationNumber: string | null };
    expect(receiptText).toContain(billBuyer.name);
    expect(receiptText).toContain(`Org.nr ${billBuyer.organisationNumber}`);

    // god/bills says "by card" for it: a card payment paid it.
    const admin = await createUser(app.db, app.config, { isAdmin: true });
    const listed = await call('GET', '/api/admin/bills?status=paid', await createSessionToken(app, admin.id));
    expect(listed.json().bills.find((b: { id: string }) => b.id === billId)).toMatchObject({
      paidByCard: true,
      paidManually: false,
      markedPaidBy: null,
    });
  });

  it('god/bills says "by card" only when a card payment paid the bill (QA10 F7)', async () => {
    const { billId } = await issuedBill();
    // Paid without any card payment nor an admin's record (as the demo seed's bills are).
    await app.db
      .updateTable('bills')
      .set({ status: 'paid', paid_at: new Date() })
      .where('id', '=', billId)
      .execute();
    const admin = await createUser(app.db, app.config, { isAdmin: true });
    const listed = await call('GET', '/api/admin/bills?status=paid', await createSessionToken(app, admin.id));
    expect(listed.json().bills.find((b: { id: string }) => b.id === billId)).toMatchObject({
      paidByCard: false,
      paidManually: false,
      markedPaidBy: null,
    });
  });

  it('through 3-D Secure: the signed webhook alone marks the bill paid when the browser never returns', async () => {
    const { buyer, billId } = await issuedBill(CARDS.threeDSecure);
    const started = await call('POST', `/api/user/billing/${billId}/pay`, buyer.admin.token, {});
    expect(started.json()).toMatchObject({ status: 'requires_action' });
    expect(started.json().redirectUrl).toContain(simulator.url);
    expect((await billOf(billId, buyer.admin.token)).json().bill.status).toBe('open');
    const delivered = relay.deliveries.length;
    await answerChallenge(started.json().redirectUrl, 'complete');
    await expect
      .poll(async () => (await billOf(billId, buyer.admin.token)).json().bill.status, { timeout: 5000 })
      .toBe('paid');
    expect(relay.deliveries.slice(delivered).every((d) => d.status === 200)).toBe(true);
    // The browser's return afterwards (and any replay) changes nothing.
    const synced = await call(
      'POST',
      `/api/payment/intents/${(await paymentsOf(billId))[0]!.provider_intent_id}/sync`,
      buyer.admin.token,
    );
    expect(synced.json()).toMatchObject({ status: 'succeeded' });
    expect((await paymentsOf(billId)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it('refuses a second payment of a paid bill, in Swedish and English, and charges nothing', async () => {
    const { buyer, billId } = await issuedBill();
    expect((await call('POST', `/api/user/billing/${billId}/pay`, buyer.admin.token, {})).statusCode).toBe(
      200,
    );
    const again = await call('POST', `/api/user/billing/${billId}/pay`, buyer.admin.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'BILL_ALREADY_PAID',
      errorMessage: 'This invoice is already paid. Nothing more will be charged',
    });
    const swedish = await call('POST', `/api/user/billing/${billId}/pay`, buyer.admin.token, {}, 'sv');
    expect(swedish.json()).toMatchObject({
      code: 'BILL_ALREADY_PAID',
      errorMessage: 'Fakturan är redan betald. Inget mer dras',
    });
    expect((await paymentsOf(billId)).length).toBe(1);
  });

  it('two payments started at once charge once', async () => {
    const { buyer, billId } = await issuedBill();
    const answers = await Promise.all([
      call('POST', `/api/user/billing/${billId}/pay`, buyer.admin.token, {}),
      call('POST', `/api/user/billing/${billId}/pay`, buyer.admin.token, {}),
    ]);
    expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 409)).toBe(true);
    const standing = (await paymentsOf(billId)).filter((p) => p.status === 'succeeded' && !p.refund_due_at);
    expect(standing.length).toBe(1);
    expect((await paymentsOf(billId)).filter((p) => p.status === 'succeeded').length).toBe(1);
  });

  it('a payment that arrives for a bill paid meanwhile by bankgiro is refunded, the bill stays paid', async () => {
    const { buyer, billId } = await issuedBill(CARDS.threeDSecure);
    const started = await call('POST', `/api/user/billing/${billId}/pay`, buyer.admin.token, {});
    expect(started.json()).toMatchObject({ status: 'requires_action' });
    const admin = await createUser(app.db, app.config, {
      isAdmin: true,
      firstName: 'Greta',
      lastName: 'Gud',
    });
    const adminToken = await createSessionToken(app, admin.id);
    const marked = await call('POST', `/api/admin/bills/${billId}/mark-paid`, adminToken, {
      paidOn: swedishDayOf(new Date()),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const intentId = await answerChallenge(started.json().redirectUrl, 'complete');
    const synced = await call('POST', `/api/payment/intents/${intentId}/sync`, buyer.admin.token);
    expect(synced.json()).toMatchObject({ status: 'refunded' });
    await expect
      .poll(async () => (await paymentsOf(billId)).map((p) => p.status), { timeout: 5000 })
      .toEqual(['refunded']);
    expect((await billOf(billId, buyer.admin.token)).json().bill.status).toBe('paid');
  });
});

describe('who may pay a bill', () => {
  it('a member with view_billing pays; the consultant and a member without it may not; others see no bill', async () => {
    const { buyer, consultant, billId } = await issuedBill();
    // The consultant sees the bill (their own work) but does not pay the company's invoice.
    await addCard(consultant, CARDS.success);
    expect((await billOf(billId, consultant.token)).json()).toMatchObject({ canPay: false });
    const byConsultant = await call('POST', `/api/user/billing/${billId}/pay`, consultant.token, {});
    expect(byConsultant.statusCode).toBe(403);
    expect(byConsultant.json()).toMatchObject({ code: 'FORBIDDEN' });

    const member = await loggedIn(app, { firstName: 'Märta' });
    await app.db
      .insertInto('company_memberships')
      .values({ company_id: buyer.companyId, user_id: member.id, role: 'member', permissions: [] })
      .execute();
    await addCard(member, CARDS.success);
    expect((await call('POST', `/api/user/billing/${billId}/pay`, member.token, {})).statusCode).toBe(404);

    const stranger = await loggedIn(app);
    await addCard(stranger, CARDS.success);
    expect((await call('POST', `/api/user/billing/${billId}/pay`, stranger.token, {})).statusCode).toBe(404);
    expect(await paymentsOf(billId)).toEqual([]);

    await app.db
      .updateTable('company_memberships')
      .set({ permissions: ['view_billing'] })
      .where('user_id', '=', member.id)
      .execute();
    expect((await billOf(billId, member.token)).json()).toMatchObject({ canPay: true });
    const paid = await call('POST', `/api/user/billing/${billId}/pay`, member.token, {});
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
  });
});

describe('an admin records a bankgiro payment', () => {
  it('marks the bill paid on the day given, audited; again is refused; only admins', async () => {
    const { buyer, billId } = await issuedBill();
    const admin = await createUser(app.db, app.config, {
      isAdmin: true,
      firstName: 'Greta',
      lastName: 'Gud',
    });
    const adminToken = await createSessionToken(app, admin.id);
    // A bill a user owns (no company: the retention job's kind) is not a company's invoice and is not listed.
    const assignmentId = (
      await app.db
        .selectFrom('bills')
        .select('assignment_id')
        .where('id', '=', billId)
        .executeTakeFirstOrThrow()
    ).assignment_id;
    const userBill = await app.db
      .insertInto('bills')
      .values({
        user_id: admin.id,
        assignment_id: assignmentId,
        number: `R-${admin.id}`,
        status: 'issued',
        subtotal_ore: 10_000,
        vat_ore: 2_500,
        total_ore: 12_500,
        issued_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const notAdmin = await call('POST', `/api/admin/bills/${billId}/mark-paid`, buyer.admin.token, {
      paidOn: swedishDayOf(new Date()),
    });
    expect(notAdmin.statusCode).toBe(403);

    const listed = await call('GET', '/api/admin/bills?status=unpaid', adminToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().bills.map((b: { id: string }) => b.id)).toContain(billId);
    expect(listed.json().bills.map((b: { id: string }) => b.id)).not.toContain(userBill.id);

    const future = await call('POST', `/api/admin/bills/${billId}/mark-paid`, adminToken, {
      paidOn: '2999-01-01',
    });
    expect(future.json()).toMatchObject({ code: 'BILL_PAID_DATE_INVALID' });

    const today = swedishDayOf(new Date());
    const marked = await call(
      'POST',
      `/api/admin/bills/${billId}/mark-paid`,
      adminToken,
      { paidOn: today },
      'sv',
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      bill: { id: billId, status: 'paid', paidManually: true, paidByCard: false, markedPaidBy: 'Greta Gud' },
      message: 'Fakturan är markerad som betald',
    });
    expect(swedishDayOf(new Date(marked.json().bill.paidAt))).toBe(today);
    expect((await billOf(billId, buyer.admin.token)).json()).toMatchObject({
      canPay: false,
      bill: { status: 'paid' },
    });

    const again = await call('POST', `/api/admin/bills/${billId}/mark-paid`, adminToken, { paidOn: today });
    expect(again.statusCode).toBe(409);
    // The company can no longer pay it by card either.
    const pay = await call('POST', `/api/user/billing/${billId}/pay`, buyer.admin.token, {});
    expect(pay.json()).toMatchObject({ code: 'BILL_ALREADY_PAID' });

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'action', 'subject_type', 'data'])
      .where('subject_id', '=', billId)
      .where('action', '=', 'admin.bill.mark_paid')
      .execute();
    expect(audit).toEqual([
      {
        actor_user_id: admin.id,
        action: 'admin.bill.mark_paid',
        subject_type: 'bill',
        data: expect.objectContaining({ paidOn: today }),
      },
    ]);
  });
});
