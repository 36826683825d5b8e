import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import { requireVerifiedUser } from '../../plugins/auth';
import { bookCoachSessionBodySchema, coachSessionStateSchema } from '@mp/api-contract/coach-sessions.schema';
import { bookCoachSession, cancelCoachSession, getCoachSession } from './coach-sessions.service';

const tags = ['assessment'];
const response = { 200: coachSessionStateSchema, ...errorResponses };

/** The Full Coach Package's feedback session: see, book, move and cancel. */
export const coachSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, deliverMails: app.deliverMails, config: app.config });

  app.get(
    '/assessment/coach-session',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Whether the feedback session is included (Full Coach Package), the booking and the free slots',
        response,
      },
    },
    async (request) => getCoachSession(app.db, request.user.id),
  );

  app.post(
    '/assessment/coach-session',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Book a slot, or move the booking to it; mails a confirmation. 403 COACH_SESSION_NOT_INCLUDED (Basic package), 409 COACH_SLOT_TAKEN, 409 COACH_SESSION_TOO_LATE, 404 COACH_SLOT_NOT_FOUND',
        body: bookCoachSessionBodySchema,
        response,
      },
    },
    async (request) => bookCoachSession(deps(), request.user.id, request.body.slotId),
  );

  app.delete(
    '/assessment/coach-session',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags,
        summary:
          'Cancel the booking (the slot is free again). 404 COACH_SESSION_NOT_BOOKED, 409 COACH_SESSION_TOO_LATE',
        response,
      },
    },
    async (request) => cancelCoachSession(deps(), request.user.id),
  );
};
