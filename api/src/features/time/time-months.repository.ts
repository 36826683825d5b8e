import { firstDayOfMonth } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Transaction } from 'kysely';

/** The month row of an assignment, created open if missing, locked for the rest of the transaction. */
export async function lockTimeMonth(trx: Transaction<Database>, assignmentId: string, month: string) {
  await trx
    .insertInto('time_report_months')
    .values({ assignment_id: assignmentId, month: firstDayOfMonth(month) })
    .onConflict((oc) => oc.columns(['assignment_id', 'month']).doNothing())
    .execute();
  return trx
    .selectFrom('time_report_months')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .where('month', '=', firstDayOfMonth(month))
    .forUpdate()
    .executeTakeFirstOrThrow();
}
