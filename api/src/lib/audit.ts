import type { AuditAction } from '@mp/api-contract/admin.schema';
import type { Database, JsonObject } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';

/** What happened, e.g. 'auth.login', 'account.deleted'; never personal numbers, passwords or tokens in data. */
export interface AuditEvent {
  actorUserId: string | null;
  /** One of the catalogue's actions (`AUDIT_ACTIONS`), which the god area has labels for. */
  action: AuditAction;
  subjectType?: string;
  subjectId?: string;
  data?: JsonObject;
  ip?: string | null;
}

/** Appends to the audit log of sensitive actions (logins, e-mail and password changes, exports, deletions). */
export async function recordAuditEvent(
  db: Kysely<Database> | Transaction<Database>,
  event: AuditEvent,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: event.actorUserId,
      action: event.action,
      subject_type: event.subjectType ?? null,
      subject_id: event.subjectId ?? null,
      data: event.data ?? {},
      ip: event.ip ?? null,
    })
    .execute();
}
