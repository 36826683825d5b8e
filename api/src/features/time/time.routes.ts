import {
  addDays,
  assignmentApproverInputSchema,
  assignmentEndInputSchema,
  assignmentInputSchema,
  longDateSchema,
  resolveLocale,
  returnCommentSchema,
  timeReportInputSchema,
  timeReportUpdateSchema,
} from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireUser } from '../../plugins/auth';
import { authorizeCompany } from '../companies/company-access';
import { companyParamsSchema } from '@mp/api-contract/companies.schema';
import { assertPremium } from '../subscriptions/premium-gate';
import {
  changeAssignmentApprover,
  createAssignment,
  endAssignment,
  listAssignments,
} from './assignments.service';
import { economyOf } from './economy.service';
import {
  approveTimeMonth,
  getTimeMonth,
  listTimeMonths,
  parseMonth,
  returnTimeMonth,
  submitTimeMonth,
} from './time-months.service';
import {
  createTimeReport,
  deleteTimeReport,
  listTimeReports,
  updateTimeReport,
} from './time-reports.service';
import {
  assignmentListSchema,
  assignmentMonthParamsSchema,
  assignmentResponseSchema,
  companyAssignmentParamsSchema,
  economySchema,
  timeMonthDetailSchema,
  timeMonthListSchema,
  timeMonthMessageSchema,
  timeMonthQuerySchema,
  timeReportListSchema,
  timeReportParamsSchema,
  timeReportQuerySchema,
  timeReportResponseSchema,
} from '@mp/api-contract/time.schema';

const tags = ['time'];
const localeOf = (request: FastifyRequest) => resolveLocale(request.headers['accept-language']);
const MAX_RANGE_DAYS = 62;

function parsePeriod(from: string, to: string) {
  const start = longDateSchema.safeParse(from);
  const end = longDateSchema.safeParse(to);
  if (!start.success || !end.success) {
    throw new AppError('VALIDATION_FAILED', { message: 'validation.invalidLongDate' });
  }
  if (end.data < start.data || addDays(start.data, MAX_RANGE_DAYS) < end.data) {
    throw new AppError('VALIDATION_FAILED', { message: 'validation.validityOrder' });
  }
  return { from: start.data, to: end.data };
}

/**
 * Time reporting (spec sections 1, 5, 9; issue 16): assignments, daily reports with the 24 h/day and 744 h/month
 * caps across a consultant's assignments, and the month approval that issues the bill. Reporting is open to
 * the consultant (consultants are always free); hiring (assignments) and approving are premium.
 */
export const timeRoutes: FastifyPluginAsyncZod = async (app) => {
  const monthDeps = { db: app.db, deliverMails: app.deliverMails, config: app.config };
  app.get(
    '/assignments',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The caller's assignments: as the consultant, the approver, or a member of the company",
        response: { 200: assignmentListSchema, ...errorResponses },
      },
    },
    async (request) => listAssignments(app.db, request.user.id),
  );

  app.post(
    '/company/:companyId/assignments',
    {
      // Membership, permission and premium before the body is validated: an outsider learns nothing.
      preValidation: [
        requireUser,
        async (request) => {
          const { companyId } = request.params as { companyId: string };
          await authorizeCompany(app.db, request.user.id, companyId, 'manage_contracts');
          assertPremium(request.user);
        },
      ],
      schema: {
        tags,
        summary:
          'Hire the signer of a signed contract (manage_contracts, premium): fees in SEK per hour (at most ' +
          '100,000 and 200,000 for overtime), start and optional end date, and the member who approves time ' +
          '(400 APPROVER_IS_CONSULTANT for the signer: nobody approves their own time). The start is no ' +
          'earlier than the first day of the month before the contract was signed and at most a year ahead, ' +
          'the end at most three years ahead (400 VALIDATION_FAILED at the field)',
        params: companyParamsSchema,
        body: assignmentInputSchema,
        response: { 200: assignmentResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      createAssignment(app.db, request.user, request.params.companyId, request.body, localeOf(request)),
  );

  // Changing the approver and ending: manage_contracts checked before the body, like hiring, but no premium (a
  // company must be able to unblock or end an assignment whatever its subscription).
  const manageContracts = [
    requireUser,
    async (request: FastifyRequest) => {
      const { companyId } = request.params as { companyId: string };
      await authorizeCompany(app.db, request.user.id, companyId, 'manage_contracts');
    },
  ];

  app.post(
    '/company/:companyId/assignments/:assignmentId/approver',
    {
      preValidation: manageContracts,
      schema: {
        tags,
        summary:
          "Change an assignment's approver (manage_contracts) to a current member of the company, the caller " +
          'included; months already submitted and waiting go to the new approver. 400 APPROVER_NOT_MEMBER for ' +
          "anyone else (a former member, a deleted account); 400 APPROVER_IS_CONSULTANT for the assignment's " +
          'consultant (nobody approves their own time); 404 ASSIGNMENT_NOT_FOUND',
        params: companyAssignmentParamsSchema,
        body: assignmentApproverInputSchema,
        response: { 200: assignmentResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      changeAssignmentApprover(
        app.db,
        request.user.id,
        request.params.companyId,
        request.params.assignmentId,
        request.body.approverUserId,
      ),
  );

  app.post(
    '/company/:companyId/assignments/:assignmentId/end',
    {
      preValidation: manageContracts,
      schema: {
        tags,
        summary:
          'End an assignment (manage_contracts): its last day, up to which time can still be reported; what is ' +
          'reported stays, and its months are submitted and approved as before. 409 ASSIGNMENT_TIME_AFTER_END ' +
          'before a reported day, 409 ASSIGNMENT_ALREADY_ENDS after an end already set, 400 before its start ' +
          'or more than three years ahead',
        params: companyAssignmentParamsSchema,
        body: assignmentEndInputSchema,
        response: { 200: assignmentResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      endAssignment(
        app.db,
        request.user.id,
        request.params.companyId,
        request.params.assignmentId,
        request.body.endDate,
        localeOf(request),
      ),
  );

  app.get(
    '/time-reports',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "The caller's own time reports from one day to another (at most 62 days; a week or a month), with " +
          'the status of the months they touch, per assignment only those within its period (and any outside ' +
          'it that has reports)',
        querystring: timeReportQuerySchema,
        response: { 200: timeReportListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { from, to } = parsePeriod(request.query.from, request.query.to);
      return listTimeReports(app.db, request.user.id, from, to);
    },
  );

  app.post(
    '/time-reports',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Report a day on one of the caller\'s assignments. 400 "Cannot report more than 24 hours per day" ' +
          '(TOO_MANY_HOURS_PER_DAY) or "Cannot report more than 744 hours per month" (TOO_MANY_HOURS_PER_MONTH), ' +
          "counted across all the consultant's assignments; 409 TIME_MONTH_LOCKED once the month is submitted " +
          'or approved; 409 TIME_REPORT_EXISTS when the day already has a report on the assignment',
        body: timeReportInputSchema,
        response: { 200: timeReportResponseSchema, ...errorResponses },
      },
    },
    async (request) => createTimeReport(app.db, request.user.id, request.body, localeOf(request)),
  );

  app.put(
    '/time-reports/:reportId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Change a report (the same caps; 409 TIME_MONTH_LOCKED once submitted or approved)',
        params: timeReportParamsSchema,
        body: timeReportUpdateSchema,
        response: { 200: timeReportResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateTimeReport(app.db, request.user.id, request.params.reportId, request.body, localeOf(request)),
  );

  app.delete(
    '/time-reports/:reportId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Delete a report (409 TIME_MONTH_LOCKED once submitted or approved)',
        params: timeReportParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteTimeReport(app.db, request.user.id, request.params.reportId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/time-months',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Months of the caller's assignments that were submitted, returned or approved (or one status), as " +
          "consultant or approver: the approver's inbox is status=submitted&role=approver",
        querystring: timeMonthQuerySchema,
        response: { 200: timeMonthListSchema, ...errorResponses },
      },
    },
    async (request) => listTimeMonths(app.db, request.user.id, request.query),
  );

  app.get(
    '/assignments/:assignmentId/months/:month',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A month of an assignment: status, the approver's comment, totals and its reports",
        params: assignmentMonthParamsSchema,
        response: { 200: timeMonthDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      getTimeMonth(app.db, request.user.id, request.params.assignmentId, parseMonth(request.params.month)),
  );

  app.post(
    '/assignments/:assignmentId/months/:month/submit',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The consultant submits the month for approval (open or returned -> submitted); it is locked from ' +
          'then on, and the approver is told by e-mail. 409 NOTHING_TO_SUBMIT without reported hours, 409 ' +
          'TIME_MONTH_STATUS_CONFLICT otherwise',
        params: assignmentMonthParamsSchema,
        response: { 200: timeMonthMessageSchema, ...errorResponses },
      },
    },
    async (request) =>
      submitTimeMonth(
        monthDeps,
        request.user.id,
        request.params.assignmentId,
        parseMonth(request.params.month),
        localeOf(request),
      ),
  );

  app.post(
    '/assignments/:assignmentId/months/:month/return',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The approver (premium) returns a submitted month with a comment; the consultant can edit it again ' +
          'and is told by e-mail. The comment is cleared when the month is submitted again. 409 ' +
          'ASSIGNMENT_NO_APPROVER when the assignment has no approver',
        params: assignmentMonthParamsSchema,
        body: z.object({ comment: returnCommentSchema }),
        response: { 200: timeMonthMessageSchema, ...errorResponses },
      },
    },
    async (request) =>
      returnTimeMonth(
        monthDeps,
        request.user,
        request.params.assignmentId,
        parseMonth(request.params.month),
        request.body.comment,
        localeOf(request),
      ),
  );

  app.post(
    '/assignments/:assignmentId/months/:month/approve',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The approver (premium) approves a submitted month: it is locked for good and its bill is issued in ' +
          'the same transaction (next invoice number, OCR reference, due in 30 days); the consultant is told by ' +
          'e-mail. 403 OWN_TIME_DECISION ' +
          'when the approver is the consultant; 409 ASSIGNMENT_NO_APPROVER when the assignment has none',
        params: assignmentMonthParamsSchema,
        response: { 200: timeMonthMessageSchema, ...errorResponses },
      },
    },
    async (request) =>
      approveTimeMonth(
        monthDeps,
        request.user,
        request.params.assignmentId,
        parseMonth(request.params.month),
        localeOf(request),
      ),
  );

  app.get(
    '/time/economy',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The economy view: hours per ISO week (last 12 weeks) and the work invoiced before VAT per month ' +
          '(hours and overtime lines, not the buyer fee; last 12 months) of the assignments and bills the caller sees',
        response: { 200: economySchema, ...errorResponses },
      },
    },
    async (request) => economyOf(app.db, request.user.id),
  );
};
