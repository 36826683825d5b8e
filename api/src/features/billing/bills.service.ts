import {
  BILL_SELLER,
  BILL_VAT_RATE_PERCENT,
  billDueAt,
  type BillLineDraft,
  type BillLineKind,
  type BillStatusView,
  buildOcrReference,
  computeBillTotals,
  firstDayOfMonth,
  guaranteeEndOf,
  HIRED_CONSULTANT_FEE_ORE,
  lastDayOfMonth,
  type Locale,
  monthOf,
  swedishDayOf,
} from '@mp/domain';
import type { Database, JsonObject } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { BILL_TEXTS, consultantLabel, fillText, formatPeriod } from './bill-texts';
import {
  findAssignmentToBill,
  findBillLines,
  findHireFeeOre,
  hasBuyerFeeBill,
  insertBill,
  insertBillLines,
  hasStandingBillPayment,
  isCompanyBillReader,
  lockBuyerFee,
  lockIssuedBill,
  selectAdminBills,
  selectIssuedBills,
  selectVisibleBills,
  setBillPaid,
  setBillUnpaid,
  sumReportedHours,
  takeInvoiceNumber,
} from './bills.repository';
import { recordAuditEvent } from '../../lib/audit';
import { translateMessage } from '@mp/domain';

// The time feature's economy view reads bills through this service.
export { selectVisibleBills };
import type { AdminBill, BillParty, BillSummary, BillView } from '@mp/api-contract/billing.schema';

export const billNotFound = () => new AppError('BILL_NOT_FOUND');
export const billAlreadyPaid = () => new AppError('BILL_ALREADY_PAID');

/** What a bill stores about its consultant when it is issued (a snapshot: later renames do not change it). */
type ConsultantDetails = { consultantName?: string | null; consultantEmail?: string | null };

/**
 * The consultant as a bill names them (spec section 3): the name, else the e-mail address (an account registered
 * with e-mail and password has no name until one is given), else null; the texts print 'n/a' for null.
 */
export function consultantOf(details: ConsultantDetails): string | null {
  return details.consultantName?.trim() || details.consultantEmail?.trim() || null;
}

/**
 * The guarantee's last day as the bill states it when issued: stated while the window is still open, and after it
 * only when the assignment did end within it (the refund is owed); an assignment that outlived the window (a
 * month approved long after it began) gets no promise that can no longer be kept. Days in Sweden. An issued bill
 * keeps what it said.
 */
function guaranteeOnBill(until: string, issuedAt: Date, assignmentEnd: string | null): string | null {
  if (until >= swedishDayOf(issuedAt)) return until;
  return assignmentEnd !== null && assignmentEnd <= until ? until : null;
}

/**
 * Issues the bill of an approved assignment month, inside the approving transaction: lines for the hours
 * and the overtime at the assignment's fees and the buyer fee (the `hire_fee` product's price in force when the
 * bill is issued, as god/pricing sets it; 2995 SEK per hired consultant and month unless changed), VAT 25 %, all
 * in integer öre; the platform is the seller, the assignment's company the buyer.
 *
 * The buyer fee is charged once per buyer company, consultant and calendar month, however many assignments
 * (contracts) the company has with the consultant that month: the first of them approved carries it, a later
 * bill for the same consultant and month has no fee line (and no guarantee note, the guarantee being a refund of
 * the fee). A transaction-scoped advisory lock on company, consultant and month makes two approvals at once
 * decide one after the other (docs/decisions.md "One buyer fee per consultant and month").
 */
export async function issueBillForMonth(
  trx: Transaction<Database>,
  assignmentId: string,
  month: string,
  issuedAt: Date,
) {
  const assignment = await findAssignmentToBill(trx, assignmentId);
  const sums = await sumReportedHours(trx, assignmentId, firstDayOfMonth(month), lastDayOfMonth(month));

  const drafts: BillLineDraft[] = [];
  if (sums.centis > 0) {
    drafts.push({
      kind: 'hours',
      quantityCentis: sums.centis,
      unitPriceOre: Number(assignment.hourly_fee_ore),
    });
  }
  if (sums.overtime_centis > 0) {
    drafts.push({
      kind: 'overtime',
      quantityCentis: sums.overtime_centis,
      unitPriceOre: Number(assignment.overtime_fee_ore),
    });
  }
  const periodMonth = firstDayOfMonth(month);
  await lockBuyerFee(trx, assignment.company_id, assignment.consultant_user_id, periodMonth);
  const chargesFee = !(await hasBuyerFeeBill(
    trx,
    assignment.company_id,
    assignment.consultant_user_id,
    periodMonth,
  ));
  if (chargesFee) {
    const buyerFeeOre = (await findHireFeeOre(trx, issuedAt)) ?? HIRED_CONSULTANT_FEE_ORE;
    drafts.push({ kind: 'buyer_fee', quantityCentis: 100, unitPriceOre: buyerFeeOre });
  }
  const totals = computeBillTotals(drafts);

  const invoiceNumber = await takeInvoiceNumber(trx);
  const ocrReference = buildOcrReference(invoiceNumber);
  const dueAt = billDueAt(issuedAt);
  const details = {
    consultantName: assignment.consultant_name,
    consultantEmail: assignment.consultant_email,
    projectName: assignment.project_name,
    contractName: assignment.contract_name,
    assignmentStart: assignment.start_date,
  };
  const buyer: BillParty = {
    name: assignment.business_name,
    organisationNumber: assignment.organisation_number,
    vatNumber: assignment.vat_number,
    address: assignment.address,
  };
  const { bankgiro, email, ...sellerParty } = BILL_SELLER;
  const bill = await insertBill(trx, {
    company_id: assignment.company_id,
    assignment_id: assignmentId,
    period_month: periodMonth,
    number: String(invoiceNumber),
    invoice_number: invoiceNumber,
    ocr_reference: ocrReference,
    status: 'issued',
    subtotal_ore: totals.subtotalOre,
    vat_ore: totals.vatOre,
    total_ore: totals.totalOre,
    issued_at: issuedAt,
    due_at: dueAt,
    seller: { ...sellerParty, bankgiro, email },
    buyer: { ...buyer },
    details: { ...details } as JsonObject,
    guarantee_until:
      chargesFee && monthOf(assignment.start_date) === month
        ? guaranteeOnBill(guaranteeEndOf(assignment.start_date), issuedAt, assignment.end_date)
        : null,
  });
  await insertBillLines(
    trx,
    totals.lines.map((line, index) => ({
      bill_id: bill.id,
      kind: line.kind,
      description: fillText(BILL_TEXTS.sv.lines[line.kind], {
        consultant: consultantLabel(consultantOf(details)),
        period: formatPeriod(month, 'sv'),
      }),
      quantity: line.quantityCentis / 100,
      unit_price_ore: line.unitPriceOre,
      amount_ore: line.amountOre,
      vat_rate: BILL_VAT_RATE_PERCENT,
      sort_order: index,
    })),
  );
  return {
    id: bill.id,
    companyId: assignment.company_id,
    invoiceNumber,
    ocrReference,
    totalOre: totals.totalOre,
    /** The due day on the Swedish calendar, as the bill's view gives it. */
    dueDate: swedishDayOf(dueAt),
  };
}

type BillRow = Awaited<ReturnType<ReturnType<typeof selectVisibleBills>['executeTakeFirstOrThrow']>>;

/** open until the due date has passed (Swedish calendar), then overdue; paid once paid. */
export function billStatusOf(row: { paid_at: Date | null; due_at: Date | null }, now: Date): BillStatusView {
  if (row.paid_at) return 'paid';
  return row.due_at && swedishDayOf(now) > swedishDayOf(row.due_at) ? 'overdue' : 'open';
}

/** A bill's stored party (seller or buyer, jsonb) as the bill shows it. */
export const partyOf = (value: unknown): BillParty => {
  const party = (value ?? {}) as Partial<BillParty>;
  return {
    name: party.name ?? '',
    organisationNumber: party.organisationNumber ?? null,
    vatNumber: party.vatNumber ?? null,
    address: party.address ?? null,
  };
};

function toSummary(row: BillRow, now: Date): BillSummary {
  const details = row.details as ConsultantDetails & { projectName?: string | null };
  return {
    id: row.id,
    invoiceNumber: Number(row.invoice_number),
    ocrReference: row.ocr_reference ?? '',
    status: billStatusOf(row, now),
    period: String(row.period_month).slice(0, 7),
    issuedAt: row.issued_at!.toISOString(),
    dueDate: swedishDayOf(row.due_at!),
    paidAt: row.paid_at?.toISOString() ?? null,
    companyId: row.company_id!,
    assignmentId: row.assignment_id!,
    buyerName: partyOf(row.buyer).name,
    consultantName: consultantOf(details),
    projectName: details.projectName ?? null,
    currency: row.currency,
    subtotalOre: Number(row.subtotal_ore),
    vatOre: Number(row.vat_ore),
    totalOre: Number(row.total_ore),
  };
}

/** GET /user/billing: the caller's bills, newest first. */
export async function listBills(db: Kysely<Database>, userId: string, now = new Date()) {
  const rows = await selectVisibleBills(db, userId).orderBy('b.invoice_number', 'desc').limit(500).execute();
  return { bills: rows.map((row) => toSummary(row, now)) };
}

/** GET /user/billing/{id}: one bill with its lines in the request's language; 404 for anyone else's. */
export async function getBill(
  db: Kysely<Database>,
  userId: string,
  billId: string,
  locale: Locale,
  now = new Date(),
): Promise<BillView> {
  if (!isUuid(billId)) throw billNotFound();
  const row = await selectVisibleBills(db, userId).where('b.id', '=', billId).executeTakeFirst();
  if (!row) throw billNotFound();
  return toBillView(db, row, locale, now);
}

/**
 * GET /user/billing/{id}: the bill, and whether the caller may pay it by card: it is not paid and they read the
 * company's bills (admins and members with `view_billing`; the consultant and the approver see it, not pay it).
 */
export async function getBillForReader(
  db: Kysely<Database>,
  userId: string,
  billId: string,
  locale: Locale,
  now = new Date(),
) {
  const bill = await getBill(db, userId, billId, locale, now);
  const canPay = bill.status !== 'paid' && (await isCompanyBillReader(db, userId, bill.companyId));
  return { bill, canPay };
}

/**
 * What a bill's card payment may pay: a bill the caller sees (else 404) and may pay for the company (an admin
 * or `view_billing`, else 403), not paid yet (else 409 BILL_ALREADY_PAID). The total with VAT, in öre.
 */
export async function findBillToPay(db: Kysely<Database>, userId: string, billId: string, now = new Date()) {
  if (!isUuid(billId)) throw billNotFound();
  const row = await selectVisibleBills(db, userId).where('b.id', '=', billId).executeTakeFirst();
  if (!row) throw billNotFound();
  if (!(await isCompanyBillReader(db, userId, row.company_id!))) throw new AppError('FORBIDDEN');
  if (row.paid_at) throw billAlreadyPaid();
  return toSummary(row, now);
}

/**
 * In a card payment's transaction, once it succeeded: marks the bill paid at `paidAt` under the bill's row lock.
 * False when the bill was paid already (another payment, or an admin's record of a bankgiro payment) or is
 * gone: the payment is then refunded instead.
 */
export async function settleBillInTransaction(
  trx: Transaction<Database>,
  billId: string | null,
  paidAt: Date,
): Promise<boolean> {
  if (!billId) return false;
  const bill = await lockIssuedBill(trx, billId);
  if (!bill || bill.paid_at) return false;
  await setBillPaid(trx, billId, paidAt, null);
  return true;
}

/**
 * In a refund's transaction: when the refunded card payment is what paid the bill (not an admin's record, and no
 * other payment of it stands), the bill is owed again.
 */
export async function reopenBillInTransaction(
  trx: Transaction<Database>,
  billId: string | null,
  refundedPaymentId: string,
) {
  if (!billId) return;
  const bill = await lockIssuedBill(trx, billId);
  if (!bill?.paid_at || bill.paid_by_admin_user_id) return;
  if (await hasStandingBillPayment(trx, billId, refundedPaymentId)) return;
  await setBillUnpaid(trx, billId);
}

type AdminBillRow = Awaited<ReturnType<ReturnType<typeof selectAdminBills>['executeTakeFirstOrThrow']>>;

const toAdminBill = (row: AdminBillRow, now: Date): AdminBill => ({
  ...toSummary(row, now),
  paidManually: row.paid_by_admin_user_id !== null,
  paidByCard: row.paid_at !== null && row.paid_by_admin_user_id === null && Boolean(row.paid_by_card),
  markedPaidBy: row.paid_by_admin_user_id === null ? null : row.marked_paid_by,
});

/** GET /admin/bills: every company's bills, newest first (the god area records bankgiro payments here). */
export async function listBillsForAdmin(
  db: Kysely<Database>,
  options: { q?: string | undefined; status: 'unpaid' | 'paid' | 'all' },
  now = new Date(),
) {
  const rows = await selectAdminBills(db, options).orderBy('b.invoice_number', 'desc').limit(200).execute();
  return { bills: rows.map((row) => toAdminBill(row, now)) };
}

/**
 * POST /admin/bills/{id}/mark-paid: an admin records a bankgiro payment received outside the app, on the day it
 * arrived (from the invoice date to today, Swedish calendar). Under the bill's row lock, so a card payment
 * arriving at the same moment is refunded rather than taken twice; audited as admin.bill.mark_paid.
 */
export async function markBillPaidByAdmin(
  db: Kysely<Database>,
  adminUserId: string,
  billId: string,
  paidOn: string,
  locale: Locale,
  ip: string | null,
  now = new Date(),
) {
  if (!isUuid(billId)) throw billNotFound();
  await db.transaction().execute(async (trx) => {
    const bill = await lockIssuedBill(trx, billId);
    if (!bill) throw billNotFound();
    if (bill.paid_at) throw billAlreadyPaid();
    if (paidOn < swedishDayOf(bill.issued_at!) || paidOn > swedishDayOf(now))
      throw new AppError('BILL_PAID_DATE_INVALID');
    // Midday UTC is the same day in Sweden, summer or winter.
    await setBillPaid(trx, billId, new Date(`${paidOn}T12:00:00Z`), adminUserId);
    await recordAuditEvent(trx, {
      actorUserId: adminUserId,
      action: 'admin.bill.mark_paid',
      subjectType: 'bill',
      subjectId: billId,
      data: { invoiceNumber: Number(bill.invoice_number), paidOn, totalOre: Number(bill.total_ore) },
      ip,
    });
  });
  const row = await selectAdminBills(db, { status: 'all' })
    .where('b.id', '=', billId)
    .executeTakeFirstOrThrow();
  return { bill: toAdminBill(row, now), message: translateMessage('success.billMarkedPaid', locale) };
}

/**
 * An issued bill as its PDF shows it, whoever asks: only for the sender of the bill's mail (the mail outbox),
 * which renders the PDF at send time for a recipient chosen when the bill was issued.
 */
export async function getIssuedBillForMail(
  db: Kysely<Database>,
  billId: string,
  locale: Locale,
  now = new Date(),
): Promise<BillView> {
  const row = await selectIssuedBills(db).where('b.id', '=', billId).executeTakeFirst();
  if (!row) throw billNotFound();
  return toBillView(db, row, locale, now);
}

async function toBillView(db: Kysely<Database>, row: BillRow, locale: Locale, now: Date): Promise<BillView> {
  const lines = await findBillLines(db, row.id);
  const summary = toSummary(row, now);
  const seller = row.seller as Partial<BillView['seller']>;
  const details = row.details as { contractName?: string | null; assignmentStart?: string | null };
  const texts = BILL_TEXTS[locale];
  return {
    ...summary,
    seller: { ...partyOf(seller), bankgiro: seller.bankgiro ?? null, email: seller.email ?? null },
    buyer: partyOf(row.buyer),
    contractName: details.contractName ?? null,
    assignmentStartDate: details.assignmentStart ?? null,
    vatRatePercent: BILL_VAT_RATE_PERCENT,
    guaranteeUntil: row.guarantee_until,
    lines: lines.map((line) => ({
      kind: line.kind,
      description:
        line.kind === 'other'
          ? line.description
          : fillText(texts.lines[line.kind as BillLineKind], {
              consultant: consultantLabel(summary.consultantName),
              period: formatPeriod(summary.period, locale),
            }),
      quantity: Number(line.quantity),
      unitPriceOre: Number(line.unit_price_ore),
      amountOre: Number(line.amount_ore),
      vatRatePercent: Number(line.vat_rate),
    })),
  };
}
