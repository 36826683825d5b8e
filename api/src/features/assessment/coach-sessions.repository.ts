import type { Database } from '@mp/migrations/database';
import { sql, type Kysely, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** The user's latest Full Coach Package order, whatever its state; undefined when they bought none. */
export async function findFullCoachOrder(db: Db, userId: string) {
  return db
    .selectFrom('assessment_orders')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('package', '=', 'full_coach')
    .orderBy('purchased_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The user's live (not cancelled) booking with its slot. */
export async function findLiveBooking(db: Db, userId: string) {
  return db
    .selectFrom('coach_session_bookings as b')
    .innerJoin('coach_session_slots as s', 's.id', 'b.slot_id')
    .select(['b.id as bookingId', 'b.order_id', 'b.booked_at', 's.id', 's.starts_at', 's.ends_at'])
    .where('b.user_id', '=', userId)
    .where('b.cancelled_at', 'is', null)
    .orderBy('s.starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Slots without a live booking starting after `after`, soonest first. */
export async function findFreeSlots(db: Db, after: Date) {
  return db
    .selectFrom('coach_session_slots as s')
    .select(['s.id', 's.starts_at', 's.ends_at'])
    .where('s.starts_at', '>', after)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('coach_session_bookings as b')
            .select(sql`1`.as('one'))
            .whereRef('b.slot_id', '=', 's.id')
            .where('b.cancelled_at', 'is', null),
        ),
      ),
    )
    .orderBy('s.starts_at')
    .limit(200)
    .execute();
}

/** Locks a slot row, so bookings of one slot run one after the other. */
export async function lockSlot(trx: Transaction<Database>, slotId: string) {
  return trx
    .selectFrom('coach_session_slots')
    .select(['id', 'starts_at', 'ends_at'])
    .where('id', '=', slotId)
    .forUpdate()
    .executeTakeFirst();
}

export async function slotHasLiveBooking(trx: Transaction<Database>, slotId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('coach_session_bookings')
    .select('id')
    .where('slot_id', '=', slotId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertBooking(
  trx: Transaction<Database>,
  row: { slotId: string; orderId: string; userId: string },
) {
  return trx
    .insertInto('coach_session_bookings')
    .values({ slot_id: row.slotId, order_id: row.orderId, user_id: row.userId })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export async function cancelBooking(db: Db, bookingId: string): Promise<void> {
  await db
    .updateTable('coach_session_bookings')
    .set({ cancelled_at: new Date() })
    .where('id', '=', bookingId)
    .where('cancelled_at', 'is', null)
    .execute();
}

/** Every slot from `from` on with its live booking and who holds it, for the admin screen. */
export async function findSlotsForAdmin(db: Db, from: Date) {
  return db
    .selectFrom('coach_session_slots as s')
    .leftJoin('coach_session_bookings as b', (join) =>
      join.onRef('b.slot_id', '=', 's.id').on('b.cancelled_at', 'is', null),
    )
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      's.id',
      's.starts_at',
      's.ends_at',
      'b.user_id',
      'b.booked_at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('s.starts_at', '>=', from)
    .orderBy('s.starts_at')
    .limit(500)
    .execute();
}

/**
 * Takes the admin's slot lock until the transaction ends, so two adds by the same admin run one after the
 * other and the overlap check below sees the other's slot.
 */
export async function lockAdminSlots(trx: Transaction<Database>, adminId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`coach_session_slots:${adminId}`}))`.execute(trx);
}

/** A slot of the admin overlapping [startsAt, endsAt) (touching ends do not overlap), or undefined. */
export async function findOverlappingSlot(db: Db, adminId: string, startsAt: Date, endsAt: Date) {
  return db
    .selectFrom('coach_session_slots')
    .select(['id', 'starts_at', 'ends_at'])
    .where('created_by_user_id', '=', adminId)
    .where('starts_at', '<', endsAt)
    .where('ends_at', '>', startsAt)
    .orderBy('starts_at')
    .limit(1)
    .executeTakeFirst();
}

export async function insertSlot(
  db: Db,
  row: { startsAt: Date; endsAt: Date; createdBy: string },
): Promise<string> {
  const { id } = await db
    .insertInto('coach_session_slots')
    .values({ starts_at: row.startsAt, ends_at: row.endsAt, created_by_user_id: row.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function deleteSlot(trx: Transaction<Database>, slotId: string): Promise<void> {
  await trx.deleteFrom('coach_session_slots').where('id', '=', slotId).execute();
}
