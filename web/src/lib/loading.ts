import { useSyncExternalStore } from 'react';

// The global loading indicator is reference-counted (spec section 4): every piece of work that starts calls
// `beginLoading()` and calls what it returned when done; the bar shows while the count is above zero.

let count = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Starts one piece of work; the returned function ends it (calling it twice is harmless). */
export function beginLoading(): () => void {
  count += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    count = Math.max(0, count - 1);
    emit();
  };
}

export function loadingCount(): number {
  return count;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => count > 0,
    () => false,
  );
}
