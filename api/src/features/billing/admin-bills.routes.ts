import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  adminBillListSchema,
  adminBillMarkPaidBodySchema,
  adminBillMarkPaidResponseSchema,
  adminBillsQuerySchema,
  billParamsSchema,
} from '@mp/api-contract/billing.schema';
import { listBillsForAdmin, markBillPaidByAdmin } from './bills.service';

const tags = ['admin'];

/** Bills in the god area (god/bills): every company's, and recording a bankgiro payment received outside the app. */
export const adminBillsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bills',
    {
      schema: {
        tags,
        summary:
          "Every company's bills, newest first (200 at most); q matches the invoice number, OCR reference or " +
          "buyer's name; status unpaid, paid or all",
        querystring: adminBillsQuerySchema,
        response: { 200: adminBillListSchema, ...errorResponses },
      },
    },
    async (request) => listBillsForAdmin(app.db, request.query),
  );

  app.post(
    '/bills/:billId/mark-paid',
    {
      schema: {
        tags,
        summary:
          'Record a bankgiro payment received outside the app on paidOn (from the invoice date to today); ' +
          '409 BILL_ALREADY_PAID, 400 BILL_PAID_DATE_INVALID; audited as admin.bill.mark_paid',
        params: billParamsSchema,
        body: adminBillMarkPaidBodySchema,
        response: { 200: adminBillMarkPaidResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      markBillPaidByAdmin(
        app.db,
        request.user.id,
        request.params.billId,
        request.body.paidOn,
        resolveLocale(request.headers['accept-language']),
        request.ip,
      ),
  );
};
