import nodemailer from 'nodemailer';
import type { IndexerConfig } from '../config';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(to: string, content: MailContent): Promise<void>;
  close(): void;
}

/**
 * The workers' own SMTP transport (the indexer may not import the API). Nodemailer's logger stays off: it
 * would write message bodies.
 */
export function createMailer(config: Pick<IndexerConfig, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(to, content) {
      await transport.sendMail({ from: config.MAIL_FROM, to, ...content });
    },
    close: () => transport.close(),
  };
}
