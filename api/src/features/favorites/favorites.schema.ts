import { favoritesGroupInputSchema, favoritesGroupRenameSchema } from '@mp/search-schema';
import { z } from 'zod';

/** `POST /favorites`: a name (required, not only spaces, at most 30) and optionally the first members. */
export const createGroupBodySchema = favoritesGroupInputSchema;

/** `PUT /favorites/{id}`: the new name. */
export const renameGroupBodySchema = favoritesGroupRenameSchema;

export const groupParamsSchema = z.object({ id: z.string().max(100) });
export const memberParamsSchema = z.object({ id: z.string().max(100), userId: z.string().max(100) });

/** A favourites group on the wire: members are consultant user ids (the `userId` of result cards). */
export const groupViewSchema = z.object({ id: z.uuid(), name: z.string(), members: z.array(z.string()) });
export type GroupView = z.output<typeof groupViewSchema>;

export const groupListSchema = z.object({ groups: z.array(groupViewSchema) });
export const groupListWithGroupSchema = groupListSchema.extend({
  group: groupViewSchema.describe('The group just created'),
});
export const groupListWithMessageSchema = groupListSchema.extend({
  message: z.string().describe("The success message in the request's language"),
});
