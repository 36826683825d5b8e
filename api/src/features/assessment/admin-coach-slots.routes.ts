import { resolveLocale } from '@mp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@mp/api-contract/error.schema';
import {
  adminCoachSlotsResponseSchema,
  coachSlotParamsSchema,
  createCoachSlotBodySchema,
} from '@mp/api-contract/coach-sessions.schema';
import { addCoachSlot, listCoachSlots, removeCoachSlot } from './coach-sessions.service';

const tags = ['admin'];
const response = { 200: adminCoachSlotsResponseSchema, ...errorResponses };

/** The feedback-session slots admins offer (registered inside the admin plugin, behind its guard). */
export const adminCoachSlotsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/coach-slots',
    { schema: { tags, summary: 'Slots from a week ago on, with who booked each', response } },
    async () => listCoachSlots(app.db),
  );
  app.post(
    '/coach-slots',
    {
      schema: {
        tags,
        summary:
          'Add a slot (15-240 minutes, default 60). 400 COACH_SLOT_IN_PAST, 409 COACH_SLOT_OVERLAPS (the admin ' +
          'already offers a time that overlaps it)',
        body: createCoachSlotBodySchema,
        response,
      },
    },
    async (request) =>
      addCoachSlot(app.db, request.user.id, request.body, resolveLocale(request.headers['accept-language'])),
  );
  app.delete(
    '/coach-slots/:id',
    {
      schema: {
        tags,
        summary: 'Remove a free slot. 404 COACH_SLOT_NOT_FOUND, 409 COACH_SLOT_BOOKED',
        params: coachSlotParamsSchema,
        response,
      },
    },
    async (request) => removeCoachSlot(app.db, request.user.id, request.params.id),
  );
};
