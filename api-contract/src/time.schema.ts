import { TIME_MONTH_STATUSES } from '@mp/domain';
import { z } from 'zod';

// Wire shapes of time reporting (issue 16): assignments, time reports, month approval and the economy view.

const dateSchema = z.string().describe("A day, 'YYYY-MM-DD'");
const monthString = z.string().describe("A month, 'YYYY-MM'");

const personSchema = z.object({
  userId: z.uuid(),
  name: z
    .string()
    .nullable()
    .describe('The name, else the e-mail address (an account without a name); null only when it has neither'),
});

export const assignmentViewSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  projectId: z.uuid().nullable(),
  projectName: z.string().nullable(),
  contractId: z.uuid(),
  contractName: z.string(),
  consultant: personSchema,
  approver: personSchema
    .nullable()
    .describe(
      'Who approves its months; null once the approver left the company or deleted their account, until ' +
        "someone who manages the company's contracts picks a new one",
    ),
  hourlyFeeOre: z.number().int().describe('Öre per hour'),
  overtimeFeeOre: z.number().int().describe('Öre per overtime hour'),
  startDate: dateSchema,
  endDate: dateSchema.nullable(),
  isConsultant: z.boolean().describe('The caller reports time on it'),
  isApprover: z.boolean().describe('The caller approves its time'),
  canManage: z
    .boolean()
    .describe("The caller manages the company's contracts: may change its approver and end it"),
});
export type AssignmentView = z.output<typeof assignmentViewSchema>;

export const assignmentListSchema = z.object({ assignments: z.array(assignmentViewSchema) });
export const assignmentResponseSchema = z.object({ assignment: assignmentViewSchema });

export const timeReportViewSchema = z.object({
  id: z.uuid(),
  assignmentId: z.uuid(),
  date: dateSchema,
  hours: z.number(),
  overtimeHours: z.number(),
  note: z.string().nullable(),
  locked: z.boolean().describe('Its month is submitted or approved'),
});
export type TimeReportView = z.output<typeof timeReportViewSchema>;

export const timeMonthViewSchema = z.object({
  assignmentId: z.uuid(),
  month: monthString,
  status: z.enum(TIME_MONTH_STATUSES),
  comment: z
    .string()
    .nullable()
    .describe("The approver's comment while the month is returned; null once it is submitted again"),
  submittedAt: z.iso.datetime().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: personSchema.nullable().describe('Who returned or approved it (the approver at the time)'),
  hours: z.number(),
  overtimeHours: z.number(),
  billId: z.uuid().nullable(),
});
export type TimeMonthView = z.output<typeof timeMonthViewSchema>;

export const timeReportResponseSchema = z.object({ report: timeReportViewSchema, message: z.string() });
export const timeReportListSchema = z.object({
  reports: z.array(timeReportViewSchema),
  months: z.array(timeMonthViewSchema).describe('The months the period touches, per assignment'),
});

export const timeMonthListSchema = z.object({
  months: z.array(
    timeMonthViewSchema.extend({
      assignment: assignmentViewSchema,
    }),
  ),
});
export const timeMonthDetailSchema = z.object({
  month: timeMonthViewSchema,
  assignment: assignmentViewSchema,
  reports: z.array(timeReportViewSchema),
});
export const timeMonthMessageSchema = z.object({ month: timeMonthViewSchema, message: z.string() });

export const timeReportQuerySchema = z.object({
  from: z.string().max(10).describe("First day, 'YYYY-MM-DD'"),
  to: z.string().max(10).describe("Last day, 'YYYY-MM-DD' (at most 62 days after from)"),
});
export const timeMonthQuerySchema = z.object({
  status: z.enum(TIME_MONTH_STATUSES).optional(),
  role: z.enum(['consultant', 'approver']).optional(),
});
export const assignmentParamsSchema = z.object({ assignmentId: z.string().max(100) });
export const companyAssignmentParamsSchema = z.object({
  companyId: z.string().max(100),
  assignmentId: z.string().max(100),
});
export const assignmentMonthParamsSchema = z.object({
  assignmentId: z.string().max(100),
  month: z.string().max(7),
});
export const timeReportParamsSchema = z.object({ reportId: z.string().max(100) });

export const economySchema = z.object({
  weeks: z
    .array(
      z.object({
        week: z.string().describe("ISO week, 'YYYY-Www'"),
        start: dateSchema.describe('Its Monday'),
        hours: z.number(),
        overtimeHours: z.number(),
      }),
    )
    .describe('The last 12 ISO weeks, oldest first: hours reported on the assignments the caller sees'),
  months: z
    .array(z.object({ month: monthString, revenueOre: z.number().int(), bills: z.number().int() }))
    .describe(
      'The last 12 months, oldest first: the work invoiced by the month the bills are for (their hours and ' +
        "overtime lines before VAT; the buyer fee is the platform's and is not counted)",
    ),
});
export type EconomyView = z.output<typeof economySchema>;
