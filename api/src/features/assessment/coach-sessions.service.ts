import { COACH_SESSION_NOTICE_HOURS, INTL_LOCALES, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import { buildWebLink } from '../../lib/links';
import { enqueueMail, type DeliverMails } from '../../lib/mail-outbox';
import { ASSESSMENT_PATH } from './assessment.service';
import {
  cancelBooking,
  deleteSlot,
  findFreeSlots,
  findFullCoachOrder,
  findLiveBooking,
  findOverlappingSlot,
  findSlotsForAdmin,
  insertBooking,
  insertSlot,
  lockAdminSlots,
  lockSlot,
  slotHasLiveBooking,
} from './coach-sessions.repository';

// The Full Coach Package's feedback session (spec section 1): admins publish time slots in the admin area; a
// consultant who bought the Full package books one on the assessment page, may move or cancel it until
// COACH_SESSION_NOTICE_HOURS before it starts, and gets a confirmation by e-mail. Basic package buyers cannot
// book. A slot holds one live booking and an order one: the slot row is locked while booking and partial
// unique indexes back that up, so two consultants racing for one slot never both get it.

export interface CoachSessionDeps {
  db: Kysely<Database>;
  deliverMails: DeliverMails;
  config: Pick<AppConfig, 'PUBLIC_URL'>;
}

const HOUR_MS = 3_600_000;
const noticeLimit = (now: Date) => new Date(now.getTime() + COACH_SESSION_NOTICE_HOURS * HOUR_MS);

const notIncluded = () => new AppError('COACH_SESSION_NOT_INCLUDED');
const slotTaken = () => new AppError('COACH_SLOT_TAKEN');
const slotNotFound = () => new AppError('COACH_SLOT_NOT_FOUND');
const tooLate = () =>
  new AppError('COACH_SESSION_TOO_LATE', { params: { hours: COACH_SESSION_NOTICE_HOURS } });
const notBooked = () => new AppError('COACH_SESSION_NOT_BOOKED');

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string } | null)?.code === '23505' &&
  (error as { constraint?: string }).constraint === constraint;

const toSlot = (row: { id: string; starts_at: Date; ends_at: Date }) => ({
  id: row.id,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at.toISOString(),
});

/** 'tisdag 1 december 2026 09:00–10:00' (sv) or 'Tuesday, 1 December 2026 09:00–10:00' (en), Swedish time. */
export function formatSessionTime(startsAt: Date, endsAt: Date, locale: Locale): string {
  const zone = 'Europe/Stockholm';
  const day = new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'full', timeZone: zone }).format(
    startsAt,
  );
  const time = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeStyle: 'short', timeZone: zone });
  return `${day} ${time.format(startsAt)}–${time.format(endsAt)}`;
}

/** GET /assessment/coach-session: whether the session is included, the booking and the free slots. */
export async function getCoachSession(db: Kysely<Database>, userId: string, now = new Date()) {
  const order = await findFullCoachOrder(db, userId);
  const booking = order ? await findLiveBooking(db, userId) : undefined;
  return {
    included: order !== undefined,
    booking: booking
      ? { ...toSlot(booking), bookingId: booking.bookingId, bookedAt: booking.booked_at.toISOString() }
      : null,
    slots: order ? (await findFreeSlots(db, noticeLimit(now))).map(toSlot) : [],
    changeable: order !== undefined && (!booking || booking.starts_at > noticeLimit(now)),
    noticeHours: COACH_SESSION_NOTICE_HOURS,
  };
}

/**
 * Writes the consultant's confirmation of a booking or cancellation, in their language, to the mail outbox in
 * the change's transaction (sent once committed, retried until it is). Returns the row's id, if any.
 */
async function enqueueConsultantMail(
  trx: Transaction<Database>,
  config: CoachSessionDeps['config'],
  userId: string,
  template: 'coachSessionBooked' | 'coachSessionCancelled',
  slot: { starts_at: Date; ends_at: Date },
): Promise<string[]> {
  const user = await trx
    .selectFrom('users')
    .select(['email', 'first_name', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.email) return [];
  const id = await enqueueMail(trx, {
    to: user.email,
    locale: user.locale,
    template,
    params: {
      firstName: user.first_name,
      when: formatSessionTime(slot.starts_at, slot.ends_at, user.locale),
      noticeHours: COACH_SESSION_NOTICE_HOURS,
      link: buildWebLink(config.PUBLIC_URL, user.locale, ASSESSMENT_PATH),
    },
  });
  return [id];
}

/**
 * POST /assessment/coach-session: books a free slot, or moves the live booking to it (the old one is
 * released in the same transaction). 403 for consultants without the Full package, 409 when someone else
 * took the slot or when the old or new session is within the notice period.
 */
export async function bookCoachSession(
  deps: CoachSessionDeps,
  userId: string,
  slotId: string,
  now = new Date(),
) {
  const order = await findFullCoachOrder(deps.db, userId);
  if (!order) throw notIncluded();
  const booked = await deps.db.transaction().execute(async (trx) => {
    // One change per consultant at a time: their order row is the lock.
    await trx.selectFrom('assessment_orders').select('id').where('id', '=', order.id).forUpdate().execute();
    const current = await findLiveBooking(trx, userId);
    if (current?.id === slotId) return [];
    const slot = await lockSlot(trx, slotId);
    if (!slot) throw slotNotFound();
    if (slot.starts_at <= noticeLimit(now)) throw tooLate();
    if (await slotHasLiveBooking(trx, slotId)) throw slotTaken();
    if (current) {
      if (current.starts_at <= noticeLimit(now)) throw tooLate();
      await cancelBooking(trx, current.bookingId);
    }
    try {
      await insertBooking(trx, { slotId, orderId: current?.order_id ?? order.id, userId });
    } catch (error) {
      if (isUniqueViolation(error, 'coach_session_bookings_live_slot_idx')) throw slotTaken();
      throw error;
    }
    return enqueueConsultantMail(trx, deps.config, userId, 'coachSessionBooked', slot);
  });
  deps.deliverMails(booked);
  return getCoachSession(deps.db, userId, now);
}

/** DELETE /assessment/coach-session: cancels the live booking until the notice period; the slot is free again. */
export async function cancelCoachSession(deps: CoachSessionDeps, userId: string, now = new Date()) {
  if (!(await findFullCoachOrder(deps.db, userId))) throw notIncluded();
  const current = await findLiveBooking(deps.db, userId);
  if (!current) throw notBooked();
  if (current.starts_at <= noticeLimit(now)) throw tooLate();
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    await cancelBooking(trx, current.bookingId);
    return enqueueConsultantMail(trx, deps.config, userId, 'coachSessionCancelled', current);
  });
  deps.deliverMails(mailIds);
  return getCoachSession(deps.db, userId, now);
}

// ---------------------------------------------------------------------------------------------------------
// Admin

/** GET /admin/coach-slots: slots from a week ago on, with who booked each. */
export async function listCoachSlots(db: Kysely<Database>, now = new Date()) {
  const rows = await findSlotsForAdmin(db, new Date(now.getTime() - 7 * 24 * HOUR_MS));
  return {
    slots: rows.map((row) => ({
      ...toSlot(row),
      booking:
        row.user_id && row.booked_at
          ? {
              userId: row.user_id,
              firstName: row.first_name,
              lastName: row.last_name,
              email: row.email,
              bookedAt: row.booked_at.toISOString(),
            }
          : null,
    })),
  };
}

/**
 * POST /admin/coach-slots: a new slot; it must start in the future and not overlap a slot the same admin already
 * offers (consultants would see the same time twice). The check runs under the admin's slot lock, so two
 * adds sent at once cannot both pass it.
 */
export async function addCoachSlot(
  db: Kysely<Database>,
  adminId: string,
  body: { startsAt: string; durationMinutes: number },
  locale: Locale = 'en',
  now = new Date(),
) {
  const startsAt = new Date(body.startsAt);
  if (startsAt <= now) throw new AppError('COACH_SLOT_IN_PAST');
  const endsAt = new Date(startsAt.getTime() + body.durationMinutes * 60_000);
  await db.transaction().execute(async (trx) => {
    await lockAdminSlots(trx, adminId);
    const overlapping = await findOverlappingSlot(trx, adminId, startsAt, endsAt);
    if (overlapping) {
      throw new AppError('COACH_SLOT_OVERLAPS', {
        params: { time: formatSessionTime(overlapping.starts_at, overlapping.ends_at, locale) },
      });
    }
    const id = await insertSlot(trx, { startsAt, endsAt, createdBy: adminId });
    await recordAuditEvent(trx, {
      actorUserId: adminId,
      action: 'admin.coachSlot.create',
      subjectType: 'coach_session_slot',
      subjectId: id,
    });
  });
  return listCoachSlots(db, now);
}

/** DELETE /admin/coach-slots/{id}: removes a free slot; a booked one answers 409 (the consultant holds it). */
export async function removeCoachSlot(db: Kysely<Database>, adminId: string, slotId: string) {
  await db.transaction().execute(async (trx) => {
    if (!(await lockSlot(trx, slotId))) throw slotNotFound();
    if (await slotHasLiveBooking(trx, slotId)) {
      throw new AppError('COACH_SLOT_BOOKED');
    }
    await deleteSlot(trx, slotId);
    await recordAuditEvent(trx, {
      actorUserId: adminId,
      action: 'admin.coachSlot.delete',
      subjectType: 'coach_session_slot',
      subjectId: slotId,
    });
  });
  return listCoachSlots(db);
}
