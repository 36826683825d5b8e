import type { Database, MailOutboxTable } from '@mp/migrations/database';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { z } from 'zod';
import {
  isOutboxMailTemplate,
  mailAttachmentDescriptorSchema,
  mailSentMarkSchema,
  OUTBOX_MAIL_PARAMS,
  type DeliverMails,
  type MailAttachmentDescriptor,
  type MailSentMark,
} from '../../lib/mail-outbox';
import { MailRecipientRefusedError, type MailAttachment, type Mailer } from '../../lib/mailer';
import type { MailTemplate, MailTemplateParams } from '../../lib/mail-templates';
import { renderBillPdf } from '../billing/bill-document';
import { billPdfFileName } from '../billing/bill-texts';
import { getIssuedBillForMail } from '../billing/bills.service';

// The mail outbox's sending side (docs/decisions.md "Workflow mails go through a mail outbox"). A row is claimed
// (attempts + 1, next attempt moved past a lease) by one statement with FOR UPDATE SKIP LOCKED, so concurrent
// senders (the API's delivery right after a commit, the commerce worker's sweeps) never take the same row; it is
// then sent without holding a transaction, and marked sent, rescheduled with backoff, or failed. A sender that
// dies mid-send leaves the row to come due again when its lease ends (sent at least once, at most twice then).

/** What sending needs: the database, the mailer, and a log (ids and error names only, never a mail's body). */
export interface MailDeliveryDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Waits after the 1st, 2nd, ... failed attempt; a failure after the last is final ('failed'). */
export const MAIL_RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  6 * 3600_000,
  12 * 3600_000,
  24 * 3600_000,
] as const;

/** How long a claimed row is left to its sender before it is due again (far above the mailer's timeouts). */
export const MAIL_SEND_LEASE_MS = 10 * 60_000;

/** Rows one sweep claims at a time, and the most batches one sweep sends (the rest wait for the next tick). */
const SWEEP_BATCH = 20;
const SWEEP_MAX_BATCHES = 10;

type MailRow = Selectable<MailOutboxTable>;

export interface MailDeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

/** The error as stored and logged: its name, code and the server's reply code; never a body or an address. */
function describeError(error: unknown): string {
  const { name, code, responseCode } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    responseCode?: unknown;
  };
  return [typeof name === 'string' ? name : 'Error', code, responseCode]
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .join(' ');
}

async function claim(
  db: Kysely<Database>,
  now: Date,
  filter: { ids: readonly string[] } | { limit: number },
): Promise<MailRow[]> {
  let due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .orderBy('next_attempt_at')
    .forUpdate()
    .skipLocked();
  // The API's delivery takes the rows it just wrote, untried; the sweep takes whatever is due.
  due =
    'ids' in filter
      ? due.where('id', 'in', [...filter.ids]).where('attempts', '=', 0)
      : due.where('next_attempt_at', '<=', now).limit(filter.limit);
  return db
    .updateTable('mail_outbox')
    .set({
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: new Date(now.getTime() + MAIL_SEND_LEASE_MS),
    })
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
}

/** Builds the attachments a row describes; one that cannot be built is logged and left out. */
async function buildAttachments(
  deps: MailDeliveryDeps,
  row: MailRow,
  descriptors: MailAttachmentDescriptor[],
): Promise<MailAttachment[]> {
  const built: MailAttachment[] = [];
  for (const descriptor of descriptors) {
    try {
      const bill = await getIssuedBillForMail(deps.db, descriptor.billId, descriptor.locale);
      built.push({
        filename: billPdfFileName(bill.invoiceNumber, descriptor.locale),
        content: await renderBillPdf(bill, descriptor.locale),
        contentType: 'application/pdf',
      });
    } catch (error) {
      deps.log.error(
        { err: describeError(error), mailId: row.id, billId: descriptor.billId },
        'bill PDF not attached to its mail',
      );
    }
  }
  return built;
}

async function markFailed(deps: MailDeliveryDeps, row: MailRow, reason: string, message: string) {
  await deps.db
    .updateTable('mail_outbox')
    .set({ status: 'failed', last_error: reason })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  deps.log.error({ mailId: row.id, template: row.template, attempts: row.attempts, err: reason }, message);
}

/** Sets the column a sent mail marks (only once: a mark already set keeps its first time). */
async function applyMark(trx: Transaction<Database>, mark: MailSentMark, at: Date) {
  if (mark.kind === 'feedbackAcknowledged')
    await trx
      .updateTable('feedback')
      .set({ acknowledged_at: at })
      .where('id', '=', mark.feedbackId)
      .where('acknowledged_at', 'is', null)
      .execute();
  else if (mark.kind === 'inquiryMailed')
    await trx
      .updateTable('inquiries')
      .set({ mailed_at: at })
      .where('id', '=', mark.inquiryId)
      .where('mailed_at', 'is', null)
      .execute();
  else
    await trx
      .updateTable('payments')
      .set({ receipt_sent_at: at })
      .where('id', '=', mark.paymentId)
      .where('receipt_sent_at', 'is', null)
      .execute();
}

async function sendRow(deps: MailDeliveryDeps, row: MailRow, now: Date): Promise<keyof MailDeliveryResult> {
  const template = row.template;
  const params = isOutboxMailTemplate(template)
    ? OUTBOX_MAIL_PARAMS[template].safeParse(row.params)
    : undefined;
  const descriptors = z.array(mailAttachmentDescriptorSchema).safeParse(row.attachments);
  const marks = z.array(mailSentMarkSchema).safeParse(row.on_sent);
  if (!params?.success || !descriptors.success || !marks.success) {
    await markFailed(deps, row, 'InvalidOutboxRow', 'outbox mail cannot be built: failed');
    return 'failed';
  }
  try {
    const attachments = await buildAttachments(deps, row, descriptors.data);
    const data =
      template === 'billIssued'
        ? {
            ...params.data,
            pdfAttached:
              (params.data as MailTemplateParams['billIssued']).pdfAttached &&
              attachments.length === descriptors.data.length,
          }
        : params.data;
    await deps.mailer.sendMail({
      to: row.recipient,
      locale: row.locale,
      template: template as MailTemplate,
      params: data as MailTemplateParams[MailTemplate],
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      ...(attachments.length ? { attachments } : {}),
    });
  } catch (error) {
    const reason = describeError(error);
    if (error instanceof MailRecipientRefusedError) {
      await markFailed(deps, row, reason, 'outbox mail refused by the mail server: failed');
      return 'failed';
    }
    const delay = MAIL_RETRY_DELAYS_MS[row.attempts - 1];
    if (delay === undefined) {
      await markFailed(deps, row, reason, 'outbox mail not sent after its last attempt: failed');
      return 'failed';
    }
    await deps.db
      .updateTable('mail_outbox')
      .set({ last_error: reason, next_attempt_at: new Date(now.getTime() + delay) })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
    deps.log.warn(
      { mailId: row.id, template: row.template, attempts: row.attempts, err: reason },
      'outbox mail not sent, will retry',
    );
    return 'retried';
  }
  const sentAt = new Date();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: sentAt, last_error: null })
      .where('id', '=', row.id)
      .execute();
    for (const mark of marks.data) await applyMark(trx, mark, sentAt);
  });
  return 'sent';
}

async function sendAll(deps: MailDeliveryDeps, rows: MailRow[], now: Date, result: MailDeliveryResult) {
  for (const row of rows) result[await sendRow(deps, row, now)] += 1;
}

/** Sends these just-committed rows now (the API's delivery after a commit); rows already taken are skipped. */
export async function deliverMails(
  deps: MailDeliveryDeps,
  ids: readonly string[],
  now = new Date(),
): Promise<MailDeliveryResult> {
  const result = { sent: 0, retried: 0, failed: 0 };
  if (ids.length === 0) return result;
  await sendAll(deps, await claim(deps.db, now, { ids }), now, result);
  return result;
}

/** Sends every row due at `now` (the commerce worker's tick): new rows a delivery missed, and retries. */
export async function sweepMailOutbox(deps: MailDeliveryDeps, now = new Date()): Promise<MailDeliveryResult> {
  const result = { sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch += 1) {
    const rows = await claim(deps.db, now, { limit: SWEEP_BATCH });
    await sendAll(deps, rows, now, result);
    if (rows.length < SWEEP_BATCH) break;
  }
  return result;
}

/**
 * The API's and the commerce worker's delivery after a commit: sends the rows in the background (the caller
 * never waits for the mail server) and `close` waits for the sends under way. A row this misses (a crash, a
 * mail server down) is sent by the commerce worker's sweep.
 */
export function createMailDelivery(deps: MailDeliveryDeps): {
  deliverMails: DeliverMails;
  close(): Promise<void>;
} {
  const inFlight = new Set<Promise<unknown>>();
  return {
    deliverMails(ids) {
      if (ids.length === 0) return;
      const delivery = deliverMails(deps, ids)
        .catch((error: unknown) =>
          // The rows stay pending (or claimed until their lease ends): the sweep sends them.
          deps.log.warn({ err: (error as Error).name, mailIds: ids }, 'outbox mail delivery interrupted'),
        )
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async close() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
