import type { AssessmentPackage, Database, JsonObject } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertAssessmentOrder(
  trx: Db,
  row: {
    userId: string;
    package: AssessmentPackage;
    amountOre: number;
    paymentReference: string;
    linkToken: string;
  },
) {
  return trx
    .insertInto('assessment_orders')
    .values({
      user_id: row.userId,
      package: row.package,
      status: 'purchased',
      amount_ore: row.amountOre,
      payment_provider: 'cards',
      payment_reference: row.paymentReference,
      link_token: row.linkToken,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** The user's latest order, purchased, taken or completed. */
export async function findLatestOrder(db: Db, userId: string) {
  return db
    .selectFrom('assessment_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('purchased_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function lockOrder(trx: Transaction<Database>, orderId: string) {
  return trx
    .selectFrom('assessment_orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findAnswers(db: Db, orderId: string) {
  return db
    .selectFrom('assessment_answers')
    .select(['question', 'answer'])
    .where('order_id', '=', orderId)
    .orderBy('question')
    .execute();
}

export async function upsertAnswer(db: Db, orderId: string, question: number, answer: JsonObject) {
  await db
    .insertInto('assessment_answers')
    .values({ order_id: orderId, question, answer })
    .onConflict((oc) => oc.columns(['order_id', 'question']).doUpdateSet({ answer, answered_at: new Date() }))
    .execute();
}

export async function markOrderTaken(trx: Db, orderId: string) {
  await trx
    .updateTable('assessment_orders')
    .set({ status: 'taken', taken_at: new Date() })
    .where('id', '=', orderId)
    .where('status', '=', 'purchased')
    .execute();
}

export async function findResult(db: Db, orderId: string) {
  return db.selectFrom('assessment_results').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Orders taken but without a result, e.g. when the result job could not be queued. */
export async function findTakenOrderIds(db: Db, takenBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('assessment_orders')
    .select('id')
    .where('status', '=', 'taken')
    .where('taken_at', '<=', takenBefore)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
