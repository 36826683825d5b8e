import type { Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import { buildWebLink, WEB_PATHS } from '../../lib/links';
import type { MailAttachment, Mailer } from '../../lib/mailer';
import { renderBillPdf } from './bill-document';
import { billPdfFileName, formatBillDate, formatMoney, formatPeriod } from './bill-texts';
import { findCompanyBillReaders } from './bills.repository';
import { getBill } from './bills.service';

/** What telling a bill's buyer needs: the database, the mailer and the web app's address. */
export interface BillMailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<AppConfig, 'PUBLIC_URL'>;
  log: FastifyBaseLogger;
}

/** A bill just issued for an approved month, with how its mail names the assignment and the approver. */
export interface IssuedBill {
  id: string;
  companyId: string;
  invoiceNumber: number;
  ocrReference: string;
  totalOre: number;
  /** 'YYYY-MM-DD', the Swedish calendar day. */
  dueDate: string;
  /** 'YYYY-MM'. */
  month: string;
  projectName: string | null;
  companyName: string;
  approverName: string;
}

/**
 * Tells the buyer of a bill just issued, once the approval is committed: every member of its company who may
 * read its bills (admins and members with `view_billing`), each once and in their own language, with the bill's
 * PDF attached; not the approver (`actorId`, who just approved), nobody without an address or with a deleted
 * account. A failed mail (or PDF) is logged and the approval stands: the bill is on the billing page.
 */
export async function mailBillIssued(deps: BillMailDeps, bill: IssuedBill, actorId: string) {
  let readers: Awaited<ReturnType<typeof findCompanyBillReaders>>;
  try {
    readers = await findCompanyBillReaders(deps.db, bill.companyId);
  } catch (error) {
    deps.log.error({ err: error, billId: bill.id }, 'bill issued but not mailed');
    return;
  }
  // One PDF per language, rendered when the first reader of that language is mailed.
  const pdfs = new Map<Locale, Promise<MailAttachment | null>>();
  const attachmentIn = (locale: Locale) => {
    let pdf = pdfs.get(locale);
    if (!pdf) {
      pdf = getBill(deps.db, actorId, bill.id, locale)
        .then((view) => renderBillPdf(view, locale))
        .then((content) => ({
          filename: billPdfFileName(bill.invoiceNumber, locale),
          content,
          contentType: 'application/pdf',
        }))
        .catch((error: unknown) => {
          deps.log.error({ err: error, billId: bill.id, locale }, 'bill PDF not attached to its mail');
          return null;
        });
      pdfs.set(locale, pdf);
    }
    return pdf;
  };
  for (const reader of readers) {
    if (reader.id === actorId || !reader.email) continue;
    const locale = reader.locale;
    try {
      const attachment = await attachmentIn(locale);
      await deps.mailer.sendMail({
        to: reader.email,
        locale,
        template: 'billIssued',
        params: {
          firstName: reader.first_name,
          invoiceNumber: String(bill.invoiceNumber),
          ocrReference: bill.ocrReference,
          month: formatPeriod(bill.month, locale),
          projectName: bill.projectName,
          companyName: bill.companyName,
          approverName: bill.approverName,
          total: formatMoney(bill.totalOre, locale),
          dueDate: formatBillDate(bill.dueDate, locale),
          pdfAttached: attachment !== null,
          // The bill's own page (web paths.bill(id)): its lines, its PDF and how to pay.
          link: buildWebLink(deps.config.PUBLIC_URL, locale, `${WEB_PATHS.billing}/${bill.id}`),
        },
        ...(attachment ? { attachments: [attachment] } : {}),
      });
    } catch (error) {
      deps.log.error({ err: error, billId: bill.id, userId: reader.id }, 'bill issued but not mailed');
    }
  }
}
