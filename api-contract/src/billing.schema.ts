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
export const billResponseSchema = z.object({ bill: billViewSchema });
export const billParamsSchema = z.object({ billId: z.string().max(100) });
