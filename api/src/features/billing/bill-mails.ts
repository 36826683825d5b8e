import type { Database } from '@mp/migrations/database';
import type { Transaction } from 'kysely';
import type { AppConfig } from '../../config';
import { buildWebLink, WEB_PATHS } from '../../lib/links';
import { enqueueMail } from '../../lib/mail-outbox';
import { formatBillDate, formatMoney, formatPeriod } from './bill-texts';
import { findCompanyBillReaders } from './bills.repository';

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
  contractName: string;
  projectName: string | null;
  companyName: string;
  approverName: string;
}

/**
 * Writes the mails telling the buyer of a bill just issued to the mail outbox, in the approval's transaction:
 * one to every member of its company who may read its bills (admins and members with `view_billing`), each once
 * and in their own language, with the bill's PDF in their language attached (rendered by the sender at send
 * time, not here). The approver too when they may read the bills: the invoice is a document their bookkeeping
 * needs, and in a company with one admin they are its only reader. Nobody without an address or with a deleted
 * account. Returns the outbox rows' ids, for delivery once committed.
 */
export async function enqueueBillIssuedMails(
  trx: Transaction<Database>,
  config: Pick<AppConfig, 'PUBLIC_URL'>,
  bill: IssuedBill,
): Promise<string[]> {
  const readers = await findCompanyBillReaders(trx, bill.companyId);
  const ids: string[] = [];
  for (const reader of readers) {
    if (!reader.email) continue;
    const locale = reader.locale;
    ids.push(
      await enqueueMail(trx, {
        to: reader.email,
        locale,
        template: 'billIssued',
        params: {
          firstName: reader.first_name,
          invoiceNumber: String(bill.invoiceNumber),
          ocrReference: bill.ocrReference,
          month: formatPeriod(bill.month, locale),
          contractName: bill.contractName,
          projectName: bill.projectName,
          companyName: bill.companyName,
          approverName: bill.approverName,
          total: formatMoney(bill.totalOre, locale),
          dueDate: formatBillDate(bill.dueDate, locale),
          // The sender sets it to false when the PDF cannot be rendered.
          pdfAttached: true,
          // The bill's own page (web paths.bill(id)): its lines, its PDF and how to pay.
          link: buildWebLink(config.PUBLIC_URL, locale, `${WEB_PATHS.billing}/${bill.id}`),
        },
        attachments: [{ kind: 'billPdf', billId: bill.id, locale }],
      }),
    );
  }
  return ids;
}
