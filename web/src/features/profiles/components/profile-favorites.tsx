import { useQuery } from '@tanstack/react-query';
import { favoritesQueryOptions } from '../../search/api/favorites';
import { FavoritesButton } from '../../search/components/favorites-button';

/**
 * The search cards' favourites button on a profile (QA7 H5): adds the consultant to or removes them from the
 * viewer's lists with the same menu and calls. Loaded lazily by the profile page, only for a known user.
 */
export function ProfileFavorites({ userId }: { userId: string }) {
  const groups = useQuery(favoritesQueryOptions);
  if (!groups.data) return null;
  return <FavoritesButton userId={userId} groups={groups.data} />;
}
