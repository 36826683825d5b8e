import { BILL_LINE_KINDS, BILL_STATUSES } from '@mp/domain';
import { z } from 'zod';

// Wire shapes of bills (issue 16): GET /user/billing, /user/billing/{id}.

export const billPartySchema = z.object({
  name: z.string(),
  organisationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: z.string().nullable(),
});
export type BillParty = z.output<typeof billPartySchema>;

export const billLineViewSchema = z.object({
  kind: z.enum([...BILL_LINE_KINDS, 'other']),
  description: z.string().describe("In the request's language"),
  quantity: z.number().describe('Hours for hour lines, 1 for the fee'),
  unitPriceOre: z.number().int(),
  amountOre: z.number().int().describe('quantity × unit price, rounded to whole öre'),
  vatRatePercent: z.number(),
});

export const billSummarySchema = z.object({
  id: z.uuid(),
  invoiceNumber: z.number().int(),
  ocrReference: z.string(),
  status: z.enum(BILL_STATUSES).describe('open (not yet due), overdue or paid'),
  period: z.string().describe("The month billed, 'YYYY-MM'"),
  issuedAt: z.iso.datetime(),
  dueDate: z.string().describe("'YYYY-MM-DD'"),
  paidAt: z.iso.datetime().nullable(),
  companyId: z.uuid(),
  assignmentId: z.uuid(),
  buyerName: z.string(),
  consultantName: z.string().nullable(),
  projectName: z.string().nullable(),
  currency: z.string(),
  subtotalOre: z.number().int(),
  vatOre: z.number().int(),
  totalOre: z.number().int(),
});
export type BillSummary = z.output<typeof billSummarySchema>;

export const billViewSchema = billSummarySchema.extend({
  seller: billPartySchema.extend({ bankgiro: z.string().nullable(), email: z.string().nullable() }),
  buyer: billPartySchema,
  contractName: z.string().nullable(),
  assignmentStartDate: z.string().nullable().describe("'YYYY-MM-DD'"),
  vatRatePercent: z.number(),
  lines: z.array(billLineViewSchema),
  guaranteeUntil: z
    .string()
    .nullable()
    .describe("Last day of the 30-day buyer guarantee, on the bill of an assignment's first month"),
});
export type BillView = z.output<typeof billViewSchema>;

export const billListSchema = z.object({ bills: z.array(billSummarySchema) });
export const billResponseSchema = z.object({
  bill: billViewSchema,
  canPay: z
    .boolean()
    .describe("The caller may pay it by card: it is not paid and they may read the company's bills"),
});
export type BillResponse = z.output<typeof billResponseSchema>;
export const billParamsSchema = z.object({ billId: z.string().max(100) });

/** POST /user/billing/{id}/pay: pays the bill's total with VAT with a saved card (the default one unless named). */
export const billPayBodySchema = z.strictObject({ cardId: z.uuid().optional() });

/** GET /admin/bills: every company's bills, newest first; q matches the invoice number, OCR or buyer's name. */
export const adminBillsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['unpaid', 'paid', 'all']).default('all'),
});
export type AdminBillsQuery = z.output<typeof adminBillsQuerySchema>;
export type AdminBillStatusFilter = AdminBillsQuery['status'];
export const adminBillSchema = billSummarySchema.extend({
  /** Marked paid by an admin (a bankgiro payment received outside the app), rather than paid by card. */
  paidManually: z.boolean(),
  /** Paid by a card payment that succeeded and stands; a bill paid otherwise (seeded, imported) is neither. */
  paidByCard: z.boolean(),
  /** The admin who marked it paid (name, else e-mail), when one did. */
  markedPaidBy: z.string().nullable(),
});
export type AdminBill = z.output<typeof adminBillSchema>;
export const adminBillListSchema = z.object({ bills: z.array(adminBillSchema) });

/** POST /admin/bills/{id}/mark-paid: a bankgiro payment received outside the app, on the day it arrived. */
export const adminBillMarkPaidBodySchema = z.strictObject({
  paidOn: z.iso.date().describe("The day the payment arrived, 'YYYY-MM-DD' (Swedish calendar)"),
});
export const adminBillMarkPaidResponseSchema = z.object({ bill: adminBillSchema, message: z.string() });
