import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { DeliverMails } from '../../lib/mail-outbox';
import type { Mailer } from '../../lib/mailer';
import type { CardProviderClient } from './card-provider.client';

/** What the payment, subscription and assessment services need: the same in the API and in the job worker. */
export interface CommerceDeps {
  db: Kysely<Database>;
  cardProvider: CardProviderClient;
  mailer: Mailer;
  /** Sends committed mail outbox rows in the background (payment receipts, subscription mails). */
  deliverMails: DeliverMails;
  config: Pick<
    AppConfig,
    | 'PUBLIC_URL'
    | 'NIN_ENCRYPTION_KEY'
    | 'CARD_FORM_URL'
    | 'CARD_WEBHOOK_SECRET'
    | 'CARD_WEBHOOK_TOLERANCE_SECONDS'
    | 'SUBSCRIPTION_GRACE_DAYS'
    | 'SUBSCRIPTION_RETRY_HOURS'
  >;
  log: {
    warn(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}
