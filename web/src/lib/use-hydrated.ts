import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates server-rendered markup, true once the browser app owns the page
 * (and from the first render of a page the browser renders itself). A server-rendered form shows before its
 * script has run; its submit button waits for this, or a tap would submit the bare HTML form and reload the page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
