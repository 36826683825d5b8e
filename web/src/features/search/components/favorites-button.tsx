import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FavoritesGroup } from '../api/favorites';

const FavoritesMenu = lazy(() =>
  import('./favorites-menu').then((module) => ({ default: module.FavoritesMenu })),
);

/** A card's favourites button: filled when the consultant is in any of the user's lists. */
export function FavoritesButton({ userId, groups }: { userId: string; groups: readonly FavoritesGroup[] }) {
  const { t } = useTranslation('search-results');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const saved = groups.some((group) => group.members.includes(userId));
  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('favorites.button')}
        aria-haspopup="menu"
        aria-pressed={saved}
        color={saved ? 'secondary' : 'default'}
        data-testid="favorites-button"
      >
        {saved ? <Bookmark /> : <BookmarkBorder />}
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <FavoritesMenu anchor={anchor} userId={userId} groups={groups} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
