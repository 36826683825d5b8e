import { listNameSchema, type MessageCode } from '@mp/domain';
import { z } from 'zod';

const INVALID: MessageCode = 'validation.invalidInput';

/** `POST /favorites`: a name (required, not only spaces, at most 30) and optionally the first members. */
export const createGroupBodySchema = z.object({
  name: listNameSchema,
  members: z
    .array(z.string({ error: INVALID }), { error: INVALID })
    .default([])
    .transform((members) => [...new Set(members)]),
});
export type CreateGroupBody = z.output<typeof createGroupBodySchema>;

/** `PUT /favorites/{id}`: the new name. */
export const renameGroupBodySchema = z.object({ name: listNameSchema });

/** `/favorites/{id}`: a malformed id is 'Invalid id' (400), as on the other routes taking a uuid. */
export const groupParamsSchema = z.object({ id: z.uuid() });
/**
 * `/favorites/{id}/members/{userId}`: the consultant's user id is any text, as on `GET /api/profile/{id}`: one
 * that is no consultant's, however malformed or long, is 'Profile not available'.
 */
export const memberParamsSchema = groupParamsSchema.extend({ userId: z.string() });

/** A favourites group on the wire: members are consultant user ids (the `userId` of result cards). */
export const groupViewSchema = z.object({ id: z.uuid(), name: z.string(), members: z.array(z.string()) });
export type GroupView = z.output<typeof groupViewSchema>;

export const groupListSchema = z.object({ groups: z.array(groupViewSchema) });
export type GroupList = z.output<typeof groupListSchema>;
export const groupListWithGroupSchema = groupListSchema.extend({
  group: groupViewSchema.describe('The group just created'),
});
export type GroupListWithGroup = z.output<typeof groupListWithGroupSchema>;
export const groupListWithMessageSchema = groupListSchema.extend({
  message: z.string().describe("The success message in the request's language"),
});
