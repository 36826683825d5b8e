import type { MessageCode } from '@mp/domain';
import { savedSearchNameSchema } from '@mp/domain';
import { criteriaSchema } from '@mp/search-schema';
import { z } from 'zod';

/** `POST /search/save`: name (required, not only spaces, at most 30), the criteria, sendEmail (premium only). */
export const createSavedSearchBodySchema = z.object({
  name: savedSearchNameSchema,
  search: criteriaSchema,
  sendEmail: z.boolean({ error: 'validation.invalidInput' satisfies MessageCode }).default(false),
});
export type CreateSavedSearchBody = z.output<typeof createSavedSearchBodySchema>;

/** `POST /search/save/{id}`: any of name, search and sendEmail; what is left out stays as it is. */
export const editSavedSearchBodySchema = z.object({
  name: savedSearchNameSchema.optional(),
  search: criteriaSchema.optional(),
  sendEmail: z.boolean({ error: 'validation.invalidInput' satisfies MessageCode }).optional(),
});
export type EditSavedSearchBody = z.output<typeof editSavedSearchBodySchema>;

/** `/search/save/{id}`: a malformed id is 'Invalid id' (400), as on the other routes taking a uuid. */
export const savedSearchParamsSchema = z.object({ id: z.uuid() });

/** A saved search on the wire (responses carry no transforms: they are encoded, not parsed). */
export const savedSearchViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  search: z
    .record(z.string(), z.unknown())
    .describe('The saved criteria, canonical, in the shape POST /search/v3 accepts'),
  sendEmail: z.boolean().describe('Weekly e-mail of new matches (premium only)'),
});
export type SavedSearchView = z.output<typeof savedSearchViewSchema>;

export const savedSearchListSchema = z.object({ searches: z.array(savedSearchViewSchema) });
export type SavedSearchList = z.output<typeof savedSearchListSchema>;

export const savedSearchListWithMessageSchema = savedSearchListSchema.extend({
  message: z.string().describe("The success message in the request's language"),
});

/** `POST /search/save/unsubscribe?token=…`: the token of a weekly mail's unsubscribe link. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'error.invalidToken' satisfies MessageCode })
    .min(1, 'error.invalidToken' satisfies MessageCode)
    .max(200, 'error.invalidToken' satisfies MessageCode),
});

/** What an unsubscribe link turned off: the weekly mail of this saved search. */
export const savedSearchUnsubscribedSchema = z.object({
  name: z.string().describe('The saved search whose weekly e-mail is now off'),
  sendEmail: z.literal(false),
});
export type SavedSearchUnsubscribed = z.output<typeof savedSearchUnsubscribedSchema>;
