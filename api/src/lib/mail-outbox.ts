import { CARD_DECLINE_REASONS } from '@mp/api-contract/payments.schema';
import { LOCALES, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { MailTemplateParams } from './mail-templates';

// The mail outbox's writing side (docs/decisions.md "Workflow mails go through a mail outbox"): a workflow mail
// is a row written in the transaction of the change it tells of, so the two commit or roll back together; the
// sending side (features/mail-outbox) sends it afterwards and retries until it is sent.

const optionalFirstName = z.string().nullable().optional();

/** A row written before mails named the contract has none: its mail names the project and company, as it did. */
const outboxContractName = z.string().default('');

const timeMonthMail = z.object({
  firstName: optionalFirstName,
  month: z.string(),
  contractName: outboxContractName,
  projectName: z.string().nullable(),
  companyName: z.string(),
  hours: z.string(),
  overtimeHours: z.string().nullable(),
  link: z.string(),
});

const coachSessionMail = z.object({
  firstName: optionalFirstName,
  when: z.string(),
  noticeHours: z.number(),
  link: z.string(),
});

/** The templates that go through the outbox, each with the zod schema of its params (checked on write and send). */
export const OUTBOX_MAIL_PARAMS = {
  timeMonthSubmitted: timeMonthMail.extend({ consultantName: z.string() }),
  timeMonthReturned: timeMonthMail.extend({ approverName: z.string(), comment: z.string() }),
  timeMonthApproved: timeMonthMail.extend({ approverName: z.string() }),
  billIssued: z.object({
    firstName: optionalFirstName,
    invoiceNumber: z.string(),
    ocrReference: z.string(),
    month: z.string(),
    contractName: outboxContractName,
    projectName: z.string().nullable(),
    companyName: z.string(),
    approverName: z.string(),
    total: z.string(),
    dueDate: z.string(),
    pdfAttached: z.boolean(),
    link: z.string(),
  }),
  contractSigningRequested: z.object({
    firstName: optionalFirstName,
    contractName: z.string(),
    companyName: z.string(),
    senderName: z.string(),
    via: z.enum(['bankid', 'email']),
    // Rows written before QA12 F4 were all worded for a signer with an account.
    hasAccount: z.boolean().default(true),
    link: z.string(),
  }),
  contractOutcome: z.object({
    firstName: optionalFirstName,
    contractName: z.string(),
    companyName: z.string(),
    signerName: z.string(),
    outcome: z.enum(['signed', 'declined', 'expired']),
    link: z.string(),
  }),
  contractSigningClosed: z.object({
    firstName: optionalFirstName,
    contractName: z.string(),
    companyName: z.string(),
    reason: z.enum(['expired', 'cancelled']),
    link: z.string().nullable(),
  }),
  coachSessionBooked: coachSessionMail,
  coachSessionCancelled: coachSessionMail,
  passwordChanged: z.object({ firstName: optionalFirstName, link: z.string(), contactEmail: z.string() }),
  passwordSet: z.object({ firstName: optionalFirstName, link: z.string(), contactEmail: z.string() }),
  feedbackReceived: z.object({ firstName: optionalFirstName, message: z.string() }),
  inquiryReceived: z.object({
    inquiryId: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    details: z.string(),
    senderLocale: z.enum(LOCALES),
    userId: z.string().nullable(),
    reference: z.string().nullable(),
    consultant: z
      .object({ name: z.string().nullable(), profileLink: z.string(), adminLink: z.string() })
      .nullable(),
    criteria: z.array(z.string()),
  }),
  inquiryConfirmation: z.object({
    name: z.string(),
    details: z.string(),
    consultant: z.object({ profileLink: z.string() }).nullable(),
  }),
  paymentReceipt: z.object({
    firstName: optionalFirstName,
    receiptNumber: z.string(),
    description: z.string(),
    amount: z.string(),
    vat: z.string(),
    vatRatePercent: z.number(),
    paidOn: z.string(),
    billingName: z.string().nullable(),
    billingLink: z.string(),
  }),
  paymentRefunded: z.object({
    firstName: optionalFirstName,
    receiptNumber: z.string(),
    description: z.string(),
    amount: z.string(),
    billingLink: z.string(),
  }),
  renewalFailed: z.object({
    firstName: optionalFirstName,
    graceEnds: z.string(),
    link: z.string(),
    reason: z.enum(CARD_DECLINE_REASONS),
  }),
  subscriptionEnded: z.object({ firstName: optionalFirstName, link: z.string() }),
  subscriptionCancelled: z.object({
    firstName: optionalFirstName,
    planName: z.string(),
    endsOn: z.string(),
    link: z.string(),
  }),
  subscriptionResumed: z.object({
    firstName: optionalFirstName,
    planName: z.string(),
    amount: z.string(),
    nextChargeOn: z.string(),
    link: z.string(),
  }),
  planChangeScheduled: z.object({
    firstName: optionalFirstName,
    planName: z.string(),
    newPlanName: z.string(),
    amount: z.string(),
    startsOn: z.string(),
    link: z.string(),
  }),
  planChangeUndone: z.object({
    firstName: optionalFirstName,
    planName: z.string(),
    droppedPlanName: z.string(),
    amount: z.string(),
    nextChargeOn: z.string(),
    link: z.string(),
  }),
} satisfies { [T in keyof MailTemplateParams]?: z.ZodType<MailTemplateParams[T]> };

export type OutboxMailTemplate = keyof typeof OUTBOX_MAIL_PARAMS;

export const isOutboxMailTemplate = (template: string): template is OutboxMailTemplate =>
  Object.hasOwn(OUTBOX_MAIL_PARAMS, template);

/** How to build an attachment at send time: never the file itself (a bill's PDF is rendered by the sender). */
export const mailAttachmentDescriptorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('billPdf'), billId: z.uuid(), locale: z.enum(['sv', 'en']) }),
]);
export type MailAttachmentDescriptor = z.infer<typeof mailAttachmentDescriptorSchema>;

/**
 * What the sender marks once the mail is sent, in the transaction that marks the row sent: a column that says a
 * mail went (a feedback's `acknowledged_at`, an inquiry's `mailed_at`, a payment's `receipt_sent_at`).
 */
export const mailSentMarkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('feedbackAcknowledged'), feedbackId: z.uuid() }),
  z.object({ kind: z.literal('inquiryMailed'), inquiryId: z.uuid() }),
  z.object({ kind: z.literal('paymentReceiptSent'), paymentId: z.uuid() }),
]);
export type MailSentMark = z.infer<typeof mailSentMarkSchema>;

export interface OutboxMail<T extends OutboxMailTemplate> {
  to: string;
  locale: Locale;
  template: T;
  params: MailTemplateParams[T];
  replyTo?: string;
  attachments?: MailAttachmentDescriptor[];
  onSent?: MailSentMark[];
}

/**
 * Writes a mail to the outbox; run it inside the transaction that makes the change the mail tells of. Returns
 * the row's id, for the caller to hand to the API's delivery once committed (deliverMails). Params that do not
 * fit the template's schema throw, so the change rolls back rather than store a mail that cannot be sent.
 */
export async function enqueueMail<T extends OutboxMailTemplate>(
  trx: Transaction<Database> | Kysely<Database>,
  mail: OutboxMail<T>,
): Promise<string> {
  const params = OUTBOX_MAIL_PARAMS[mail.template].parse(mail.params);
  const attachments = z.array(mailAttachmentDescriptorSchema).parse(mail.attachments ?? []);
  const onSent = z.array(mailSentMarkSchema).parse(mail.onSent ?? []);
  const row = await trx
    .insertInto('mail_outbox')
    .values({
      recipient: mail.to,
      locale: mail.locale,
      template: mail.template,
      params: JSON.stringify(params),
      reply_to: mail.replyTo ?? null,
      attachments: JSON.stringify(attachments),
      on_sent: JSON.stringify(onSent),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Hands committed outbox rows to delivery without waiting for it (the API's, off the response path). */
export type DeliverMails = (ids: readonly string[]) => void;
