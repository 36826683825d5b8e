import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FavoritesGroup } from '../api/favorites';

const FavoritesMenu = lazy(() =>
  import('./favorites-menu').then((module) => ({ default: module.FavoritesMenu })),
);

/** A card's favourites button: filled when the consultant is in any of the user's lists. */
export function FavoritesButton({
  userId,
  groups,
  onLeftOpenList,
}: {
  userId: string;
  groups: readonly FavoritesGroup[];
  /** Taken out of the opened list: this card is about to go, so focus goes elsewhere (search results only). */
  onLeftOpenList?: () => void;
}) {
  const { t } = useTranslation('search-results');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // After the menu has closed (and returned focus to this button, which is going with the card).
  const leftOpenList = useRef(false);
  useEffect(() => {
    if (anchor || !leftOpenList.current) return;
    leftOpenList.current = false;
    onLeftOpenList?.();
  }, [anchor, onLeftOpenList]);
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
          <FavoritesMenu
            anchor={anchor}
            userId={userId}
            groups={groups}
            onClose={(left) => {
              leftOpenList.current = Boolean(left);
              setAnchor(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
