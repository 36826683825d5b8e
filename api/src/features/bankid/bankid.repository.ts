import type { BankIdOrderPurpose, BankIdOrderStatus, Database } from '@mp/migrations/database';
import { sql, type Insertable, type Kysely } from 'kysely';

type Db = Kysely<Database>;

export async function insertBankIdOrder(db: Db, row: Insertable<Database['bankid_orders']>): Promise<void> {
  await db.insertInto('bankid_orders').values(row).execute();
}

export async function findBankIdOrder(db: Db, orderRef: string) {
  return db.selectFrom('bankid_orders').selectAll().where('order_ref', '=', orderRef).executeTakeFirst();
}

export type BankIdOrderRow = NonNullable<Awaited<ReturnType<typeof findBankIdOrder>>>;

export async function updateBankIdOrderHint(db: Db, orderRef: string, hintCode: string): Promise<void> {
  await db
    .updateTable('bankid_orders')
    .set({ hint_code: hintCode })
    .where('order_ref', '=', orderRef)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Moves a pending order to its final status. Returns false when it was no longer pending, so two concurrent
 * collects of one order can never both complete it (and both log someone in).
 */
export async function finishBankIdOrder(
  db: Db,
  orderRef: string,
  finish: {
    status: Exclude<BankIdOrderStatus, 'pending'>;
    hintCode?: string | null;
    errorCode?: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('bankid_orders')
    .set({
      status: finish.status,
      hint_code: finish.hintCode ?? null,
      error_code: finish.errorCode ?? null,
      completed_at: sql`now()`,
      // The QR secret is useless once the order is over; drop it rather than keep it until pruning.
      qr_start_secret_encrypted: null,
    })
    .where('order_ref', '=', orderRef)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setBankIdOrderUser(db: Db, orderRef: string, userId: string): Promise<void> {
  await db
    .updateTable('bankid_orders')
    .set({ completed_user_id: userId })
    .where('order_ref', '=', orderRef)
    .execute();
}

export async function setBankIdOrderCompanyToken(db: Db, orderRef: string, token: string): Promise<void> {
  await db
    .updateTable('bankid_orders')
    .set({ external_company_token: token })
    .where('order_ref', '=', orderRef)
    .execute();
}

export type { BankIdOrderPurpose };

/** The QR code was served: the order runs on another device (no device-address check at completion). */
export async function markBankIdOrderQrShown(db: Db, orderRef: string): Promise<void> {
  await db
    .updateTable('bankid_orders')
    .set({ qr_shown_at: new Date() })
    .where('order_ref', '=', orderRef)
    .where('qr_shown_at', 'is', null)
    .execute();
}
