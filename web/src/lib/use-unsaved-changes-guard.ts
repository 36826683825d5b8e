import { useCallback, useContext, useEffect, useState } from 'react';
import {
  IDLE_BLOCKER,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  type Blocker,
  type BlockerFunction,
} from 'react-router-dom';
import { stripLanguage } from './language';
import { getToken } from './token';

let blockerKeys = 0;

/**
 * Asks before unsaved changes are left behind: closing or reloading the tab gets the browser's own question,
 * a link inside the app is held (the returned blocker is `blocked`) until the page's dialog says stay
 * (`reset`) or leave (`proceed`). The same page in the other language is not leaving: the language switch
 * keeps what was typed. Once the session has ended (logout, expiry) nothing is held: the form could not be
 * saved anyway, and staying would leave a logged-out page behind.
 *
 * React Router's `useBlocker`, written out against the data router it would read from the same contexts
 * (`getBlocker`, `deleteBlocker`, `state.blockers`; our app has no basename to strip): the hook lives in the
 * router's module, which the first script of every page carries whole, and it cost 0.2 KB gzip of the search
 * route's 170 KB budget for a page no visitor opens. Here (in lib/, shared by the profile editors and the admin's
 * terms editor) it ships only with the lazy pages that import it. The browser test
 * `profile-unsaved-changes` holds it to the library's behaviour: held, stay, leave, language switch, logout.
 */
export function useUnsavedChangesGuard(dirty: boolean): Blocker {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const { router } = useContext(UNSAFE_DataRouterContext)!;
  const { blockers } = useContext(UNSAFE_DataRouterStateContext)!;
  const [key] = useState(() => `unsaved-changes-${++blockerKeys}`);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      getToken() !== null &&
      stripLanguage(currentLocation.pathname) !== stripLanguage(nextLocation.pathname),
    [dirty],
  );
  useEffect(() => () => router.deleteBlocker(key), [router, key]);
  useEffect(() => {
    router.getBlocker(key, shouldBlock);
  }, [router, key, shouldBlock]);
  return blockers.get(key) ?? IDLE_BLOCKER;
}
