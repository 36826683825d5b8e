import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { waitForTriedMails } from '@mp/test-support/mail-outbox';
import { waitForMails } from '@mp/test-support/mail-sink';

// The Full Coach Package's feedback session on the real app and database: admins add and remove slots, a Full
// package buyer books, moves and cancels (with a confirmation mail in the request's language), a Basic buyer
// cannot book, and consultants racing for one slot never both get it.

let app: FastifyInstance;
let adminId: string;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  const admin = await createUser(app.db, app.config, { isAdmin: true });
  adminId = admin.id;
  adminHeaders = { authorization: await createSessionToken(app, admin.id), 'accept-language': 'en' };
});
afterAll(async () => {
  // The slots are shared by every consultant of the test database (the browser tests too): take ours away.
  await app?.db.deleteFrom('coach_session_slots').where('created_by_user_id', '=', adminId).execute();
  await app?.close();
});

const DAY_MS = 86_400_000;

/** A consultant who bought a package (the purchase itself is covered by assessment.int.test.ts). */
async function consultantWith(pkg: 'basic' | 'full_coach' | null, locale: 'sv' | 'en' = 'en') {
  const user = await createUser(app.db, app.config, { locale, firstName: 'Vera' });
  if (pkg) {
    await app.db
      .insertInto('assessment_orders')
      .values({
        user_id: user.id,
        package: pkg,
        amount_ore: pkg === 'basic' ? 99_500 : 249_500,
        payment_provider: 'cards',
        payment_reference: `pi_test_${randomUUID()}`,
        link_token: randomUUID(),
      })
      .execute();
  }
  const headers = { authorization: await createSessionToken(app, user.id), 'accept-language': locale };
  const call = (method: 'GET' | 'POST' | 'DELETE', payload?: object) =>
    app.inject({ method, url: '/api/assessment/coach-session', headers, ...(payload ? { payload } : {}) });
  return { user, call };
}

/** Adds a slot through the admin API `daysAhead` days from now and returns its id. */
async function addSlot(daysAhead: number, durationMinutes = 60): Promise<string> {
  const startsAt = new Date(Date.now() + daysAhead * DAY_MS);
  startsAt.setUTCSeconds(0, 0);
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/coach-slots',
    headers: adminHeaders,
    payload: { startsAt: startsAt.toISOString(), durationMinutes },
  });
  expect(response.statusCode, response.body).toBe(200);
  const slot = response
    .json<{ slots: { id: string; startsAt: string }[] }>()
    .slots.find((s) => s.startsAt === startsAt.toISOString());
  return slot!.id;
}

describe('admin coach slots', () => {
  it('adds, lists and removes slots; refuses past times and booked slots', async () => {
    const slotId = await addSlot(40, 45);
    const list = await app.inject({ url: '/api/admin/coach-slots', headers: adminHeaders });
    const listed = list.json().slots.find((s: { id: string }) => s.id === slotId);
    expect(new Date(listed.endsAt).getTime() - new Date(listed.startsAt).getTime()).toBe(45 * 60_000);
    expect(listed.booking).toBeNull();

    const past = await app.inject({
      method: 'POST',
      url: '/api/admin/coach-slots',
      headers: adminHeaders,
      payload: { startsAt: new Date(Date.now() - DAY_MS).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      code: 'COACH_SLOT_IN_PAST',
      errorMessage: 'The time must be in the future',
    });

    const { user, call } = await consultantWith('full_coach');
    expect((await call('POST', { slotId })).statusCode).toBe(200);
    const booked = (await app.inject({ url: '/api/admin/coach-slots', headers: adminHeaders }))
      .json()
      .slots.find((s: { id: string }) => s.id === slotId);
    expect(booked.booking).toMatchObject({ userId: user.id, firstName: 'Vera', email: user.email });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/admin/coach-slots/${slotId}`,
      headers: adminHeaders,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('COACH_SLOT_BOOKED');

    expect((await call('DELETE')).statusCode).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/coach-slots/${slotId}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().slots.map((s: { id: string }) => s.id)).not.toContain(slotId);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/admin/coach-slots/${slotId}`,
      headers: adminHeaders,
    });
    expect(again.json().code).toBe('COACH_SLOT_NOT_FOUND');
  });

  it('refuses a time that repeats or overlaps one the admin already offers, also when both are sent at once', async () => {
    const post = (startsAt: string, durationMinutes = 60, language = 'en') =>
      app.inject({
        method: 'POST',
        url: '/api/admin/coach-slots',
        headers: { ...adminHeaders, 'accept-language': language },
        payload: { startsAt, durationMinutes },
      });
    // 14:30-15:30 Swedish time on a day far ahead (winter time, +01:00).
    expect((await post('2027-01-14T14:30:00+01:00')).statusCode).toBe(200);
    const again = await post('2027-01-14T14:30:00+01:00');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'COACH_SLOT_OVERLAPS',
      errorMessage:
        'You already offer a time that overlaps this one (Thursday, 14 January 2027 14:30–15:30, Swedish time)',
    });
    const overlapping = await post('2027-01-14T15:00:00+01:00', 30, 'sv');
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().errorMessage).toBe(
      'Du har redan en tid som överlappar den här (torsdag 14 januari 2027 14:30–15:30, svensk tid)',
    );
    // Back to back is fine.
    expect((await post('2027-01-14T15:30:00+01:00', 30)).statusCode).toBe(200);

    // Two adds of one new time at once: exactly one gets it.
    const racing = await Promise.all([post('2027-01-15T10:00:00+01:00'), post('2027-01-15T10:00:00+01:00')]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // This admin's own: the list holds every admin's times, and the browser tests add theirs on random days ahead.
    const ours = new Set(
      (
        await app.db
          .selectFrom('coach_session_slots')
          .select('id')
          .where('created_by_user_id', '=', adminId)
          .execute()
      ).map((slot) => slot.id),
    );
    const slots = (await app.inject({ url: '/api/admin/coach-slots', headers: adminHeaders }))
      .json<{ slots: { id: string; startsAt: string }[] }>()
      .slots.filter((s) => ours.has(s.id) && s.startsAt.startsWith('2027-01-1'));
    expect(slots.map((s) => s.startsAt)).toEqual([
      '2027-01-14T13:30:00.000Z',
      '2027-01-14T14:30:00.000Z',
      '2027-01-15T09:00:00.000Z',
    ]);
  });
});

describe('booking the feedback session', () => {
  it('is not included in the Basic package: no slots shown and booking answers 403', async () => {
    const slotId = await addSlot(30);
    for (const pkg of ['basic', null] as const) {
      const { call } = await consultantWith(pkg);
      expect((await call('GET')).json()).toMatchObject({
        included: false,
        booking: null,
        slots: [],
        changeable: false,
      });
      const booking = await call('POST', { slotId });
      expect(booking.statusCode).toBe(403);
      expect(booking.json()).toEqual({
        code: 'COACH_SESSION_NOT_INCLUDED',
        errorMessage: 'The feedback session is included in the Full Coach Package',
      });
    }
    const { call: sv } = await consultantWith('basic', 'sv');
    expect((await sv('POST', { slotId })).json().errorMessage).toBe(
      'Återkopplingssessionen ingår i Full Coach Package',
    );
  });

  it('books, moves and cancels with confirmation mails in the consultant’s language', async () => {
    const first = await addSlot(20);
    const second = await addSlot(21);
    const { user, call } = await consultantWith('full_coach', 'sv');
    const before = (await call('GET')).json();
    expect(before).toMatchObject({ included: true, booking: null, changeable: true, noticeHours: 24 });
    expect(before.slots.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([first, second]));

    const booked = (await call('POST', { slotId: first })).json();
    expect(booked.booking).toMatchObject({ id: first });
    expect(booked.slots.map((s: { id: string }) => s.id)).not.toContain(first);
    // Booking the same slot again changes nothing and sends no second mail.
    expect((await call('POST', { slotId: first })).json().booking.id).toBe(first);
    const [confirmation] = await waitForMails(user.email!, 1);
    expect(confirmation!.Subject).toMatch(
      /^Din återkopplingssession är bokad: \S+dag \d{1,2} \S+ \d{4} \d{2}:\d{2}–\d{2}:\d{2}$/,
    );
    expect(confirmation!.Text).toContain('/sv/app/assessment');

    const moved = (await call('POST', { slotId: second })).json();
    expect(moved.booking).toMatchObject({ id: second });
    expect(moved.slots.map((s: { id: string }) => s.id)).toContain(first);

    const cancelled = await call('DELETE');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking).toBeNull();
    const mails = await waitForMails(user.email!, 3);
    expect(mails.map((m) => m.Subject)).toContain('Din återkopplingssession är avbokad');
    // Each confirmation was written to the mail outbox with its change, and sent once.
    expect((await waitForTriedMails(app, [user.email!], 3)).map((row) => [row.template, row.status])).toEqual(
      [
        ['coachSessionBooked', 'sent'],
        ['coachSessionBooked', 'sent'],
        ['coachSessionCancelled', 'sent'],
      ],
    );
    expect((await call('DELETE')).json().code).toBe('COACH_SESSION_NOT_BOOKED');
  });

  it('refuses slots and changes within the 24-hour notice period, and unknown slots', async () => {
    const soon = await addSlot(0.5);
    const { call } = await consultantWith('full_coach');
    expect((await call('GET')).json().slots.map((s: { id: string }) => s.id)).not.toContain(soon);
    const tooSoon = await call('POST', { slotId: soon });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toEqual({
      code: 'COACH_SESSION_TOO_LATE',
      errorMessage: 'A feedback session can be booked, moved or cancelled until 24 hours before it starts',
    });
    expect((await call('POST', { slotId: randomUUID() })).json().code).toBe('COACH_SLOT_NOT_FOUND');

    // A booking whose session is now within the notice period can no longer be moved or cancelled.
    const later = await addSlot(10);
    const other = await addSlot(11);
    expect((await call('POST', { slotId: later })).statusCode).toBe(200);
    await app.db
      .updateTable('coach_session_slots')
      .set({ starts_at: new Date(Date.now() + 3_600_000), ends_at: new Date(Date.now() + 7_200_000) })
      .where('id', '=', later)
      .execute();
    expect((await call('GET')).json()).toMatchObject({ booking: { id: later }, changeable: false });
    expect((await call('POST', { slotId: other })).json().code).toBe('COACH_SESSION_TOO_LATE');
    expect((await call('DELETE')).json().code).toBe('COACH_SESSION_TOO_LATE');
  });

  it('gives one slot to exactly one of many consultants booking it at the same moment', async () => {
    const slotId = await addSlot(50);
    const consultants = await Promise.all(Array.from({ length: 8 }, () => consultantWith('full_coach')));
    const answers = await Promise.all(consultants.map(({ call }) => call('POST', { slotId })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({
        code: 'COACH_SLOT_TAKEN',
        errorMessage: 'Someone else has just booked that time. Choose another time',
      });
    }
    const live = await app.db
      .selectFrom('coach_session_bookings')
      .select('user_id')
      .where('slot_id', '=', slotId)
      .where('cancelled_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    const winner = consultants[answers.findIndex((a) => a.statusCode === 200)]!;
    expect(live[0]!.user_id).toBe(winner.user.id);

    // One consultant double-clicking two slots at once ends with one booking.
    const [a, b] = [await addSlot(51), await addSlot(52)];
    const { user, call } = await consultantWith('full_coach');
    await Promise.all([call('POST', { slotId: a }), call('POST', { slotId: b })]);
    const mine = await app.db
      .selectFrom('coach_session_bookings')
      .select('slot_id')
      .where('user_id', '=', user.id)
      .where('cancelled_at', 'is', null)
      .execute();
    expect(mine).toHaveLength(1);
  });
});
