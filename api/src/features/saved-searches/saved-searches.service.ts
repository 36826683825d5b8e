import { translateMessage, type Locale } from '@mp/domain';
import type { Database } from '@mp/migrations/database';
import type { CreateSavedSearchBody } from '@mp/api-contract/saved-searches.schema';
import { criteriaSchema, EMPTY_CRITERIA } from '@mp/search-schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors';
import { hashToken } from '../../lib/crypto';
import { isUuid } from '../../lib/uuid';
import type { AuthUser } from '../../plugins/auth';
import { assertPremium } from '../subscriptions/premium-gate';
import {
  deleteSavedSearchOfUser,
  findSavedSearchesOfUser,
  insertSavedSearch,
  turnOffEmailByUnsubscribeToken,
  updateSavedSearchOfUser,
  type SavedSearchRow,
} from './saved-searches.repository';
import type {
  EditSavedSearchBody,
  SavedSearchUnsubscribed,
  SavedSearchView,
} from '@mp/api-contract/saved-searches.schema';

// Saved searches (spec sections 3, 5, 6 and 7): a verified user's named criteria, with an optional weekly
// e-mail of new matches for premium users (sent by the indexer's weekly-saved-search-mail job).

const savedSearchNotFound = () => new AppError('SAVED_SEARCH_NOT_FOUND');

/**
 * Criteria are stored canonical and read back through the same schema. A stored search the current schema
 * refuses (a value list changed since it was saved) reads as the empty search rather than failing the list.
 */
function toView(row: SavedSearchRow): SavedSearchView {
  const criteria = criteriaSchema.safeParse(row.criteria);
  return {
    id: row.id,
    name: row.name,
    search: { ...(criteria.success ? criteria.data : EMPTY_CRITERIA) },
    sendEmail: row.send_email,
  };
}

function assertMayUseEmail(user: AuthUser, sendEmail: boolean | undefined): void {
  if (sendEmail) assertPremium(user);
}

export async function listSavedSearches(db: Kysely<Database>, userId: string) {
  return { searches: (await findSavedSearchesOfUser(db, userId)).map(toView) };
}

/** POST /search/save: stores the search; returns every saved search and 'Your search was saved'. */
export async function createSavedSearch(
  db: Kysely<Database>,
  user: AuthUser,
  input: CreateSavedSearchBody,
  locale: Locale,
) {
  assertMayUseEmail(user, input.sendEmail);
  await insertSavedSearch(db, {
    userId: user.id,
    name: input.name,
    criteria: JSON.stringify(input.search),
    sendEmail: input.sendEmail,
  });
  return {
    ...(await listSavedSearches(db, user.id)),
    message: translateMessage('success.searchSaved', locale),
  };
}

/** POST /search/save/{id}: renames, replaces the criteria and/or switches the weekly e-mail. 404 for another user's id. */
export async function editSavedSearch(
  db: Kysely<Database>,
  user: AuthUser,
  id: string,
  patch: EditSavedSearchBody,
) {
  assertMayUseEmail(user, patch.sendEmail);
  if (!isUuid(id)) throw savedSearchNotFound();
  const changes = {
    name: patch.name,
    criteria: patch.search === undefined ? undefined : JSON.stringify(patch.search),
    sendEmail: patch.sendEmail,
  };
  const hasChanges = Object.values(changes).some((value) => value !== undefined);
  if (hasChanges && !(await updateSavedSearchOfUser(db, user.id, id, changes))) throw savedSearchNotFound();
  const result = await listSavedSearches(db, user.id);
  if (!result.searches.some((search) => search.id === id)) throw savedSearchNotFound();
  return result;
}

/** DELETE /search/save/{id}: returns the remaining searches and 'Your search was successfully deleted'. */
export async function deleteSavedSearch(db: Kysely<Database>, userId: string, id: string, locale: Locale) {
  if (!isUuid(id) || !(await deleteSavedSearchOfUser(db, userId, id))) throw savedSearchNotFound();
  return {
    ...(await listSavedSearches(db, userId)),
    message: translateMessage('success.searchDeleted', locale),
  };
}

/**
 * POST /search/save/unsubscribe: the weekly mail's unsubscribe link (and its RFC 8058 one-click header) turns
 * that saved search's weekly mail off, without a login: the token, which only that mail carries, is the
 * proof. Idempotent, so the mail client's one-click post and a click on the link may both come; 400
 * INVALID_TOKEN for a token no mail carried (or whose search has been deleted).
 */
export async function unsubscribeSavedSearch(
  db: Kysely<Database>,
  token: string,
): Promise<SavedSearchUnsubscribed> {
  const name = await turnOffEmailByUnsubscribeToken(db, hashToken(token));
  if (name === undefined) throw new AppError('INVALID_TOKEN');
  return { name, sendEmail: false };
}
