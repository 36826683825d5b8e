import { emailSchema, type Locale } from '@mp/domain';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import { renderMail, type MailTemplate, type MailTemplateParams } from './mail-templates';

export interface MailMessage<T extends MailTemplate> {
  to: string;
  locale: Locale;
  template: T;
  params: MailTemplateParams[T];
  /** Where replies go, when not to the sender address (an inquiry's sender, say). */
  replyTo?: string;
  /** Files sent with the mail (a bill's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /**
   * Renders the template in the recipient's language and sends it as text and HTML. Throws
   * {@link MailRecipientRefusedError} when the server refuses the address for good.
   */
  sendMail<T extends MailTemplate>(message: MailMessage<T>): Promise<void>;
  close(): void;
}

/** Replaces control characters (CR and LF included) with spaces, for values that end up in mail headers. */
export function stripControlCharacters(value: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * The mail server refused the recipient for good (a 5xx answer to RCPT TO, e.g. "501 Bad recipient address
 * syntax"): the address can never get the mail, so it is the sender's input that is wrong, not the server.
 */
export class MailRecipientRefusedError extends Error {
  constructor(options: { cause: unknown }) {
    super('the mail server refused the recipient address', options);
    this.name = 'MailRecipientRefusedError';
  }
}

/** Whether a nodemailer error is a permanent refusal of the (only) recipient; 4xx answers may pass later. */
export function isRecipientRefused(error: unknown): boolean {
  const { code, command, responseCode } = (error ?? {}) as {
    code?: unknown;
    command?: unknown;
    responseCode?: unknown;
  };
  return (
    code === 'EENVELOPE' &&
    command === 'RCPT TO' &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600
  );
}

/**
 * Real SMTP through nodemailer (the local sink in development and tests). Nodemailer's own logger stays off
 * (its default): it would write message bodies, and those carry single-use links.
 */
export function createMailer(config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  // Mails with a link are sent inside the transaction that stores the link (docs/decisions.md), so a mail server
  // that stops answering must fail the request within seconds, not hold a database connection for nodemailer's
  // defaults (2 minutes to connect, 10 minutes of silence).
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async sendMail({ to, locale, template, params, replyTo, attachments }) {
      const content = renderMail(template, params, locale);
      // Headers carry user input (a name in the subject, an inquiry's address as Reply-To): no control
      // characters (header injection), and Reply-To only when it is a strictly valid address.
      const safeReplyTo = replyTo && emailSchema.safeParse(replyTo).success ? replyTo.trim() : undefined;
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: stripControlCharacters(to),
          ...(safeReplyTo ? { replyTo: safeReplyTo } : {}),
          ...(attachments?.length ? { attachments } : {}),
          ...content,
          subject: stripControlCharacters(content.subject),
        });
      } catch (error) {
        throw isRecipientRefused(error) ? new MailRecipientRefusedError({ cause: error }) : error;
      }
    },
    close: () => transport.close(),
  };
}
