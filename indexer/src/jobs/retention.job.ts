import { BOOKKEEPING_RETENTION_YEARS, MARKETING_AND_ABUSE_RETENTION_MONTHS } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely } from 'kysely';
import type { RetentionPayload } from '../queues';
import {
  claimAccountsDueForPurge,
  deleteAbuseCheckDataBefore,
  deleteAcknowledgedOutboxRowsBefore,
  deleteFinishedMailOutboxRowsBefore,
  deleteBookkeepingBefore,
  deleteMarketingDataBefore,
  deleteUnreferencedOfferLogosBefore,
  purgeAccount,
} from './retention.repository';

export interface RetentionDeps {
  db: Kysely<Database>;
  /** Accounts purged per transaction. */
  batchSize?: number;
}

export interface RetentionResult {
  accountsPurged: number;
  marketing: { inquiries: number; searchEvents: number };
  abuseChecks: { loginAttempts: number; bankidOrders: number; sessions: number; auditAddresses: number };
  bookkeeping: Awaited<ReturnType<typeof deleteBookkeepingBefore>>;
  /** Outbox rows acknowledged (indexed) more than {@link OUTBOX_RETENTION_DAYS} days before. */
  outbox: { acknowledged: number };
  /** Mail outbox rows sent or failed more than {@link MAIL_OUTBOX_RETENTION_DAYS} days after they were written. */
  mailOutbox: { finished: number };
  /** Partner offers' logos no offer uses, uploaded more than {@link OFFER_LOGO_GRACE_DAYS} days before. */
  offerLogos: { unreferenced: number };
}

/**
 * How long the outbox keeps a row after its change was indexed: long enough to trace a change a month back
 * (and far longer than a reindex, which catches up from recent rows), short enough that the table holds about
 * a month of edits instead of every edit ever made.
 */
export const OUTBOX_RETENTION_DAYS = 30;

/**
 * How long a workflow mail's outbox row (its recipient and what it said) is kept once sent or given up on:
 * a month to answer "did the invoice mail go out?", then it goes.
 */
export const MAIL_OUTBOX_RETENTION_DAYS = 30;

/**
 * How long an uploaded partner logo no offer uses is kept: the admin form uploads the logo as soon as it is
 * chosen and saves the offer later, so a form left open (over a weekend, say) must still find its logo.
 */
export const OFFER_LOGO_GRACE_DAYS = 7;

function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/**
 * Bookkeeping is kept 7 years after the end of the fiscal (calendar) year it belongs to: run in 2027, rows
 * dated before 1 January 2020 (Swedish time) go.
 */
export function bookkeepingCutoff(now: Date): { instant: Date; day: string } {
  const year = Number(
    new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/Stockholm' }).format(now),
  );
  const day = `${year - BOOKKEEPING_RETENTION_YEARS}-01-01`;
  // Midnight in Stockholm on 1 January is 23:00 UTC the day before (winter time).
  return { instant: new Date(`${day}T00:00:00+01:00`), day };
}

/**
 * The retention job (spec section 9, docs/retention.md), run daily by a BullMQ job scheduler. `now` (the
 * payload's, for a replay or a test's simulated clock, else the time it runs) decides every cutoff.
 * Idempotent: a second run finds nothing left to do.
 */
export async function handleRetention(
  deps: RetentionDeps,
  payload: RetentionPayload,
): Promise<RetentionResult> {
  const now = payload.now ? new Date(payload.now) : new Date();
  const batchSize = deps.batchSize ?? 100;
  let accountsPurged = 0;
  for (;;) {
    const purged = await deps.db.transaction().execute(async (trx) => {
      const due = await claimAccountsDueForPurge(trx, now, batchSize);
      for (const { id } of due) await purgeAccount(trx, id, now);
      return due.length;
    });
    accountsPurged += purged;
    if (purged < batchSize) break;
  }
  const twelveMonthsAgo = monthsBefore(now, MARKETING_AND_ABUSE_RETENTION_MONTHS);
  const marketing = await deleteMarketingDataBefore(deps.db, twelveMonthsAgo);
  const abuseChecks = await deleteAbuseCheckDataBefore(deps.db, twelveMonthsAgo);
  const cutoff = bookkeepingCutoff(now);
  const bookkeeping = await deleteBookkeepingBefore(deps.db, cutoff.instant, cutoff.day);
  const acknowledged = await deleteAcknowledgedOutboxRowsBefore(
    deps.db,
    new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000),
  );
  const finishedMails = await deleteFinishedMailOutboxRowsBefore(
    deps.db,
    new Date(now.getTime() - MAIL_OUTBOX_RETENTION_DAYS * 86_400_000),
  );
  const unreferencedLogos = await deleteUnreferencedOfferLogosBefore(
    deps.db,
    new Date(now.getTime() - OFFER_LOGO_GRACE_DAYS * 86_400_000),
  );
  return {
    accountsPurged,
    marketing,
    abuseChecks,
    bookkeeping,
    outbox: { acknowledged },
    mailOutbox: { finished: finishedMails },
    offerLogos: { unreferenced: unreferencedLogos },
  };
}
