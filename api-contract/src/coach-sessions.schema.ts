import { COACH_SLOT_MINUTES } from '@mp/domain';
import { z } from 'zod';

// The Full Coach Package's feedback session: the slots admins offer and the consultant's booking.

export const coachSlotSchema = z.object({
  id: z.uuid(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});

export const coachSessionStateSchema = z.object({
  /** True when the consultant bought the Full Coach Package (the session is included). */
  included: z.boolean(),
  /** The live booking, or null. */
  booking: coachSlotSchema.extend({ bookingId: z.uuid(), bookedAt: z.iso.datetime() }).nullable(),
  /** Free slots that can still be booked (starting more than the notice period from now), soonest first. */
  slots: z.array(coachSlotSchema),
  /** False when the booking starts within the notice period (or has passed): it can no longer be changed. */
  changeable: z.boolean(),
  /** Bookings can be made, moved or cancelled until this many hours before the session. */
  noticeHours: z.number().int(),
});

export const bookCoachSessionBodySchema = z.strictObject({ slotId: z.uuid() });

export const adminCoachSlotSchema = coachSlotSchema.extend({
  booking: z
    .object({
      userId: z.uuid(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
      bookedAt: z.iso.datetime(),
    })
    .nullable(),
});

export const adminCoachSlotsResponseSchema = z.object({ slots: z.array(adminCoachSlotSchema) });

export const createCoachSlotBodySchema = z.strictObject({
  /** An instant with its offset, e.g. 2026-12-01T09:00:00+01:00. */
  startsAt: z.iso.datetime({ offset: true }),
  durationMinutes: z
    .number()
    .int()
    .min(COACH_SLOT_MINUTES.min)
    .max(COACH_SLOT_MINUTES.max)
    .default(COACH_SLOT_MINUTES.default),
});

export const coachSlotParamsSchema = z.object({ id: z.uuid() });
