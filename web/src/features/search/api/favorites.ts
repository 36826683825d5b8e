import type { GroupList, GroupListWithGroup, GroupView } from '@mp/api-contract/favorites.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hasSession } from '../../../lib/token';

// Favourites lists of a verified user (spec sections 3, 4 and 7): named lists of consultants.

export type FavoritesGroup = GroupView;
export type FavoritesGroupList = GroupList;

export const favoritesQueryKey = ['session', 'favorites'] as const;

export const favoritesQueryOptions = queryOptions({
  queryKey: favoritesQueryKey,
  queryFn: () => api.get<FavoritesGroupList>('/favorites', { background: true }),
  select: (data) => data.groups,
  // Only with a session: logging out clears the token and the cache while the page that shows the lists is
  // still mounted, and without this its re-render asked again, without a token (a 401).
  enabled: hasSession,
});

export function createFavoritesGroup(name: string, members: string[] = []): Promise<GroupListWithGroup> {
  return api.post('/favorites', { name, members });
}

export function renameFavoritesGroup(id: string, name: string): Promise<FavoritesGroupList> {
  return api.put(`/favorites/${encodeURIComponent(id)}`, { name });
}

/** Answers with the rest and 'List successfully deleted!'. */
export function deleteFavoritesGroup(id: string): Promise<FavoritesGroupList & { message: string }> {
  return api.delete(`/favorites/${encodeURIComponent(id)}`);
}

export function addFavoritesMember(id: string, userId: string): Promise<FavoritesGroupList> {
  return api.put(`/favorites/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);
}

export function removeFavoritesMember(id: string, userId: string): Promise<FavoritesGroupList> {
  return api.delete(`/favorites/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);
}
