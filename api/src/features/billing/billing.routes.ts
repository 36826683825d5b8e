import { resolveLocale } from '@mp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireUser } from '../../plugins/auth';
import { renderBillPdf } from './bill-document';
import { billPdfFileName } from './bill-texts';
import {
  billListSchema,
  billParamsSchema,
  billPayBodySchema,
  billResponseSchema,
} from '@mp/api-contract/billing.schema';
import { paymentStateSchema } from '@mp/api-contract/payments.schema';
import { payBill } from './bill-payment.service';
import { getBill, getBillForReader, listBills } from './bills.service';

const tags = ['billing'];
const localeOf = (request: FastifyRequest) => resolveLocale(request.headers['accept-language']);

/**
 * Bills (spec section 2: user/billing, user/billing/{id}; issue 16). A caller sees the bills of companies
 * where they may view billing (admins, view_billing) and of assignments they work on or approve; any other
 * bill id is 404 BILL_NOT_FOUND.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/billing',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The caller's bills, newest first, with status open, overdue or paid",
        response: { 200: billListSchema, ...errorResponses },
      },
    },
    async (request) => listBills(app.db, request.user.id),
  );

  app.get(
    '/user/billing/:billId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'One bill: seller and buyer with organisation and VAT numbers, lines, VAT 25 %, totals in öre, ' +
          'invoice number, OCR reference, due date and the 30-day guarantee on a first month',
        params: billParamsSchema,
        response: { 200: billResponseSchema, ...errorResponses },
      },
    },
    async (request) => getBillForReader(app.db, request.user.id, request.params.billId, localeOf(request)),
  );

  app.post(
    '/user/billing/:billId/pay',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Pay the bill's total with VAT by card (a saved card: the default one unless cardId names another). " +
          "Only an admin of the bill's company or a member with view_billing (403 otherwise). " +
          '409 BILL_ALREADY_PAID for a paid bill (nothing is charged); 402 CARD_DECLINED (data.reason); ' +
          'requires_action: send the browser to redirectUrl (3-D Secure), which returns to the bill',
        params: billParamsSchema,
        body: billPayBodySchema,
        response: { 200: paymentStateSchema, ...errorResponses, 402: errorResponses[400] },
      },
    },
    async (request) =>
      payBill(app.commerce, request.user.id, request.params.billId, request.body, localeOf(request)),
  );

  app.get(
    '/user/billing/:billId/pdf',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The bill as a PDF in the request's language (embedded Unicode font)",
        produces: ['application/pdf'],
        params: billParamsSchema,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locale = localeOf(request);
      const bill = await getBill(app.db, request.user.id, request.params.billId, locale);
      const pdf = await renderBillPdf(bill, locale);
      const fileName = billPdfFileName(bill.invoiceNumber, locale);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );
};
