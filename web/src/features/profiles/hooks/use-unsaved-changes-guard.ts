import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { stripLanguage } from '../../../lib/language';
import { getToken } from '../../../lib/token';

/**
 * Asks before unsaved changes are left behind: closing or reloading the tab gets the browser's own question,
 * a link inside the app is held (the returned blocker is `blocked`) until the page's dialog says stay
 * (`reset`) or leave (`proceed`). The same page in the other language is not leaving: the language switch
 * keeps what was typed. Once the session has ended (logout, expiry) nothing is held: the form could not be
 * saved anyway, and staying would leave a logged-out page behind.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      getToken() !== null &&
      stripLanguage(currentLocation.pathname) !== stripLanguage(nextLocation.pathname),
  );
}
